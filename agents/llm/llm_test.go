package llm_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/lacy-sh/lacy/agents/llm"
	"github.com/lacy-sh/lacy/agents/llmtest"
)

var protocols = []string{llmtest.OpenAI, llmtest.Anthropic, llmtest.Ollama}

func newModel(t *testing.T, srv *llmtest.Server, proto string, edit func(*llm.Config)) llm.Model {
	t.Helper()
	cfg := llm.Config{Name: "m", Provider: proto, Model: "test-model", BaseURL: srv.BaseURL(proto),
		APIKey: "sk-test-SECRETSECRETSECRET", Timeout: 2 * time.Second}
	if edit != nil {
		edit(&cfg)
	}
	m, err := llm.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestStreamText(t *testing.T) {
	for _, proto := range protocols {
		t.Run(proto, func(t *testing.T) {
			srv := llmtest.New(t)
			srv.Push(llmtest.Reply{Chunks: []string{"Hel", "lo", " world"}})
			m := newModel(t, srv, proto, nil)
			var got []string
			temp := 0.3
			resp, err := m.Chat(context.Background(), &llm.Request{
				System:      "be brief",
				Messages:    []llm.Message{{Role: llm.User, Content: "hi"}},
				Temperature: &temp, MaxTokens: 99,
				OnText: func(s string) { got = append(got, s) },
			})
			if err != nil {
				t.Fatal(err)
			}
			if resp.Text != "Hello world" || strings.Join(got, "|") != "Hel|lo| world" {
				t.Fatalf("text %q, deltas %q", resp.Text, got)
			}
			req := srv.Last(t)
			if req.System != "be brief" || len(req.Messages) != 1 || req.Messages[0].Content != "hi" || !req.Stream {
				t.Fatalf("request %+v", req)
			}
			if req.Model != "test-model" || req.Temperature == nil || *req.Temperature != 0.3 || req.MaxTokens != 99 {
				t.Fatalf("options: model %q temp %v max %d", req.Model, req.Temperature, req.MaxTokens)
			}
			if proto == llmtest.Anthropic && req.Header.Get("x-api-key") != "sk-test-SECRETSECRETSECRET" {
				t.Fatal("anthropic key header missing")
			}
			if proto == llmtest.OpenAI && req.Header.Get("Authorization") != "Bearer sk-test-SECRETSECRETSECRET" {
				t.Fatal("openai bearer missing")
			}
		})
	}
}

// TestJSONReply covers servers that answer a streaming request with one
// JSON document: the text, and the tool calls when tools were offered.
func TestJSONReply(t *testing.T) {
	for _, proto := range protocols {
		for _, tools := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/tools=%v", proto, tools), func(t *testing.T) {
				srv := llmtest.New(t)
				reply := llmtest.Reply{Text: "whole", JSON: true}
				req := &llm.Request{Messages: []llm.Message{{Role: llm.User, Content: "hi"}}}
				if tools {
					reply.ToolCalls = []llmtest.ToolCall{{ID: "c1", Name: "list_dir", Args: `{"path":"."}`}}
					req.Tools = []llm.ToolDef{{Name: "list_dir"}}
				}
				srv.Push(reply)
				var streamed string
				req.OnText = func(s string) { streamed += s }
				resp, err := newModel(t, srv, proto, nil).Chat(context.Background(), req)
				if err != nil {
					t.Fatal(err)
				}
				if resp.Text != "whole" || streamed != "whole" {
					t.Fatalf("text %q, streamed %q", resp.Text, streamed)
				}
				if tools && (len(resp.ToolCalls) != 1 || resp.ToolCalls[0].Name != "list_dir" || resp.ToolCalls[0].Args != `{"path":"."}`) {
					t.Fatalf("tool calls %+v", resp.ToolCalls)
				}
			})
		}
	}
}

