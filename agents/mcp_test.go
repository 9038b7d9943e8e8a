package agents_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/lacy-sh/lacy/agents"
	"github.com/lacy-sh/lacy/agents/llmtest"
	"github.com/lacy-sh/lacy/internal/mcptest"
)

// results is a Sink that keeps the one-line results too.
type results struct {
	recorder
	lines []string
}

func (r *results) ToolResult(name, summary string, failed bool) {
	r.lines = append(r.lines, name+": "+summary)
}

// loudEnv is an env whose agent "ops" uses the stdio server loud; started
// names the file the server writes its pid to when it starts.
func loudEnv(t *testing.T, tools ...string) (e *env, started string) {
	t.Helper()
	e = newEnv(t, llmtest.OpenAI)
	started = filepath.Join(t.TempDir(), "started")
	e.opts.MCP = []agents.MCPSpec{{Name: "loud", Command: mcptest.Build(t), Env: map[string]string{"LOUD_STARTED": started}}}
	if len(tools) == 0 {
		tools = []string{"shell", "loud"}
	}
	e.opts.Agents = append(e.opts.Agents, agents.AgentSpec{Name: "ops", Tools: tools})
	return e, started
}

func call(name, args string) llmtest.Reply {
	return llmtest.Reply{ToolCalls: []llmtest.ToolCall{{ID: "call_" + name, Name: name, Args: args}}}
}

func pidOf(t *testing.T, file string) int {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("the server did not start: %v", err)
	}
	pid, _ := strconv.Atoi(string(b))
	return pid
}

// gone reports whether process pid has ended (a zombie has: its parent
// reaps it).
func gone(pid int) bool {
	for range 100 {
		if syscall.Kill(pid, 0) != nil {
			return true
		}
		b, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
		if strings.Contains(string(b), ") Z ") {
			return true
		}
		time.Sleep(20 * time.Millisecond)
	}
	return false
}

func TestMCPToolAsksRunsAndStops(t *testing.T) {
	e, started := loudEnv(t)
	m := e.manager()
	if _, err := os.Stat(started); err == nil {
		t.Fatal("the server started before the first request")
	}
	if p := m.ContextPreview(context.Background(), "ops", agents.Context{}); !strings.Contains(p, "loud (MCP)") {
		t.Fatalf("preview %q", p)
	}
	if _, err := os.Stat(started); err == nil {
		t.Fatal("the context preview started the server")
	}
	e.srv.Push(call("loud__shout", `{"text":"hi"}`), llmtest.Reply{Text: "It said HI!"})
	ans := &answers{decisions: []agents.Decision{agents.AllowOnce}}
	sink := &results{}
	got, err := m.Ask(context.Background(), "ops", "shout hi", agents.Context{}, sink, ans)
	if err != nil || got != "It said HI!" {
		t.Fatalf("%q %v", got, err)
	}
	reqs := e.srv.Requests()
	if !strings.Contains(strings.Join(reqs[0].Tools, ","), "loud__shout") || !strings.Contains(string(reqs[0].Body), `"what to shout"`) ||
		strings.Contains(string(reqs[0].Body), "$schema") {
		t.Fatalf("tools offered %v\n%s", reqs[0].Tools, reqs[0].Body)
	}
	if len(ans.seen) != 1 || ans.seen[0].Tool != "loud.shout" || !strings.Contains(ans.seen[0].Preview, "MCP server loud, tool shout") ||
		!strings.Contains(ans.seen[0].Preview, `"text": "hi"`) {
		t.Fatalf("asked %+v", ans.seen)
	}
	last := reqs[1].Messages[len(reqs[1].Messages)-1]
	if !strings.Contains(last.Content, "<tool-output tool=\"loud__shout\"") || !strings.Contains(last.Content, "HI!") {
		t.Fatalf("result %q", last.Content)
	}
	if strings.Join(sink.lines, "|") != "loud__shout: HI!" {
		t.Fatalf("lines %q", sink.lines)
	}
	pid := pidOf(t, started)
	m.Close()
	if !gone(pid) {
		t.Fatalf("server %d still runs after Close", pid)
	}
}

func TestMCPStopKillsTheServersGroup(t *testing.T) {
	e, _ := loudEnv(t)
	e.opts.Approve = []string{"loud.spawn"}
	m := e.manager()
	e.srv.Push(call("loud__spawn", `{}`), llmtest.Reply{Text: "spawned"})
	if _, err := m.Ask(context.Background(), "ops", "go", agents.Context{}, nil, nil); err != nil {
		t.Fatal(err)
	}
	msgs := e.srv.Last(t).Messages
	out := msgs[len(msgs)-1].Content
	var child int
	for _, f := range strings.Fields(out) {
		if n, err := strconv.Atoi(f); err == nil {
			child = n
		}
	}
	if child == 0 || gone(child) {
		t.Fatalf("no child: %q", out)
	}
	start := time.Now()
	m.Close()
	if !gone(child) {
		t.Fatalf("the server's child %d survived Close", child)
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("Close took %s", d)
	}
}

