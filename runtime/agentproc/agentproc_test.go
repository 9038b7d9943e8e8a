package agentproc

import (
	"context"
	"errors"
	"net/url"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	_ "github.com/lacy-sh/lacy/agents/llm/provider" // the agent process's model clients
	_ "github.com/lacy-sh/lacy/agents/mcpclient"    // and its MCP client

	"github.com/lacy-sh/lacy/agents/llm"
	"github.com/lacy-sh/lacy/agents/llmtest"
	"github.com/lacy-sh/lacy/agents/mcpconn"
	"github.com/lacy-sh/lacy/internal/mcptest"
)

// The test binary is also the agent process: started with
// AGENTPROC_TEST_SERVE=1 it serves on its standard streams, with the
// in-process clients its imports registered.
func TestMain(m *testing.M) {
	if os.Getenv("AGENTPROC_TEST_SERVE") == "1" {
		if err := Serve(os.Stdin, os.Stdout, os.Stderr); err != nil {
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// client starts a Client whose agent process is this test binary. Its
// calls go through a real process boundary; llm.New and mcpconn.Dial in
// this process stay the in-process ones (the client is used directly).
func client(t *testing.T) *Client {
	t.Helper()
	c := &Client{Command: func() (*exec.Cmd, error) {
		cmd := exec.Command(os.Args[0])
		cmd.Env = append(os.Environ(), "AGENTPROC_TEST_SERVE=1")
		return cmd, nil
	}}
	t.Cleanup(func() {
		_ = c.Close()
		c.mu.Lock()
		cmd := c.cmd
		c.mu.Unlock()
		if cmd != nil {
			<-c.exited
		}
	})
	return c
}

func remoteModel(c *Client, srv *llmtest.Server, protocol string) llm.Model {
	cfg := llm.Config{Name: "fake", Provider: protocol, Model: "m1", BaseURL: srv.BaseURL(protocol), Timeout: 10 * time.Second}
	return &model{c: c, cfg: cfg}
}

func TestChatStreamsThroughTheProcess(t *testing.T) {
	srv := llmtest.New(t)
	c := client(t)
	for _, proto := range []string{llmtest.OpenAI, llmtest.Anthropic, llmtest.Ollama} {
		t.Run(proto, func(t *testing.T) {
			srv.Push(llmtest.Reply{Chunks: []string{"The ", "answer ", "is 42."}})
			var mu sync.Mutex
			var got []string
			resp, err := remoteModel(c, srv, proto).Chat(context.Background(), &llm.Request{
				System:   "be brief",
				Messages: []llm.Message{{Role: llm.User, Content: "what is it?"}},
				OnText:   func(d string) { mu.Lock(); got = append(got, d); mu.Unlock() },
			})
			if err != nil {
				t.Fatal(err)
			}
			if resp.Text != "The answer is 42." || strings.Join(got, "") != "The answer is 42." {
				t.Errorf("text %q, streamed %q", resp.Text, got)
			}
			req := srv.Last(t)
			if req.System != "be brief" || req.Messages[len(req.Messages)-1].Content != "what is it?" {
				t.Errorf("request on the wire: %+v", req)
			}
		})
	}
}

func TestChatToolCallsAndErrorsKeepTheirShape(t *testing.T) {
	srv := llmtest.New(t)
	c := client(t)
	m := remoteModel(c, srv, llmtest.OpenAI)
	srv.Push(llmtest.Reply{ToolCalls: []llmtest.ToolCall{{ID: "c1", Name: "shell", Args: `{"command":"ls"}`}}})
	resp, err := m.Chat(context.Background(), &llm.Request{
		Messages: []llm.Message{{Role: llm.User, Content: "list"}},
		Tools:    []llm.ToolDef{{Name: "shell", Description: "run", Parameters: map[string]any{"type": "object"}}},
	})
	if err != nil || len(resp.ToolCalls) != 1 || resp.ToolCalls[0].Name != "shell" || resp.ToolCalls[0].Args != `{"command":"ls"}` {
		t.Fatalf("tool call: %+v %v", resp, err)
	}
	if tools := srv.Last(t).Tools; len(tools) != 1 || tools[0] != "shell" {
		t.Errorf("tools offered: %q", tools)
	}
	srv.Push(llmtest.Reply{Status: 401, Error: "invalid key"})
	_, err = m.Chat(context.Background(), &llm.Request{Messages: []llm.Message{{Role: llm.User, Content: "x"}}})
	var le *llm.Error
	if !errors.As(err, &le) || le.Kind != llm.Auth || le.Status != 401 || !strings.Contains(le.Error(), "fake") {
		t.Fatalf("error: %#v", err)
	}
}

// Ctrl-C: the caller gets its context's error at once, the process cancels
// the request, and the next call works.
func TestChatCancel(t *testing.T) {
	srv := llmtest.New(t)
	c := client(t)
	m := remoteModel(c, srv, llmtest.OpenAI)
	srv.Push(llmtest.Reply{FirstDelay: time.Minute, Text: "too late"}, llmtest.Reply{Text: "next"})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := m.Chat(ctx, &llm.Request{Messages: []llm.Message{{Role: llm.User, Content: "slow"}}})
		done <- err
	}()
	<-srv.Arrived()
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled chat: %v", err)
	}
	resp, err := m.Chat(context.Background(), &llm.Request{Messages: []llm.Message{{Role: llm.User, Content: "again"}}})
	if err != nil || resp.Text != "next" {
		t.Fatalf("after a cancel: %+v %v", resp, err)
	}
}

func TestMCPThroughTheProcess(t *testing.T) {
	loud := mcptest.Build(t)
	c := client(t)
	ctx := context.Background()
	conn, err := c.dial(ctx, mcpconn.Endpoint{Cmd: exec.Command(loud), Grace: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	tools, err := conn.Tools(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tl := range tools {
		names = append(names, tl.Name)
		if tl.Name == "shout" && tl.Schema["properties"] == nil {
			t.Errorf("shout's schema: %v", tl.Schema)
		}
	}
	if !strings.Contains(strings.Join(names, " "), "shout") {
		t.Fatalf("tools: %q", names)
	}
	text, isErr, err := conn.Call(ctx, "shout", map[string]any{"text": "hi"})
	if err != nil || isErr || text != "HI!" {
		t.Fatalf("shout: %q %v %v", text, isErr, err)
	}
	// A server that dies during a call is a closed connection.
	if _, _, err := conn.Call(ctx, "crash", nil); !errors.Is(err, mcpconn.ErrClosed) {
		t.Errorf("crash: %v, want ErrClosed", err)
	}
	if err := conn.Close(); err != nil {
		t.Errorf("close: %v", err)
	}
	// A command that is not there fails as exec says.
	if _, err := c.dial(ctx, mcpconn.Endpoint{Cmd: exec.Command("lacy-no-such-server")}); err == nil || !strings.Contains(err.Error(), "executable file not found") {
		t.Errorf("missing command: %v", err)
	}
}

// When the agent process cannot start, a call is one error, not a hang.
func TestNoAgentProcess(t *testing.T) {
	c := &Client{Command: func() (*exec.Cmd, error) { return nil, errors.New("lacy-full not found") }}
	_, err := (&model{c: c, cfg: llm.Config{Name: "fake", Provider: "openai", Model: "m"}}).Chat(context.Background(), &llm.Request{})
	if llm.KindOf(err) != llm.Unreachable || !strings.Contains(err.Error(), "lacy-full not found") {
		t.Fatalf("%v", err)
	}
}

// BenchmarkFirstCall is what the first agent request of a session pays for
// the process boundary: starting the agent process (LACY_FULL, else this
// test binary) and one chat with the loopback server.
func BenchmarkFirstCall(b *testing.B) {
	srv := llmtest.New(b)
	srv.Default = llmtest.Reply{Text: "ok"}
	for b.Loop() {
		c := &Client{Command: benchCommand}
		if _, err := remoteModelB(c, srv).Chat(context.Background(), &llm.Request{Messages: []llm.Message{{Role: llm.User, Content: "x"}}}); err != nil {
			b.Fatal(err)
		}
		_ = c.Close()
		<-c.exited
	}
}

// BenchmarkCall is a later request: the process is running.
func BenchmarkCall(b *testing.B) {
	srv := llmtest.New(b)
	srv.Default = llmtest.Reply{Text: "ok"}
	c := &Client{Command: benchCommand}
	defer func() { _ = c.Close(); <-c.exited }()
	m := remoteModelB(c, srv)
	for b.Loop() {
		if _, err := m.Chat(context.Background(), &llm.Request{Messages: []llm.Message{{Role: llm.User, Content: "x"}}}); err != nil {
			b.Fatal(err)
		}
	}
}

func benchCommand() (*exec.Cmd, error) {
	if full := os.Getenv("LACY_FULL"); full != "" {
		return exec.Command(full, Arg), nil
	}
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), "AGENTPROC_TEST_SERVE=1")
	return cmd, nil
}

func remoteModelB(c *Client, srv *llmtest.Server) llm.Model {
	return &model{c: c, cfg: llm.Config{Name: "fake", Provider: "openai", Model: "m1", BaseURL: srv.BaseURL(llmtest.OpenAI), Timeout: 10 * time.Second}}
}

// BenchmarkCallInProcess is BenchmarkCall without the process boundary.
func BenchmarkCallInProcess(b *testing.B) {
	srv := llmtest.New(b)
	srv.Default = llmtest.Reply{Text: "ok"}
	m, err := llm.New(llm.Config{Name: "fake", Provider: "openai", Model: "m1", BaseURL: srv.BaseURL(llmtest.OpenAI), Timeout: 10 * time.Second})
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := m.Chat(context.Background(), &llm.Request{Messages: []llm.Message{{Role: llm.User, Content: "x"}}}); err != nil {
			b.Fatal(err)
		}
	}
}

// An agent process that dies fails the calls it held, at once, and the next
// call starts another.
func TestAgentProcessRestartsAfterDying(t *testing.T) {
	srv := llmtest.New(t)
	c := client(t)
	m := remoteModel(c, srv, llmtest.OpenAI)
	srv.Push(llmtest.Reply{Text: "first"}, llmtest.Reply{FirstDelay: time.Minute, Text: "never"}, llmtest.Reply{Text: "after"})
	if resp, err := m.Chat(context.Background(), &llm.Request{Messages: []llm.Message{{Role: llm.User, Content: "a"}}}); err != nil || resp.Text != "first" {
		t.Fatalf("first: %+v %v", resp, err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := m.Chat(context.Background(), &llm.Request{Messages: []llm.Message{{Role: llm.User, Content: "b"}}})
		done <- err
	}()
	<-srv.Arrived() // the first request
	<-srv.Arrived() // the slow one, held by the process
	c.mu.Lock()
	first, exited := c.cmd, c.exited
	c.mu.Unlock()
	if err := first.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err == nil || !strings.Contains(err.Error(), "agent process ended") {
		t.Fatalf("the held call: %v", err)
	}
	<-exited
	resp, err := m.Chat(context.Background(), &llm.Request{Messages: []llm.Message{{Role: llm.User, Content: "c"}}})
	if err != nil || resp.Text != "after" {
		t.Fatalf("after a restart: %+v %v", resp, err)
	}
	c.mu.Lock()
	second := c.cmd
	c.mu.Unlock()
	if second == first {
		t.Error("no new process")
	}
}

// BenchmarkFirstToken is agents/llm's BenchmarkFirstToken through the
// agent process: from the server's write of a text chunk to its arrival
// in the shell's OnText (transport, protocol code, then the pipe). The
// budget for lacy's own overhead on a call is 5 ms.
func BenchmarkFirstToken(b *testing.B) {
	for _, proto := range []string{llmtest.OpenAI, llmtest.Anthropic, llmtest.Ollama} {
		b.Run(proto, func(b *testing.B) {
			srv := llmtest.New(b)
			var mu sync.Mutex
			var sent time.Time
			srv.Respond = func(llmtest.Request) llmtest.Reply {
				return llmtest.Reply{Chunks: []string{"Hello", " world"}, Delay: time.Millisecond,
					BeforeChunk: func(int) { mu.Lock(); sent = time.Now(); mu.Unlock() }}
			}
			c := &Client{Command: benchCommand}
			defer func() { _ = c.Close(); <-c.exited }()
			m := &model{c: c, cfg: llm.Config{Name: "m", Provider: proto, Model: "x", BaseURL: srv.BaseURL(proto), APIKey: "k"}}
			var total time.Duration
			for i := 0; b.Loop(); i++ {
				var lag time.Duration
				req := &llm.Request{Messages: []llm.Message{{Role: llm.User, Content: "hi"}}, OnText: func(string) {
					if lag == 0 {
						mu.Lock()
						lag = time.Since(sent)
						mu.Unlock()
					}
				}}
				if _, err := m.Chat(context.Background(), req); err != nil {
					b.Fatal(err)
				}
				if i > 0 { // the first call starts the process
					total += lag
				}
			}
			b.ReportMetric(float64(total.Microseconds())/float64(max(b.N-1, 1)), "µs/first-token")
		})
	}
}

// TestReachThroughTheProcess: llm.Reach's connection test runs in the
// agent process (so that the shell need not link package net): a listening
// loopback port is reached, a closed one is not.
func TestReachThroughTheProcess(t *testing.T) {
	srv := llmtest.New(t)
	c := client(t)
	u, err := url.Parse(srv.BaseURL(llmtest.OpenAI))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := c.reach(ctx, u.Host, 5*time.Second); err != nil {
		t.Errorf("reach %s (listening): %v", u.Host, err)
	}
	if err := c.reach(ctx, "127.0.0.1:1", 5*time.Second); err == nil {
		t.Error("reach 127.0.0.1:1 (closed): no error")
	}
}
