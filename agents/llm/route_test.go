package llm_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/lacy-sh/lacy/agents/llm"
	"github.com/lacy-sh/lacy/agents/llmtest"
)

// TestRoute checks which code sends each turn: langchaingo (its
// User-Agent, and for OpenAI the stream_options it always adds) or lacy's
// own client for the paths where langchaingo is broken.
func TestRoute(t *testing.T) {
	cases := []struct {
		proto       string
		tools       bool
		langchaingo bool
	}{
		{llmtest.OpenAI, false, true},
		{llmtest.OpenAI, true, false},
		{llmtest.Anthropic, false, true},
		{llmtest.Anthropic, true, true},
		{llmtest.Ollama, false, true},
		{llmtest.Ollama, true, false},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s/tools=%v", c.proto, c.tools), func(t *testing.T) {
			srv := llmtest.New(t)
			reply := llmtest.Reply{Chunks: []string{"a", "b"}}
			req := &llm.Request{Messages: []llm.Message{{Role: llm.User, Content: "hi"}}}
			if c.tools {
				reply.ToolCalls = []llmtest.ToolCall{{ID: "t1", Name: "shell", Args: `{"command":"ls"}`}}
				req.Tools = []llm.ToolDef{{Name: "shell", Parameters: map[string]any{"type": "object"}}}
			}
			srv.Push(reply)
			resp, err := newModel(t, srv, c.proto, nil).Chat(context.Background(), req)
			if err != nil {
				t.Fatal(err)
			}
			if resp.Text != "ab" || len(resp.ToolCalls) != len(reply.ToolCalls) {
				t.Fatalf("%+v", resp)
			}
			got := srv.Last(t)
			ua := got.Header.Get("User-Agent")
			if strings.Contains(ua, "langchaingo/") != c.langchaingo || (!c.langchaingo && ua != "lacy") {
				t.Fatalf("User-Agent %q", ua)
			}
			if c.proto == llmtest.OpenAI && strings.Contains(string(got.Body), `"stream_options"`) != c.langchaingo {
				t.Fatalf("body %s", got.Body)
			}
		})
	}
}

// TestEnvironmentIgnored sets every variable langchaingo reads as a
// default: none may redirect the request, add a key or change the model.
func TestEnvironmentIgnored(t *testing.T) {
	decoy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		t.Errorf("request went to the decoy: %s", r.URL)
		http.Error(w, "decoy", 500)
	}))
	defer decoy.Close()
	for k, v := range map[string]string{
		"OPENAI_API_KEY": "sk-env", "OPENAI_MODEL": "env-model", "OPENAI_BASE_URL": decoy.URL + "/v1",
		"OPENAI_API_BASE": decoy.URL + "/v1", "OPENAI_ORGANIZATION": "env-org",
		"ANTHROPIC_API_KEY": "sk-env", "OLLAMA_HOST": decoy.URL,
	} {
		t.Setenv(k, v)
	}
	for _, proto := range protocols {
		t.Run(proto, func(t *testing.T) {
			srv := llmtest.New(t)
			m := newModel(t, srv, proto, func(c *llm.Config) { c.APIKey = "" })
			if _, err := m.Chat(context.Background(), &llm.Request{Messages: []llm.Message{{Role: llm.User, Content: "hi"}}}); err != nil {
				t.Fatal(err)
			}
			got := srv.Last(t)
			if got.Model != "test-model" {
				t.Fatalf("model %q", got.Model)
			}
			for _, h := range []string{"Authorization", "X-Api-Key", "OpenAI-Organization"} {
				if v := got.Header.Get(h); v != "" {
					t.Fatalf("%s: %q", h, v)
				}
			}
		})
	}
}