func TestMCPPreApprovedAndDenied(t *testing.T) {
	e, _ := loudEnv(t)
	// Shell patterns never approve an MCP tool; server.tool does.
	e.opts.Approve = []string{"*", "lo*", "loud*", "loud.shout"}
	m := e.manager()
	defer m.Close()
	// Non-interactive (no approver): the pre-approved tool runs, the
	// other is denied.
	e.srv.Push(call("loud__shout", `{"text":"ok"}`), call("loud__pid", `{}`), llmtest.Reply{Text: "done"})
	if _, err := m.Ask(context.Background(), "ops", "go", agents.Context{}, nil, nil); err != nil {
		t.Fatal(err)
	}
	reqs := e.srv.Requests()
	if c := reqs[1].Messages[len(reqs[1].Messages)-1].Content; !strings.Contains(c, "OK!") {
		t.Fatalf("pre-approved call: %q", c)
	}
	if c := reqs[2].Messages[len(reqs[2].Messages)-1].Content; !strings.Contains(c, "denied") {
		t.Fatalf("not pre-approved call: %q", c)
	}
}

func TestMCPOneTool(t *testing.T) {
	e, _ := loudEnv(t, "loud.pid")
	m := e.manager()
	defer m.Close()
	e.srv.Push(llmtest.Reply{Text: "ok"})
	if _, err := m.Ask(context.Background(), "ops", "hi", agents.Context{}, nil, nil); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(e.srv.Last(t).Tools, ","); got != "loud__pid" {
		t.Fatalf("tools %q", got)
	}
}

func TestMCPServerCrashMidCall(t *testing.T) {
	e, started := loudEnv(t)
	e.opts.Approve = []string{"loud.*"}
	m := e.manager()
	defer m.Close()
	e.srv.Push(call("loud__crash", `{}`), llmtest.Reply{Text: "It crashed."})
	sink := &results{}
	got, err := m.Ask(context.Background(), "ops", "crash it", agents.Context{}, sink, nil)
	if err != nil || got != "It crashed." {
		t.Fatalf("%q %v", got, err)
	}
	if len(sink.lines) != 1 || !strings.Contains(sink.lines[0], "mcp server loud stopped during the call") {
		t.Fatalf("lines %q", sink.lines)
	}
	if !gone(pidOf(t, started)) {
		t.Fatal("the crashed server is still there")
	}
	// The next request goes on without the server's tools, and says
	// nothing more about it.
	e.srv.Push(llmtest.Reply{Text: "Still here."})
	sink = &results{}
	got, err = m.Ask(context.Background(), "ops", "again", agents.Context{}, sink, nil)
	if err != nil || got != "Still here." || strings.Join(e.srv.Last(t).Tools, ",") != "shell" || len(sink.lines) != 0 {
		t.Fatalf("%q %v tools %v lines %q", got, err, e.srv.Last(t).Tools, sink.lines)
	}
}

func TestMCPServerThatCannotStart(t *testing.T) {
	e := newEnv(t, llmtest.OpenAI)
	e.opts.MCP = []agents.MCPSpec{{Name: "nope", Command: filepath.Join(t.TempDir(), "no-such-server")}}
	e.opts.Agents = append(e.opts.Agents, agents.AgentSpec{Name: "ops", Tools: []string{"shell", "nope"}})
	m := e.manager()
	defer m.Close()
	for i, want := range []int{1, 0} {
		e.srv.Push(llmtest.Reply{Text: "ok"})
		sink := &results{}
		if _, err := m.Ask(context.Background(), "ops", "hi", agents.Context{}, sink, nil); err != nil {
			t.Fatal(err)
		}
		if len(sink.lines) != want || want == 1 && !strings.Contains(sink.lines[0], "mcp server nope: cannot start") {
			t.Fatalf("request %d: lines %q", i, sink.lines)
		}
	}
	info := m.CheckMCP(context.Background())
	if len(info) != 1 || info[0].Err == nil {
		t.Fatalf("%+v", info)
	}
}

func TestMCPOverHTTP(t *testing.T) {
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return mcptest.NewServer() }, nil)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer t0ken" {
			http.Error(w, "no", http.StatusUnauthorized)
			return
		}
		h.ServeHTTP(w, r)
	}))
	defer srv.Close()
	e := newEnv(t, llmtest.Anthropic)
	e.opts.MCP = []agents.MCPSpec{{Name: "web", URL: srv.URL, Headers: map[string]string{"Authorization": "Bearer t0ken"}}}
	e.opts.Agents = append(e.opts.Agents, agents.AgentSpec{Name: "ops", Tools: []string{"web.shout"}})
	e.opts.Approve = []string{"web.shout"}
	m := e.manager()
	defer m.Close()
	if got := m.Redact("the token is t0ken"); strings.Contains(got, "t0ken") {
		t.Errorf("a header's token is not redacted: %q", got)
	}
	e.srv.Push(call("web__shout", `{"text":"over http"}`), llmtest.Reply{Text: "done"})
	if _, err := m.Ask(context.Background(), "ops", "go", agents.Context{}, nil, nil); err != nil {
		t.Fatal(err)
	}
	msgs := e.srv.Last(t).Messages
	if c := msgs[len(msgs)-1].Content; !strings.Contains(c, "OVER HTTP!") {
		t.Fatalf("result %q", c)
	}
	info := m.CheckMCP(context.Background())
	if len(info) != 1 || info[0].Err != nil || strings.Join(info[0].Tools, " ") != "big crash hang pid shout spawn" {
		t.Fatalf("%+v", info)
	}
}