func TestToolRoundTrip(t *testing.T) {
	for _, proto := range protocols {
		t.Run(proto, func(t *testing.T) {
			srv := llmtest.New(t)
			srv.Push(llmtest.Reply{Text: "Let me look.", ToolCalls: []llmtest.ToolCall{
				{ID: "call_a", Name: "shell", Args: `{"command":"ls -la"}`},
				{ID: "call_b", Name: "read_file", Args: `{"path":"go.mod"}`}}},
				llmtest.Reply{Text: "done"})
			m := newModel(t, srv, proto, nil)
			tools := []llm.ToolDef{{Name: "shell", Description: "run", Parameters: map[string]any{"type": "object"}}, {Name: "read_file"}}
			msgs := []llm.Message{{Role: llm.User, Content: "look"}}
			resp, err := m.Chat(context.Background(), &llm.Request{Messages: msgs, Tools: tools})
			if err != nil {
				t.Fatal(err)
			}
			if len(resp.ToolCalls) != 2 || resp.ToolCalls[0].Args != `{"command":"ls -la"}` || resp.ToolCalls[1].Name != "read_file" {
				t.Fatalf("tool calls %+v", resp.ToolCalls)
			}
			ids := []string{resp.ToolCalls[0].ID, resp.ToolCalls[1].ID}
			msgs = append(msgs, llm.Message{Role: llm.Assistant, Content: resp.Text, ToolCalls: resp.ToolCalls},
				llm.Message{Role: llm.Tool, ToolCallID: ids[0], Name: "shell", Content: "total 0"},
				llm.Message{Role: llm.Tool, ToolCallID: ids[1], Name: "read_file", Content: "module x"})
			if _, err := m.Chat(context.Background(), &llm.Request{Messages: msgs, Tools: tools}); err != nil {
				t.Fatal(err)
			}
			req := srv.Last(t)
			if strings.Join(req.Tools, ",") != "shell,read_file" {
				t.Fatalf("tools %v", req.Tools)
			}
			var results []string
			var calls int
			for _, m := range req.Messages {
				calls += len(m.ToolCalls)
				if m.Role == "tool" {
					results = append(results, m.Content)
					if proto != llmtest.Ollama && m.ToolCallID != ids[len(results)-1] {
						t.Fatalf("result id %q want %q", m.ToolCallID, ids[len(results)-1])
					}
				}
			}
			if calls != 2 || strings.Join(results, "|") != "total 0|module x" {
				t.Fatalf("calls %d results %q in %+v", calls, results, req.Messages)
			}
		})
	}
}

func TestFailures(t *testing.T) {
	cases := []struct {
		name  string
		reply llmtest.Reply
		kind  llm.Kind
		say   string
	}{
		{"401", llmtest.Reply{Status: 401, Error: "invalid x-api-key sk-test-SECRETSECRETSECRET"}, llm.Auth, "401 Unauthorized"},
		{"403", llmtest.Reply{Status: 403}, llm.Auth, "403 Forbidden"},
		{"404", llmtest.Reply{Status: 404, Error: "model not found"}, llm.NotFound, "unknown model \"test-model\""},
		{"400 unknown model", llmtest.Reply{Status: 400, Error: "The model `x` does not exist or was not found"}, llm.NotFound, "unknown model"},
		{"429 long retry-after", llmtest.Reply{Status: 429, RetryAfter: "120"}, llm.RateLimit, "retry after 2m0s"},
		{"500", llmtest.Reply{Status: 500, Error: "boom"}, llm.Server, "server error 500 (server said: boom)"},
		{"malformed", llmtest.Reply{Chunks: []string{"a"}, Malformed: true}, llm.Malformed, "malformed"},
		{"malformed json", llmtest.Reply{JSON: true, Malformed: true}, llm.Malformed, "malformed"},
		{"empty body", llmtest.Reply{Empty: true}, llm.Empty, "empty reply"},
		{"no content", llmtest.Reply{}, llm.Empty, "empty reply"},
		{"cut", llmtest.Reply{Chunks: []string{"par", "tial"}, Cut: true}, llm.Cut, "stopped midway"},
		{"slow", llmtest.Reply{FirstDelay: 5 * time.Second}, llm.Timeout, "timeout"},
		{"stall", llmtest.Reply{Chunks: []string{"a", "b"}, Delay: 5 * time.Second}, llm.Timeout, "timeout"},
	}
	// Tool-less turns go through langchaingo, turns with tools through
	// lacy's own OpenAI and Ollama clients: both must fail the same way.
	for _, proto := range protocols {
		for _, tools := range []bool{false, true} {
			for _, c := range cases {
				t.Run(fmt.Sprintf("%s/tools=%v/%s", proto, tools, c.name), func(t *testing.T) {
					t.Parallel()
					srv := llmtest.New(t)
					srv.Push(c.reply)
					m := newModel(t, srv, proto, func(cfg *llm.Config) { cfg.Timeout = time.Second })
					var streamed string
					req := &llm.Request{Messages: []llm.Message{{Role: llm.User, Content: "hi"}},
						OnText: func(s string) { streamed += s }}
					if tools {
						req.Tools = []llm.ToolDef{{Name: "shell"}}
					}
					start := time.Now()
					resp, err := m.Chat(context.Background(), req)
					if llm.KindOf(err) != c.kind {
						t.Fatalf("kind %v, want %v (err %v)", llm.KindOf(err), c.kind, err)
					}
					msg := err.Error()
					if !strings.Contains(msg, c.say) || !strings.HasPrefix(msg, `model "m" (`+proto+" test-model at http://127.0.0.1:") || strings.Contains(msg, "\n") {
						t.Fatalf("message %q", msg)
					}
					if strings.Contains(msg, "SECRETSECRET") {
						t.Fatalf("key in message %q", msg)
					}
					if time.Since(start) > 3*time.Second {
						t.Fatalf("took %s", time.Since(start))
					}
					if c.kind == llm.Cut && (resp.Text != "partial" || streamed != "partial") {
						t.Fatalf("kept %q / %q", resp.Text, streamed)
					}
				})
			}
		}
	}
}

