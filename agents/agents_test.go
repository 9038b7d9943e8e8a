package agents_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/lacy-sh/lacy/agents"
	"github.com/lacy-sh/lacy/agents/llmtest"
	"github.com/lacy-sh/lacy/runtime/iostreams"
)

const key = "sk-lacytest-0123456789abcdefXYZ"

var protocols = []string{llmtest.OpenAI, llmtest.Anthropic, llmtest.Ollama}

// shell is a fake ShellFunc that records the commands it ran.
type shell struct {
	mu  sync.Mutex
	ran []string
}

func (s *shell) run(ctx context.Context, cmd string) (string, int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.ran = append(s.ran, cmd)
	return "out of " + cmd + "\n", 0, nil
}

func (s *shell) commands() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.ran...)
}

// answers is an Approver with scripted decisions that records what it saw.
type answers struct {
	decisions []agents.Decision
	seen      []agents.ToolCallRequest
}

func (a *answers) Approve(ctx context.Context, r agents.ToolCallRequest) (agents.Decision, error) {
	a.seen = append(a.seen, r)
	if len(a.decisions) == 0 {
		return agents.Deny, nil
	}
	d := a.decisions[0]
	a.decisions = a.decisions[1:]
	return d, nil
}

// recorder is a Sink that keeps everything.
type recorder struct {
	text  strings.Builder
	tools []string
	done  int
}

func (r *recorder) Waiting()                        {}
func (r *recorder) Text(d string)                   { r.text.WriteString(d) }
func (r *recorder) ToolCall(n, p string)            { r.tools = append(r.tools, n+": "+p) }
func (r *recorder) ToolResult(string, string, bool) {}
func (r *recorder) Done(error)                      { r.done++ }

type env struct {
	srv   *llmtest.Server
	state string
	sh    *shell
	cwd   string
	opts  agents.Options
}

func newEnv(t *testing.T, proto string) *env {
	t.Helper()
	e := &env{srv: llmtest.New(t), state: filepath.Join(t.TempDir(), "agents"), sh: &shell{}, cwd: t.TempDir()}
	e.opts = agents.Options{
		Models: []agents.ModelSpec{{Name: "m", Provider: proto, Model: "test-model", BaseURL: e.srv.BaseURL(proto), APIKey: key, Timeout: 2 * time.Second}},
		Agents: []agents.AgentSpec{
			{Name: "reviewer", System: "You review diffs tersely.", Tools: []string{"shell", "read_file", "write_file"}},
			{Name: "poet", System: "You answer in verse.", Tools: []string{}},
		},
		Roles:    map[string]string{"agent": "m"},
		StateDir: e.state,
		Shell:    e.sh.run,
		Cwd:      func() string { return e.cwd },
		Getenv:   func(string) string { return "" },
		Environ:  []string{"DB_PASSWORD=hunter2hunter2"},
	}
	return e
}

func (e *env) manager() *agents.Manager { return agents.New(e.opts) }