func TestToolCallLimit(t *testing.T) {
	e := newEnv(t, llmtest.OpenAI)
	e.opts.MaxToolCalls = 2
	e.opts.Approve = []string{"true"}
	three := llmtest.Reply{}
	for i := range 3 {
		three.ToolCalls = append(three.ToolCalls, llmtest.ToolCall{ID: "c" + strconv.Itoa(i), Name: "shell", Args: `{"command":"true"}`})
	}
	e.srv.Push(three, llmtest.Reply{Text: "Stopping here."})
	sink := &results{}
	got, err := e.manager().Ask(context.Background(), "reviewer", "loop", agents.Context{}, sink, nil)
	if err != nil || got != "Stopping here." || len(e.sh.commands()) != 2 {
		t.Fatalf("%q %v ran %v", got, err, e.sh.commands())
	}
	if l := sink.lines[len(sink.lines)-1]; !strings.Contains(l, "not run: 2 tool calls is the limit") {
		t.Fatalf("lines %q", sink.lines)
	}
	msgs := e.srv.Last(t).Messages
	if c := msgs[len(msgs)-1].Content; !strings.Contains(c, "limit of 2 tool calls") {
		t.Fatalf("model told %q", c)
	}
	// A model that goes on calling tools ends the turn with a clear error.
	e.srv.Respond = func(llmtest.Request) llmtest.Reply { return toolReply("true") }
	_, err = e.manager().Ask(context.Background(), "reviewer", "loop", agents.Context{}, nil, nil)
	if err == nil || !strings.Contains(err.Error(), "max_tool_calls") {
		t.Fatalf("%v", err)
	}
}

func TestLongMCPResultIsCut(t *testing.T) {
	e, _ := loudEnv(t)
	e.opts.Approve = []string{"loud.big"}
	m := e.manager()
	defer m.Close()
	e.srv.Push(call("loud__big", `{"n":100000}`), llmtest.Reply{Text: "long"})
	if _, err := m.Ask(context.Background(), "ops", "go", agents.Context{}, nil, nil); err != nil {
		t.Fatal(err)
	}
	msgs := e.srv.Last(t).Messages
	c := msgs[len(msgs)-1].Content
	if !strings.Contains(c, "bytes cut here") || len(c) > agents.MaxToolOutput+1000 {
		t.Fatalf("%d bytes: %.200q", len(c), c)
	}
}

func TestBadToolCallsAreReported(t *testing.T) {
	e, _ := loudEnv(t)
	m := e.manager()
	defer m.Close()
	e.srv.Push(call("nosuch", `{}`), call("loud__shout", `{"text":`), llmtest.Reply{Text: "ok"})
	if _, err := m.Ask(context.Background(), "ops", "go", agents.Context{}, nil, &answers{}); err != nil {
		t.Fatal(err)
	}
	reqs := e.srv.Requests()
	for i, want := range []string{`no tool named "nosuch"`, "JSON"} {
		msgs := reqs[i+1].Messages
		if c := msgs[len(msgs)-1].Content; !strings.Contains(c, want) {
			t.Errorf("call %d: %q", i, c)
		}
	}
}

// TestMCPCallTimeout: a tool that never answers is given up after the
// server's timeout, with an error naming the server; the agent goes on.
func TestMCPCallTimeout(t *testing.T) {
	e, _ := loudEnv(t)
	e.opts.MCP[0].Timeout = 200 * time.Millisecond
	e.opts.Approve = []string{"loud.*"}
	m := e.manager()
	defer m.Close()
	e.srv.Push(call("loud__hang", `{}`), call("loud__shout", `{"text":"still here"}`), llmtest.Reply{Text: "ok"})
	if _, err := m.Ask(context.Background(), "ops", "go", agents.Context{}, nil, nil); err != nil {
		t.Fatal(err)
	}
	reqs := e.srv.Requests()
	msgs := reqs[1].Messages
	if c := msgs[len(msgs)-1].Content; !strings.Contains(c, "mcp server loud did not answer hang within 200ms") {
		t.Errorf("timeout message: %q", c)
	}
	msgs = reqs[2].Messages
	if c := msgs[len(msgs)-1].Content; !strings.Contains(c, "STILL HERE!") {
		t.Errorf("the server is gone after a timeout: %q", c)
	}
}
