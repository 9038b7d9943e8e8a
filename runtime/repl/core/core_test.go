package core

import (
	"context"
	"os"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/lacy-sh/lacy/agents/llmtest"
	"github.com/lacy-sh/lacy/runtime/route"
)

// step is one line typed at the prompt and what it must do.
type step struct {
	line    string
	status  int
	out     []string // substrings of standard output
	errOut  []string // substrings of standard error
	notOut  []string // absent from both streams
	noModel bool     // the line must not reach the model
}

// TestHandle drives the line-handling core with a table of sessions, as
// mvdan/sh's cmd/gosh tests its loop: lines in, output, status, history
// and model requests out.
func TestHandle(t *testing.T) {
	tests := []struct {
		name    string
		config  string // Lua after the loopback model's declaration
		rc      string // shell lines run first, as ~/.lacyrc
		stdin   string // what the session's standard input holds (tool questions without a UI)
		plain   bool   // no line editor
		tail    string // what the failed command wrote last (the stderr tap's part)
		ui      *fakeUI
		replies []llmtest.Reply
		steps   []step
		history []string // the history file afterwards; nil: not checked
		check   func(t *testing.T, s *testSession)
	}{{
		name:    "shell line",
		steps:   []step{{line: "echo hello", out: []string{"hello\n"}, noModel: true}},
		history: []string{"echo hello"},
	}, {
		name:    "blank line runs nothing",
		steps:   []step{{line: "   ", noModel: true}, {line: "", noModel: true}},
		history: []string{},
	}, {
		name:    "failed command keeps its status",
		steps:   []step{{line: "false", status: 1, noModel: true}, {line: "(exit 3)", status: 3}},
		history: []string{"false", "(exit 3)"},
		check: func(t *testing.T, s *testSession) {
			if e := s.c.Hist.At(0); e.Exit != 1 {
				t.Errorf("history entry exit %d, want 1", e.Exit)
			}
			if st, _ := s.c.Last(); st != 3 {
				t.Errorf("Last() = %d, want 3", st)
			}
		},
	}, {
		name:    "! forces the shell",
		steps:   []step{{line: "!echo why is this forced", out: []string{"why is this forced\n"}, noModel: true}},
		history: []string{"!echo why is this forced"},
	}, {
		name:    "@ and # go to the agent",
		replies: []llmtest.Reply{{Text: "answer-one"}, {Text: "answer-two"}},
		steps: []step{
			{line: "@list the files", out: []string{"answer-one"}},
			{line: "#explain this", out: []string{"answer-two"}},
		},
		history: []string{"@list the files", "#explain this"},
		check: func(t *testing.T, s *testSession) {
			reqs := s.srv.Requests()
			if len(reqs) != 2 || !strings.Contains(reqs[0].Messages[len(reqs[0].Messages)-1].Content, "list the files") {
				t.Errorf("requests: %+v", reqs)
			}
		},
	}, {
		name:    "English goes to the agent with the recent commands",
		replies: []llmtest.Reply{{Chunks: []string{"the sky ", "scatters blue light"}}},
		steps: []step{
			{line: "echo context-marker", out: []string{"context-marker"}},
			{line: "why is the sky blue?", out: []string{"scatters blue light"}},
		},
		check: func(t *testing.T, s *testSession) {
			if req := s.srv.Last(t); !strings.Contains(req.System, "echo context-marker") {
				t.Errorf("the recent command is not in the context: %q", req.System)
			}
		},
	}, {
		name:    "? request waits and prints without a line editor",
		plain:   true,
		replies: []llmtest.Reply{{Text: "```bash\nls -la\n```"}},
		steps:   []step{{line: "? list all files", out: []string{"ls -la\n"}}, {line: "?", status: 2, errOut: []string{"say what you want"}}},
		history: []string{}, // the request is never recorded, only what runs
	}, {
		name:    "? request goes to the line editor",
		ui:      &fakeUI{},
		steps:   []step{{line: "? find big files", noModel: true}},
		history: []string{},
		check: func(t *testing.T, s *testSession) {
			if ui := s.c.UI.(*fakeUI); !slices.Equal(ui.translated, []string{"find big files"}) {
				t.Errorf("translated %q", ui.translated)
			}
		},
	}, {
		name:    "a model error is one line",
		plain:   true,
		replies: []llmtest.Reply{{Status: 500, Error: "boom"}, {Status: 500, Error: "boom"}, {Status: 500, Error: "boom"}, {Status: 500, Error: "boom"}},
		steps:   []step{{line: "@what now", status: 1, errOut: []string{"lacy: "}}},
	}, {
		name: "slash commands",
		steps: []step{
			{line: "/help", out: []string{"/mode NAME"}, noModel: true},
			{line: "/mode", out: []string{"auto\n"}},
			{line: "/mode shell"},
			{line: "/mode", out: []string{"shell\n"}},
			{line: "/mode sideways", status: 2, errOut: []string{"want auto, shell or agent"}},
			{line: "/agents", out: []string{"* default"}},
			{line: "/agent", out: []string{"default\n"}},
			{line: "/agent nosuch", status: 1, errOut: []string{"/agent:"}},
			{line: "/model", out: []string{"default uses fake"}},
			{line: "/model nosuch", status: 1, errOut: []string{"/model:"}},
			{line: "/clear", errOut: []string{"conversation cleared: default"}},
			{line: "/context", out: []string{"agent: default"}},
			{line: "/rules", out: []string{"nothing learned yet"}},
			{line: "/undo list", out: []string{"no agent change is kept"}},
			{line: "/undo", status: 1, errOut: []string{"/undo:"}},
		},
	}, {
		name: "/mode agent sends commands to the agent",
		steps: []step{
			{line: "/mode agent"},
			{line: "ls", out: []string{"ok"}},
			{line: "!echo still the shell", out: []string{"still the shell"}},
			{line: "/mode auto"},
		},
		check: func(t *testing.T, s *testSession) {
			if n := len(s.srv.Requests()); n != 1 {
				t.Errorf("%d requests, want 1", n)
			}
		},
	}, {
		name: "/private keeps lines out of the history",
		steps: []step{
			{line: "echo before"},
			{line: "/private", errOut: []string{"paused"}},
			{line: "echo hidden"},
			{line: "/context", out: []string{"private: history and output capture are paused"}},
			{line: "/private off", errOut: []string{"resume"}},
			{line: "/private on"},
			{line: "/private maybe", status: 2},
			{line: "/private"},
			{line: "echo after"},
			{line: " echo leading-space"},
		},
		history: []string{"echo before", "/private off", "/private", "echo after"}, // each /private that turned it on was private
	}, {
		name: "history expansion shows the line that runs",
		steps: []step{
			{line: "echo one"},
			{line: "!!", out: []string{"echo one\none\n"}},
			{line: "echo !$ two", out: []string{"echo one two\n"}},
		},
		history: []string{"echo one", "echo one two"},
	}, {
		name:    "HISTIGNORE",
		rc:      "HISTIGNORE='echo secret*:ls'",
		steps:   []step{{line: "echo secret stuff"}, {line: "echo kept"}},
		history: []string{"echo kept"},
	}, {
		name:  "a failed command's fix line without a line editor",
		rc:    "deploy() { echo deployed; }",
		tail:  "lacy: deplyo: command not found\n",
		steps: []step{{line: "deplyo", status: 127, errOut: []string{"fix: deploy\n"}, notOut: []string{"deployed"}, noModel: true}},
	}, {
		name:    "a fix picked on the fix line runs and is recorded",
		rc:      "deploy() { echo deployed; }",
		tail:    "lacy: deplyo: command not found\n",
		ui:      &fakeUI{pick: true},
		steps:   []step{{line: "deplyo", status: 127, out: []string{"deployed\n"}}},
		history: []string{"deplyo", "deploy"},
		check: func(t *testing.T, s *testSession) {
			ui := s.c.UI.(*fakeUI)
			if len(ui.offered) != 1 || ui.offered[0].Status != 127 || ui.offered[0].Tail == "" {
				t.Errorf("offered %+v", ui.offered)
			}
			if st, _ := s.c.Last(); st != 0 {
				t.Errorf("Last() = %d after the fix ran, want 0", st)
			}
		},
	}, {
		name:  "no fix line in agent mode or after a signal",
		rc:    "deploy() { echo deployed; }",
		tail:  "lacy: deplyo: command not found\n",
		ui:    &fakeUI{},
		steps: []step{{line: "(exit 130)", status: 130}, {line: "/mode agent"}, {line: "!deplyo", status: 127}},
		check: func(t *testing.T, s *testSession) {
			if ui := s.c.UI.(*fakeUI); len(ui.offered) != 0 {
				t.Errorf("offered %+v", ui.offered)
			}
		},
	}, {
		name:    "a line that failed like English is rerouted to the agent",
		tail:    "find: 'files': No such file or directory\n",
		replies: []llmtest.Reply{{Text: "try find . -name file"}},
		steps:   []step{{line: "find files changed today", status: 1, out: []string{"try find . -name file"}, errOut: []string{"that looked like a question"}}},
		history: []string{"find files changed today"},
		check: func(t *testing.T, s *testSession) {
			if req := s.srv.Last(t); !strings.Contains(req.System+req.Messages[len(req.Messages)-1].Content, "No such file") {
				t.Errorf("the failure is not in the request: %q %+v", req.System, req.Messages)
			}
		},
	}, {
		name:  "PS0 before the command, PROMPT_COMMAND before the prompt",
		rc:    `PS0='[ps0]'; PROMPT_COMMAND='echo "[pc $?]"'`,
		steps: []step{{line: "echo body", out: []string{"[ps0]body\n"}}},
		check: func(t *testing.T, s *testSession) {
			s.c.PromptCommand(context.Background())
			if got := s.out.take(); got != "[pc 0]\n" {
				t.Errorf("PROMPT_COMMAND wrote %q", got)
			}
		},
	}, {
		name: "Lua hooks see each line",
		config: `
lacy.on("preexec", function(ev) print("preexec:" .. ev.command) end)
lacy.on("precmd", function(ev) print("precmd:" .. ev.command .. ":" .. ev.exit) end)
lacy.on("command_failed", function(ev) print("failed:" .. ev.command .. ":" .. #ev.fixes) end)
lacy.on("agent_reply", function(ev) print("reply:" .. ev.agent .. ":" .. ev.text) end)
`,
		rc:      "deploy() { echo deployed; }",
		tail:    "lacy: deplyo: command not found\n",
		plain:   true,
		replies: []llmtest.Reply{{Text: "hi there"}},
		steps: []step{
			{line: "echo hooked", out: []string{"preexec:echo hooked\nhooked\nprecmd:echo hooked:0\n"}},
			{line: "deplyo", status: 127, out: []string{"failed:deplyo:1\n", "precmd:deplyo:127\n"}},
			{line: "@hello", out: []string{"reply:default:hi there\n"}},
		},
	}, {
		name:    "a line the UI does not confirm does not run",
		ui:      &fakeUI{deny: true},
		steps:   []step{{line: "echo nope", notOut: []string{"nope"}}},
		history: []string{},
		check: func(t *testing.T, s *testSession) {
			if ui := s.c.UI.(*fakeUI); !slices.Equal(ui.confirmed, []string{"echo nope"}) {
				t.Errorf("confirmed %q", ui.confirmed)
			}
		},
	}, {
		name:  "an agent's tool call is asked about on the streams without a UI",
		stdin: "y\n",
		plain: true,
		replies: []llmtest.Reply{
			{ToolCalls: []llmtest.ToolCall{{ID: "1", Name: "shell", Args: `{"command":"echo tool-ran"}`}}},
			{Text: "done"},
		},
		steps: []step{{line: "@run it", out: []string{"done"}}},
		check: func(t *testing.T, s *testSession) {
			if req := s.srv.Last(t); !strings.Contains(req.Messages[len(req.Messages)-1].Content, "tool-ran") {
				t.Errorf("the tool's output did not reach the model: %+v", req.Messages)
			}
		},
	}, {
		name: "an agent's tool call is asked about through the UI",
		ui:   &fakeUI{},
		replies: []llmtest.Reply{
			{ToolCalls: []llmtest.ToolCall{{ID: "1", Name: "shell", Args: `{"command":"echo tool-ran"}`}}},
			{Text: "done"},
		},
		steps: []step{{line: "@run it", out: []string{"done"}}},
		check: func(t *testing.T, s *testSession) {
			if ui := s.c.UI.(*fakeUI); ui.approvals != 1 {
				t.Errorf("%d approvals asked, want 1", ui.approvals)
			}
		},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newSession(t, tt.config, tt.rc, tt.stdin)
			s.c.Plain = tt.plain
			if tt.tail != "" {
				s.c.StderrTail = func() string { return tt.tail }
			}
			if tt.ui != nil {
				tt.ui.c = s.c
				s.c.UI = tt.ui
			}
			s.srv.Push(tt.replies...)
			for _, st := range tt.steps {
				before := len(s.srv.Requests())
				status := s.c.Handle(context.Background(), st.line)
				out, errOut := s.out.take(), s.errOut.take()
				if status != st.status {
					t.Errorf("%q: status %d, want %d (stderr %q)", st.line, status, st.status, errOut)
				}
				for _, want := range st.out {
					if !strings.Contains(out, want) {
						t.Errorf("%q: stdout %q lacks %q", st.line, out, want)
					}
				}
				for _, want := range st.errOut {
					if !strings.Contains(errOut, want) {
						t.Errorf("%q: stderr %q lacks %q", st.line, errOut, want)
					}
				}
				for _, bad := range st.notOut {
					if strings.Contains(out+errOut, bad) {
						t.Errorf("%q: output has %q: %q %q", st.line, bad, out, errOut)
					}
				}
				if st.noModel && len(s.srv.Requests()) != before {
					t.Errorf("%q reached the model", st.line)
				}
			}
			if tt.history != nil {
				if got := s.history(); !slices.Equal(got, tt.history) && !(len(got) == 0 && len(tt.history) == 0) {
					t.Errorf("history %q, want %q", got, tt.history)
				}
			}
			if tt.check != nil {
				tt.check(t, s)
			}
		})
	}
}