func TestAskSendsSystemContextAndPersists(t *testing.T) {
	for _, proto := range protocols {
		t.Run(proto, func(t *testing.T) {
			e := newEnv(t, proto)
			e.srv.Push(llmtest.Reply{Chunks: []string{"Looks ", "fine."}})
			m := e.manager()
			c := agents.Context{Cwd: "/src/app", GitBranch: "main", GitDirty: true,
				Recent: []agents.Command{{Cmd: "export DB_PASSWORD=hunter2hunter2", Exit: 0}, {Cmd: "make test", Exit: 2}},
				Failed: &agents.Failure{Cmd: "make test", Exit: 2, StderrTail: "FAIL: TestX\nAuthorization: Bearer abcdefghijklmnop"}}
			sink := &recorder{}
			got, err := m.Ask(context.Background(), "reviewer", "review my diff", c, sink, nil)
			if err != nil || got != "Looks fine." || sink.text.String() != "Looks fine." || sink.done != 1 {
				t.Fatalf("%q %v %q", got, err, sink.text.String())
			}
			req := e.srv.Last(t)
			if !strings.HasPrefix(req.System, "You review diffs tersely.\n\n<context>\n") {
				t.Fatalf("system %q", req.System)
			}
			for _, want := range []string{"cwd: /src/app", "git: branch main, uncommitted changes", "[exit 2] make test", "FAIL: TestX", "the command that just failed: make test (exit 2)"} {
				if !strings.Contains(req.System, want) {
					t.Errorf("context lacks %q:\n%s", want, req.System)
				}
			}
			if strings.Contains(string(req.Body), "hunter2") || strings.Contains(string(req.Body), "abcdefghijklmnop") {
				t.Fatalf("secret on the wire:\n%s", req.System)
			}
			if len(req.Messages) != 1 || req.Messages[0].Content != "review my diff" {
				t.Fatalf("messages %+v", req.Messages)
			}
			if strings.Join(req.Tools, ",") != "shell,read_file,write_file" {
				t.Fatalf("tools %v", req.Tools)
			}
			// A new manager (a restart) finds the conversation; the next
			// request carries it, without the old system prompt or context.
			e.srv.Push(llmtest.Reply{Text: "Second."})
			if _, err := e.manager().Ask(context.Background(), "reviewer", "and now?", agents.Context{}, nil, nil); err != nil {
				t.Fatal(err)
			}
			req = e.srv.Last(t)
			if len(req.Messages) != 3 || req.Messages[1].Content != "Looks fine." || req.Messages[2].Content != "and now?" {
				t.Fatalf("restored %+v", req.Messages)
			}
			b, err := os.ReadFile(filepath.Join(e.state, "reviewer.json"))
			if err != nil || strings.Contains(string(b), "You review diffs") || strings.Contains(string(b), "<context>") {
				t.Fatalf("saved file: %v\n%s", err, b)
			}
		})
	}
}

func TestAgentsAreIsolated(t *testing.T) {
	e := newEnv(t, llmtest.OpenAI)
	m := e.manager()
	if got := m.Agents(); strings.Join(got, ",") != "default,reviewer,poet" {
		t.Fatal(got)
	}
	ask := func(text string) llmtest.Request {
		t.Helper()
		if _, err := m.Ask(context.Background(), "", text, agents.Context{}, nil, nil); err != nil {
			t.Fatal(err)
		}
		return e.srv.Last(t)
	}
	ask("hello default")
	if err := m.Switch("poet"); err != nil || m.Current() != "poet" {
		t.Fatal(err)
	}
	req := ask("hello poet")
	if len(req.Messages) != 1 || !strings.HasPrefix(req.System, "You answer in verse.") || len(req.Tools) != 0 {
		t.Fatalf("poet saw %+v", req)
	}
	m.Switch("default")
	req = ask("again")
	if len(req.Messages) != 3 || req.Messages[0].Content != "hello default" || !strings.HasPrefix(req.System, agents.DefaultSystem()) {
		t.Fatalf("default saw %+v", req.Messages)
	}
	if err := m.Clear("default"); err != nil {
		t.Fatal(err)
	}
	if req = ask("fresh"); len(req.Messages) != 1 {
		t.Fatalf("after clear %+v", req.Messages)
	}
	if err := m.Switch("nobody"); err == nil {
		t.Fatal("switch to unknown agent")
	}
}

func toolReply(cmd string) llmtest.Reply {
	return llmtest.Reply{Text: "Running it.", ToolCalls: []llmtest.ToolCall{{ID: "call_1", Name: "shell", Args: `{"command":"` + cmd + `"}`}}}
}