// TestAnthropicHistory checks the wire form of an assistant turn with text
// and two tool calls and their results, which langchaingo would cut to its
// first part: every block must be sent, in order, with matching ids.
func TestAnthropicHistory(t *testing.T) {
	srv := llmtest.New(t)
	m := newModel(t, srv, llmtest.Anthropic, nil)
	msgs := []llm.Message{
		{Role: llm.User, Content: "look"},
		{Role: llm.Assistant, Content: "Let me look.", ToolCalls: []llm.ToolCall{
			{ID: "a", Name: "shell", Args: `{"command":"ls"}`}, {ID: "b", Name: "read_file", Args: `not json`}}},
		{Role: llm.Tool, ToolCallID: "a", Name: "shell", Content: "total 0"},
		{Role: llm.Tool, ToolCallID: "b", Name: "read_file", Content: "no such file", IsError: true},
	}
	if _, err := m.Chat(context.Background(), &llm.Request{Messages: msgs, Tools: []llm.ToolDef{{Name: "shell"}, {Name: "read_file"}}}); err != nil {
		t.Fatal(err)
	}
	var body struct {
		Messages []struct {
			Role    string `json:"role"`
			Content []struct {
				Type      string          `json:"type"`
				Text      string          `json:"text"`
				ID        string          `json:"id"`
				Input     json.RawMessage `json:"input"`
				ToolUseID string          `json:"tool_use_id"`
				Content   string          `json:"content"`
			} `json:"content"`
		} `json:"messages"`
	}
	if err := json.Unmarshal(srv.Last(t).Body, &body); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range body.Messages {
		for _, b := range m.Content {
			got = append(got, m.Role+":"+b.Type+":"+b.Text+b.ID+string(b.Input)+b.ToolUseID+"="+b.Content)
		}
	}
	want := []string{
		"user:text:look=",
		"assistant:text:Let me look.=",
		`assistant:tool_use:a{"command":"ls"}=`,
		"assistant:tool_use:b{}=",
		"user:tool_result:a=total 0",
		"user:tool_result:b=error: no such file",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestToolDeltasNotText: tool calls in a turn that offered none go through
// langchaingo, which passes their deltas to the text callback as JSON
// (tmc/langchaingo#1031). lacy must not show them as text.
func TestToolDeltasNotText(t *testing.T) {
	srv := llmtest.New(t)
	srv.Push(llmtest.Reply{Chunks: []string{"Let ", "me look."}, ToolCalls: []llmtest.ToolCall{{ID: "c", Name: "shell", Args: `{"command":"ls"}`}}})
	var streamed string
	resp, err := newModel(t, srv, llmtest.OpenAI, nil).Chat(context.Background(), &llm.Request{
		Messages: []llm.Message{{Role: llm.User, Content: "hi"}}, OnText: func(s string) { streamed += s }})
	if err != nil {
		t.Fatal(err)
	}
	if streamed != "Let me look." || resp.Text != "Let me look." {
		t.Fatalf("streamed %q, text %q", streamed, resp.Text)
	}
}

// TestParallelToolCalls streams two tool calls interleaved, each delta
// repeating "type": what langchaingo glues together (tmc/langchaingo#1031)
// and lacy's own client, used for turns with tools, keeps apart by index.
func TestParallelToolCalls(t *testing.T) {
	deltas := []string{
		`{"index":0,"id":"c0","type":"function","function":{"name":"a","arguments":"{\"x\":"}}`,
		`{"index":1,"id":"c1","type":"function","function":{"name":"b","arguments":"{\"y\":"}}`,
		`{"index":0,"type":"function","function":{"arguments":"1}"}}`,
		`{"index":1,"type":"function","function":{"arguments":"2}"}}`,
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "text/event-stream")
		for _, d := range deltas {
			fmt.Fprintf(w, "data: {\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[%s]}}]}\n\n", d)
		}
		fmt.Fprint(w, "data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"tool_calls\"}]}\n\ndata: [DONE]\n\n")
	}))
	defer srv.Close()
	m, err := llm.New(llm.Config{Name: "m", Provider: "openai", Model: "x", BaseURL: srv.URL})
	if err != nil {
		t.Fatal(err)
	}
	resp, err := m.Chat(context.Background(), &llm.Request{Messages: []llm.Message{{Role: llm.User, Content: "hi"}},
		Tools: []llm.ToolDef{{Name: "a"}, {Name: "b"}}})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range resp.ToolCalls {
		got = append(got, c.ID+" "+c.Name+c.Args)
	}
	if strings.Join(got, ", ") != `c0 a{"x":1}, c1 b{"y":2}` {
		t.Fatalf("%q", got)
	}
}