// TestHandleCancel: the context handed to Handle cancels what runs, as
// Ctrl-C does, and the agent's turn ends with 130.
func TestHandleCancel(t *testing.T) {
	s := newSession(t, "", "", "")
	s.srv.Push(llmtest.Reply{Chunks: []string{"never"}, FirstDelay: time.Hour})
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		<-s.srv.Arrived()
		cancel()
	}()
	if st := s.c.Handle(ctx, "@slow question"); st != 130 {
		t.Errorf("status %d, want 130", st)
	}
	if got := s.errOut.take(); !strings.Contains(got, "(cancelled)") {
		t.Errorf("stderr %q", got)
	}
}

// TestRouteCache: the indicator's repeated questions are answered from the
// last decision until the mode changes.
func TestRouteCache(t *testing.T) {
	s := newSession(t, "", "", "")
	if d := s.c.Route("ls -la"); d.Route != route.Shell {
		t.Fatalf("ls -la: %v", d.Route)
	}
	if d := s.c.Route("ls -la"); d.Route != route.Shell {
		t.Fatalf("ls -la again: %v", d.Route)
	}
	if m := s.c.CycleMode(); m != route.ModeShell {
		t.Fatalf("CycleMode = %v", m)
	}
	if d := s.c.Route("why is the sky blue"); d.Route != route.Shell {
		t.Errorf("shell mode: %v", d.Route)
	}
	s.c.SetMode(route.ModeAgent)
	if d := s.c.Route("why is the sky blue"); d.Route != route.Agent {
		t.Errorf("agent mode: %v", d.Route)
	}
	none := &Core{}
	if d := none.Route("anything at all"); d.Route != route.Shell || d.Text != "anything at all" {
		t.Errorf("no router: %+v", d)
	}
}