func TestToolApproval(t *testing.T) {
	for _, proto := range protocols {
		t.Run(proto, func(t *testing.T) {
			e := newEnv(t, proto)
			m := e.manager()
			// y: the command runs and its output goes back to the model.
			e.srv.Push(toolReply("make test"), llmtest.Reply{Text: "Tests pass."})
			ap := &answers{decisions: []agents.Decision{agents.AllowOnce}}
			sink := &recorder{}
			got, err := m.Ask(context.Background(), "reviewer", "run the tests", agents.Context{}, sink, ap)
			if err != nil || got != "Tests pass." {
				t.Fatalf("%q %v", got, err)
			}
			if ran := e.sh.commands(); len(ran) != 1 || ran[0] != "make test" || len(ap.seen) != 1 || ap.seen[0].Preview != "make test" {
				t.Fatalf("ran %q, asked %+v", ran, ap.seen)
			}
			last := e.srv.Last(t).Messages
			if r := last[len(last)-1]; r.Role != "tool" || !strings.Contains(r.Content, "out of make test") || !strings.Contains(r.Content, "exit status 0") {
				t.Fatalf("result sent %+v", r)
			}
			if len(sink.tools) != 1 || sink.tools[0] != "shell: make test" {
				t.Fatalf("announced %q", sink.tools)
			}
			// n: it does not run, and the model is told.
			e.srv.Push(toolReply("make deploy"), llmtest.Reply{Text: "OK, not deploying."})
			ap = &answers{decisions: []agents.Decision{agents.Deny}}
			if _, err := m.Ask(context.Background(), "reviewer", "deploy", agents.Context{}, nil, ap); err != nil {
				t.Fatal(err)
			}
			if ran := e.sh.commands(); len(ran) != 1 {
				t.Fatalf("denied command ran: %q", ran)
			}
			last = e.srv.Last(t).Messages
			if r := last[len(last)-1]; r.Role != "tool" || !strings.Contains(r.Content, "denied") {
				t.Fatalf("denial sent %+v", r)
			}
		})
	}
}

func TestSessionApprovalPreApprovalAndDestructive(t *testing.T) {
	e := newEnv(t, llmtest.OpenAI)
	if err := os.WriteFile(filepath.Join(e.cwd, "notes.txt"), []byte("keep"), 0o644); err != nil {
		t.Fatal(err)
	}
	e.opts.Approve = []string{"git status*", "rm -rf *"}
	m := e.manager()
	ask := func(ap agents.Approver, replies ...llmtest.Reply) {
		t.Helper()
		e.srv.Push(replies...)
		if _, err := m.Ask(context.Background(), "reviewer", "go", agents.Context{}, nil, ap); err != nil {
			t.Fatal(err)
		}
	}
	// a: allowed for the session, not asked again.
	ap := &answers{decisions: []agents.Decision{agents.AllowSession}}
	ask(ap, toolReply("ls -la"), llmtest.Reply{Text: "ok"})
	ask(ap, toolReply("ls -la"), llmtest.Reply{Text: "ok"})
	if len(ap.seen) != 1 || len(e.sh.commands()) != 2 {
		t.Fatalf("asked %d times, ran %q", len(ap.seen), e.sh.commands())
	}
	// Pre-approved by pattern: runs without asking; a compound command does not.
	ap = &answers{}
	ask(ap, toolReply("git status --short"), llmtest.Reply{Text: "ok"})
	ask(ap, toolReply("git status; curl x | sh"), llmtest.Reply{Text: "ok"})
	if len(ap.seen) != 1 || ap.seen[0].Preview != "git status; curl x | sh" {
		t.Fatalf("asked %+v", ap.seen)
	}
	// Destructive: asked even when a pattern matches, flagged with a reason.
	ap = &answers{decisions: []agents.Decision{agents.AllowOnce}}
	ask(ap, toolReply("rm -rf build"), llmtest.Reply{Text: "ok"})
	ask(ap, toolReply("echo x > notes.txt"), llmtest.Reply{Text: "ok"})
	if len(ap.seen) != 2 || !ap.seen[0].Destructive || !strings.Contains(ap.seen[0].Reason, "rm -r") || !ap.seen[1].Destructive {
		t.Fatalf("destructive requests %+v", ap.seen)
	}
}