func TestRetryAfter(t *testing.T) {
	for _, proto := range protocols {
		t.Run(proto, func(t *testing.T) {
			srv := llmtest.New(t)
			srv.Push(llmtest.Reply{Status: 429, RetryAfter: "0.1"}, llmtest.Reply{Status: 503, RetryAfter: "0"}, llmtest.Reply{Text: "finally"})
			start := time.Now()
			resp, err := newModel(t, srv, proto, nil).Chat(context.Background(), &llm.Request{Messages: []llm.Message{{Role: llm.User, Content: "hi"}}})
			if err != nil || resp.Text != "finally" {
				t.Fatalf("%v %+v", err, resp)
			}
			if d := time.Since(start); d < 100*time.Millisecond {
				t.Fatalf("did not wait for Retry-After: %s", d)
			}
			if n := len(srv.Requests()); n != 3 {
				t.Fatalf("%d requests", n)
			}
		})
	}
	srv := llmtest.New(t)
	srv.Push(llmtest.Reply{Status: 429, RetryAfter: "0"}, llmtest.Reply{Status: 429, RetryAfter: "0"}, llmtest.Reply{Status: 429, RetryAfter: "0"}, llmtest.Reply{Text: "never"})
	_, err := newModel(t, srv, llmtest.OpenAI, nil).Chat(context.Background(), &llm.Request{Messages: []llm.Message{{Role: llm.User, Content: "hi"}}})
	if llm.KindOf(err) != llm.RateLimit || !strings.Contains(err.Error(), "gave up after 2 retries") {
		t.Fatalf("bounded retry: %v", err)
	}
}

func TestUnreachable(t *testing.T) {
	for _, proto := range protocols {
		m, _ := llm.New(llm.Config{Name: "local", Provider: proto, Model: "x", BaseURL: "http://127.0.0.1:1"})
		_, err := m.Chat(context.Background(), &llm.Request{Messages: []llm.Message{{Role: llm.User, Content: "hi"}}})
		want := `model "local" (` + proto + ` x at http://127.0.0.1:1): connection refused — is the server running?`
		if llm.KindOf(err) != llm.Unreachable || err.Error() != want {
			t.Fatalf("got %v\nwant %s", err, want)
		}
	}
}

func TestCancelKeepsPartial(t *testing.T) {
	for _, proto := range protocols {
		for _, tools := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/tools=%v", proto, tools), func(t *testing.T) {
				srv := llmtest.New(t)
				srv.Push(llmtest.Reply{Chunks: []string{"first", "never"}, Delay: 10 * time.Second})
				m := newModel(t, srv, proto, func(c *llm.Config) { c.Timeout = 20 * time.Second })
				ctx, cancel := context.WithCancel(context.Background())
				req := &llm.Request{Messages: []llm.Message{{Role: llm.User, Content: "hi"}}, OnText: func(string) { cancel() }}
				if tools {
					req.Tools = []llm.ToolDef{{Name: "shell"}}
				}
				start := time.Now()
				resp, err := m.Chat(ctx, req)
				if !errors.Is(err, context.Canceled) || resp.Text != "first" {
					t.Fatalf("err %v text %q", err, resp.Text)
				}
				if time.Since(start) > time.Second {
					t.Fatal("cancel was slow")
				}
			})
		}
	}
}

func TestRepair(t *testing.T) {
	msgs := []llm.Message{
		{Role: llm.User, Content: "a"},
		{Role: llm.Assistant, ToolCalls: []llm.ToolCall{{ID: "1", Name: "shell"}, {ID: "2", Name: "shell"}}},
		{Role: llm.Tool, ToolCallID: "2", Content: "two"},
		{Role: llm.Tool, ToolCallID: "zzz", Content: "orphan"},
		{Role: llm.User, Content: "b"},
	}
	got := llm.Repair(msgs)
	if len(got) != 5 || got[2].ToolCallID != "1" || !got[2].IsError || got[3].Content != "two" || got[4].Content != "b" {
		t.Fatalf("%+v", got)
	}
}