// TestSignalsCancel: SIGINT on Core.Signals (Ctrl-C while lacy is the
// terminal's foreground) cancels the step that runs, not the session.
func TestSignalsCancel(t *testing.T) {
	s := newSession(t, "", "", "")
	sigs := make(chan os.Signal, 1)
	s.c.Signals = sigs
	s.srv.Push(llmtest.Reply{Chunks: []string{"never"}, FirstDelay: time.Hour})
	go func() {
		<-s.srv.Arrived()
		sigs <- syscall.SIGINT
	}()
	if st := s.c.Handle(context.Background(), "@slow question"); st != 130 {
		t.Errorf("status %d, want 130", st)
	}
	if st := s.c.Handle(context.Background(), "echo after"); st != 0 || !strings.Contains(s.out.take(), "after") {
		t.Errorf("the next line did not run: %d", st)
	}
}

// TestReadWhileHandling: what the prompt and the indicator read from the
// line editor's goroutine is safe while a line runs (go test -race).
func TestReadWhileHandling(t *testing.T) {
	s := newSession(t, "", "", "")
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			select {
			case <-done:
				return
			default:
			}
			s.c.Route("git status")
			s.c.Mode()
			s.c.Last()
			s.c.Private()
		}
	}()
	for _, l := range []string{"echo a", "/mode shell", "false", "/private", "/mode auto", "/private off"} {
		s.c.Handle(context.Background(), l)
	}
	close(done)
	wg.Wait()
}