func TestPrompter(t *testing.T) {
	cases := []struct {
		in          string
		destructive bool
		want        agents.Decision
	}{
		{"y\n", false, agents.AllowOnce},
		{"a\n", false, agents.AllowSession},
		{"n\n", false, agents.Deny},
		{"\n", false, agents.Deny},
		{"", false, agents.Deny},
		{"y\n", true, agents.Deny},
		{"yes\n", true, agents.AllowOnce},
		{"a\n", true, agents.Deny},
	}
	for _, c := range cases {
		var out strings.Builder
		p := agents.NewPrompter(strings.NewReader(c.in+"rest"), &out)
		d, err := p.Approve(context.Background(), agents.ToolCallRequest{Tool: "shell", Preview: "rm -r x", Destructive: c.destructive, Reason: "rm -r deletes"})
		if err != nil || d != c.want {
			t.Errorf("%q destructive=%v: %v %v", c.in, c.destructive, d, err)
		}
		if !strings.Contains(out.String(), "rm -r x") {
			t.Errorf("preview not shown: %q", out.String())
		}
	}
}

func TestNoPermissionWithoutTerminal(t *testing.T) {
	e := newEnv(t, llmtest.Ollama)
	e.srv.Push(toolReply("touch x"), llmtest.Reply{Text: "Could not."})
	if _, err := e.manager().Ask(context.Background(), "reviewer", "go", agents.Context{}, nil, agents.DenyAll{}); err != nil {
		t.Fatal(err)
	}
	if len(e.sh.commands()) != 0 {
		t.Fatal("ran without permission")
	}
}

func TestFileTools(t *testing.T) {
	e := newEnv(t, llmtest.Anthropic)
	os.WriteFile(filepath.Join(e.cwd, "a.txt"), []byte("one\ntwo\nthree\n"), 0o644)
	e.srv.Push(
		llmtest.Reply{ToolCalls: []llmtest.ToolCall{{ID: "r", Name: "read_file", Args: `{"path":"a.txt"}`}}},
		llmtest.Reply{ToolCalls: []llmtest.ToolCall{{ID: "w", Name: "write_file", Args: `{"path":"a.txt","content":"one\n2\nthree\n"}`}}},
		llmtest.Reply{Text: "Done."})
	ap := &answers{decisions: []agents.Decision{agents.AllowOnce}}
	if _, err := e.manager().Ask(context.Background(), "reviewer", "fix it", agents.Context{}, nil, ap); err != nil {
		t.Fatal(err)
	}
	if len(ap.seen) != 1 || !strings.Contains(ap.seen[0].Preview, "-two\n+2\n") {
		t.Fatalf("write preview %+v", ap.seen)
	}
	b, _ := os.ReadFile(filepath.Join(e.cwd, "a.txt"))
	if string(b) != "one\n2\nthree\n" {
		t.Fatalf("file %q", b)
	}
	reqs := e.srv.Requests()
	if msgs := reqs[1].Messages; !strings.Contains(msgs[len(msgs)-1].Content, "\none\ntwo\nthree\n</tool-output") {
		t.Fatalf("read result %+v", msgs)
	}
}

func TestToolLoopIsBounded(t *testing.T) {
	e := newEnv(t, llmtest.OpenAI)
	e.opts.MaxSteps = 3
	e.opts.Approve = []string{"true"}
	e.srv.Respond = func(llmtest.Request) llmtest.Reply { return toolReply("true") }
	_, err := e.manager().Ask(context.Background(), "reviewer", "loop", agents.Context{}, nil, nil)
	if err == nil || !strings.Contains(err.Error(), "stopped after 3 model calls") || len(e.srv.Requests()) != 3 {
		t.Fatalf("%v after %d requests", err, len(e.srv.Requests()))
	}
}

func TestCancelKeepsWhatArrived(t *testing.T) {
	e := newEnv(t, llmtest.Anthropic)
	e.srv.Push(llmtest.Reply{Chunks: []string{"The first part", " never"}, Delay: 10 * time.Second})
	m := e.manager()
	ctx, cancel := context.WithCancel(context.Background())
	sink := &recorder{}
	go func() {
		for sink := 0; sink < 1; sink++ {
			<-e.srv.Arrived()
		}
		time.Sleep(50 * time.Millisecond)
		cancel()
	}()
	start := time.Now()
	got, err := m.Ask(ctx, "", "tell me", agents.Context{}, sink, nil)
	if !errors.Is(err, context.Canceled) || got != "The first part" || time.Since(start) > 2*time.Second {
		t.Fatalf("%q %v after %s", got, err, time.Since(start))
	}
	conv, _ := m.Conversation("")
	if len(conv) != 2 || conv[1].Content != "The first part" {
		t.Fatalf("kept %+v", conv)
	}
}

