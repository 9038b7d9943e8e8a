package provider

import (
	"bufio"
	"bytes"
	"encoding/json"
	"testing"

	"github.com/lacy-sh/lacy/agents/llm"
)

func TestIsToolDelta(t *testing.T) {
	cases := []struct {
		chunk string
		want  bool
	}{
		{`[{"id":"call_1","type":"function","function":{"name":"shell","arguments":"{}"}}]`, true},
		{`[{"function":{"arguments":"\"ls\"}"}}]`, true},
		{`[{"a":1}]`, false},
		{`[{"function":null}]`, false},
		{`[{"id":"x"`, false},
		{`Here is JSON: [{"function":1}]`, false},
		{"hello", false},
		{"", false},
	}
	for _, c := range cases {
		if got := isToolDelta(c.chunk); got != c.want {
			t.Errorf("isToolDelta(%q) = %v", c.chunk, got)
		}
	}
}

func TestLegacyMaxTokens(t *testing.T) {
	for url, want := range map[string]bool{
		"https://api.openai.com/v1":                               true,
		"http://127.0.0.1:11434/v1":                               false,
		"https://openrouter.ai/api/v1":                            false,
		"https://generativelanguage.googleapis.com/v1beta/openai": false,
	} {
		c := &client{cfg: llm.Config{BaseURL: url}}
		if got := !c.legacyMaxTokens(); got != want {
			t.Errorf("%s: max_completion_tokens %v, want %v", url, got, want)
		}
	}
}

// events returns the data lines of an SSE stream.
func events(t *testing.T, sse []byte) []string {
	t.Helper()
	var out []string
	sc := bufio.NewScanner(bytes.NewReader(sse))
	for sc.Scan() {
		if d, ok := bytes.CutPrefix(sc.Bytes(), []byte("data: ")); ok {
			if string(d) != "[DONE]" && !json.Valid(d) {
				t.Fatalf("invalid event %s", d)
			}
			out = append(out, string(d))
		}
	}
	return out
}

func TestReframe(t *testing.T) {
	sse, err := openAIEvents([]byte(`{"choices":[{"message":{"role":"assistant","content":"hi","tool_calls":[{"id":"c","type":"function","function":{"name":"f","arguments":"{}"}}]},"finish_reason":"tool_calls"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	ev := events(t, sse)
	if len(ev) != 4 || ev[3] != "[DONE]" || !bytes.Contains([]byte(ev[1]), []byte(`"index":0`)) || !bytes.Contains([]byte(ev[2]), []byte(`"finish_reason":"tool_calls"`)) {
		t.Fatalf("%q", ev)
	}
	sse, err = anthropicEvents([]byte(`{"type":"message","content":[{"type":"text","text":"hi"},{"type":"tool_use","id":"t","name":"f","input":{"a":1}}],"stop_reason":"tool_use"}`))
	if err != nil {
		t.Fatal(err)
	}
	ev = events(t, sse)
	if len(ev) != 9 || !bytes.Contains([]byte(ev[5]), []byte(`"partial_json":"{\"a\":1}"`)) || !bytes.Contains([]byte(ev[8]), []byte(`message_stop`)) {
		t.Fatalf("%q", ev)
	}
	for _, bad := range []string{`{"choices":[]}`, `{"choices": [ {"message": `, `{"type":"error","error":{}}`} {
		_, err1 := openAIEvents([]byte(bad))
		_, err2 := anthropicEvents([]byte(bad))
		if err1 == nil && err2 == nil {
			t.Errorf("%s: accepted", bad)
		}
	}
}

func FuzzReframe(f *testing.F) {
	f.Add([]byte(`{"choices":[{"message":{"content":"hi"},"finish_reason":"stop"}]}`))
	f.Add([]byte(`{"type":"message","content":[{"type":"text","text":"hi"}],"stop_reason":"end_turn"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		if sse, err := openAIEvents(data); err == nil {
			events(t, sse)
		}
		if sse, err := anthropicEvents(data); err == nil {
			events(t, sse)
		}
	})
}

// FuzzObserve checks that the call sees the same lines however the
// answer is split into reads.
func FuzzObserve(f *testing.F) {
	f.Add([]byte("data: {\"a\":1}\n\ndata: [DONE]\n"), uint8(3), false)
	f.Add([]byte("{\"done\":false}\n{\"done\":true}"), uint8(5), true)
	f.Add([]byte("event: x\ndata: oops\r\n"), uint8(1), false)
	f.Fuzz(func(t *testing.T, data []byte, step uint8, ndjson bool) {
		whole, split := &call{}, &call{}
		whole.observe(data, ndjson)
		whole.flush(ndjson)
		n := int(step%16) + 1
		for i := 0; i < len(data); i += n {
			split.observe(data[i:min(i+n, len(data))], ndjson)
		}
		split.flush(ndjson)
		if whole.seen != split.seen || whole.malformed != split.malformed || !bytes.Equal(whole.last, split.last) {
			t.Fatalf("whole %v %q %q, split %v %q %q", whole.seen, whole.malformed, whole.last, split.seen, split.malformed, split.last)
		}
	})
}