func TestFailuresAreOneLine(t *testing.T) {
	e := newEnv(t, llmtest.Ollama)
	e.opts.Models = append(e.opts.Models, agents.ModelSpec{Name: "local", Provider: "ollama", Model: "qwen2.5-coder:7b", BaseURL: "http://127.0.0.1:1"})
	e.opts.Agents = append(e.opts.Agents, agents.AgentSpec{Name: "offline", Model: "local"})
	m := e.manager()
	_, err := m.Ask(context.Background(), "offline", "hi", agents.Context{}, nil, nil)
	if err == nil || err.Error() != `model "local" (ollama qwen2.5-coder:7b at http://127.0.0.1:1): connection refused — is the server running?` {
		t.Fatalf("%v", err)
	}
	e.srv.Push(llmtest.Reply{Status: 401, Error: "bad key " + key})
	_, err = m.Ask(context.Background(), "", "hi", agents.Context{}, nil, nil)
	if err == nil || !strings.Contains(err.Error(), `model "m" (ollama test-model`) || !strings.Contains(err.Error(), "401") || strings.Contains(err.Error(), key) {
		t.Fatalf("%v", err)
	}
}

func TestDefaultModelIsFirstReachable(t *testing.T) {
	e := newEnv(t, llmtest.OpenAI)
	e.opts.Roles = nil
	e.opts.Models = append([]agents.ModelSpec{
		{Name: "down", Provider: "ollama", Model: "x", BaseURL: "http://127.0.0.1:1"},
		{Name: "claude", Provider: "anthropic", Model: "y"}, // no key: skipped
	}, e.opts.Models...)
	m := e.manager()
	if name, err := m.ModelOf(context.Background(), ""); err != nil || name != "m" {
		t.Fatalf("%q %v", name, err)
	}
	e.opts.Models = e.opts.Models[:2]
	_, err := agents.New(e.opts).ModelOf(context.Background(), "")
	if err == nil || !strings.Contains(err.Error(), "no model is reachable (down: not reachable at 127.0.0.1:1; claude: no API key)") {
		t.Fatal(err)
	}
}

func TestKeyFromEnvironment(t *testing.T) {
	e := newEnv(t, llmtest.Anthropic)
	e.opts.Models[0].APIKey = ""
	e.opts.Getenv = func(k string) string { return map[string]string{"ANTHROPIC_API_KEY": key}[k] }
	if _, err := e.manager().Ask(context.Background(), "", "hi", agents.Context{}, nil, nil); err != nil {
		t.Fatal(err)
	}
	if got := e.srv.Last(t).Header.Get("x-api-key"); got != key {
		t.Fatalf("key %q", got)
	}
}

func TestKeyNeverWritten(t *testing.T) {
	e := newEnv(t, llmtest.OpenAI)
	e.srv.Push(toolReply("echo "+key), llmtest.Reply{Text: "your key is " + key})
	m := e.manager()
	_, err := m.Ask(context.Background(), "reviewer", "my key is "+key, agents.Context{Recent: []agents.Command{{Cmd: "export OPENAI_API_KEY=" + key}}}, nil, &answers{decisions: []agents.Decision{agents.AllowOnce}})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range e.srv.Requests() {
		if strings.Contains(string(r.Body), key) {
			t.Fatalf("key sent in a body: %s", r.Body)
		}
	}
	filepath.Walk(filepath.Dir(e.state), func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() {
			if b, _ := os.ReadFile(p); strings.Contains(string(b), key) {
				t.Errorf("key in %s", p)
			}
		}
		return nil
	})
}

func TestDamagedConversation(t *testing.T) {
	e := newEnv(t, llmtest.OpenAI)
	os.MkdirAll(e.state, 0o700)
	os.WriteFile(filepath.Join(e.state, "default.json"), []byte("{not json"), 0o600)
	if _, err := e.manager().Ask(context.Background(), "", "hi", agents.Context{}, nil, nil); err != nil {
		t.Fatal(err)
	}
	if len(e.srv.Last(t).Messages) != 1 {
		t.Fatal("damaged history was sent")
	}
	if _, err := os.Stat(filepath.Join(e.state, "default.json.bad")); err != nil {
		t.Fatal("damaged file not kept aside")
	}
}

func TestContextPreview(t *testing.T) {
	e := newEnv(t, llmtest.OpenAI)
	m := e.manager()
	c := agents.Context{Cwd: "/w", Recent: []agents.Command{{Cmd: "TOKEN=abc123456 ./run", Exit: 1}}}
	preview := m.ContextPreview(context.Background(), "reviewer", c)
	e.srv.Push(llmtest.Reply{Text: "ok"})
	m.Ask(context.Background(), "reviewer", "hi", c, nil, nil)
	sys := e.srv.Last(t).System
	for _, line := range strings.Split(sys, "\n") {
		if !strings.Contains(preview, line) {
			t.Fatalf("preview lacks %q:\n%s", line, preview)
		}
	}
	if !strings.Contains(preview, "TOKEN=[REDACTED]") || !strings.Contains(preview, "tools: shell, read_file, write_file") {
		t.Fatal(preview)
	}
}

func TestRunAsk(t *testing.T) {
	for _, proto := range protocols {
		t.Run(proto, func(t *testing.T) {
			e := newEnv(t, proto)
			e.srv.Push(llmtest.Reply{Chunks: []string{"feat: add ", "parser"}})
			ios, out, errOut := iostreams.Test("")
			code := agents.RunAsk(context.Background(), ios, e.manager(), "", "write a commit message", "diff --git a/x b/x\n+new line\n")
			if code != 0 || out.String() != "feat: add parser\n" || errOut.Len() != 0 {
				t.Fatalf("%d %q %q", code, out, errOut)
			}
			msg := e.srv.Last(t).Messages[0].Content
			if !strings.HasPrefix(msg, "write a commit message") || !strings.Contains(msg, "+new line") {
				t.Fatalf("input not sent: %q", msg)
			}
			e.srv.Push(llmtest.Reply{Status: 500, Error: "overloaded"})
			ios, out, errOut = iostreams.Test("")
			code = agents.RunAsk(context.Background(), ios, e.manager(), "", "hi", "")
			if code != 1 || out.Len() != 0 || !strings.HasPrefix(errOut.String(), "lacy: model \"m\"") || strings.Count(errOut.String(), "\n") != 1 {
				t.Fatalf("%d %q %q", code, out, errOut)
			}
		})
	}
	ios, _, errOut := iostreams.Test("")
	if code := agents.RunAsk(context.Background(), ios, agents.New(agents.Options{}), "", " ", ""); code != 2 || !strings.Contains(errOut.String(), "nothing to ask") {
		t.Fatal(code, errOut)
	}
}

func TestMatch(t *testing.T) {
	cases := []struct {
		glob, s string
		want    bool
	}{
		{"git status*", "git status", true},
		{"git status*", "git status --short", true},
		{"git status*", "git stash", false},
		{"docs/*", "docs/a/b.md", true},
		{"?s", "ls", true},
		{"ls", "ls -la", false},
	}
	for _, c := range cases {
		if agents.Match(c.glob, c.s) != c.want {
			t.Errorf("Match(%q, %q) != %v", c.glob, c.s, c.want)
		}
	}
}

func TestDiff(t *testing.T) {
	got := agents.Diff("f", "a\nb\nc\nd\ne\nf\ng\nh\ni\n", "a\nb\nc\nd\nE\nf\ng\nh\ni\nj\n")
	want := "--- f\n+++ f\n@@ -2,8 +2,9 @@\n b\n c\n d\n-e\n+E\n f\n g\n h\n i\n+j\n"
	if got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
	if got := agents.Diff("n", "", "x\n"); got != "--- n\n+++ n\n@@ -1,0 +1,1 @@\n+x\n" {
		t.Fatalf("%q", got)
	}
}
