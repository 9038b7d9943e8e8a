package agentsetup

import (
	"context"
	"io"
	"os"
	"strings"
	"sync"

	"go.uber.org/zap"

	"github.com/lacy-sh/lacy/agents"
	"github.com/lacy-sh/lacy/agents/llm"
	"github.com/lacy-sh/lacy/lua"
	"github.com/lacy-sh/lacy/runtime/iostreams"
	"github.com/lacy-sh/lacy/runtime/session"
	"github.com/lacy-sh/lacy/runtime/shell"
	"github.com/lacy-sh/lacy/runtime/translate"
	"github.com/lacy-sh/lacy/stdlib/ai"
)

// Scripts serves the Lua stdlib's agent functions (its For is an ai.Func).
// With Shared, they use the process's manager (the interactive shell's)
// once Shared returns one; otherwise (`lacy run`, or while the config
// loads) a manager built from the VM's configuration, built again after
// new declarations, whose conversations are not saved and whose shell
// tool runs commands on a fresh shell. Close stops the MCP servers of the
// managers it built. The zero value builds its own.
type Scripts struct {
	Shared func() *agents.Manager
	Logger *zap.Logger

	mu    sync.Mutex
	vm    *lua.VM
	gen   uint64
	cur   *agents.Manager
	built []*agents.Manager
}

// For returns the backend for vm's scripts.
func (s *Scripts) For(vm *lua.VM) ai.Backend {
	return backend{mgr: s.manager(vm), vm: vm}
}

// manager returns the shared manager, or the one built for vm's
// configuration as it is now.
func (s *Scripts) manager(vm *lua.VM) *agents.Manager {
	if s.Shared != nil {
		if m := s.Shared(); m != nil {
			return m
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cur != nil && s.vm == vm && s.gen == vm.Generation() {
		return s.cur
	}
	log := s.Logger
	if log == nil {
		log = zap.NewNop()
	}
	s.vm, s.gen = vm, vm.Generation()
	cfg := vm.Config()
	s.cur = agents.New(agents.Options{
		Models:  cfg.Models,
		Agents:  cfg.Agents,
		Tools:   cfg.Tools,
		Roles:   cfg.Roles,
		Approve: cfg.Approve,
		// MCP tools ask like the others: in a script without a terminal,
		// only pre-approved ones run.
		MCP:          cfg.MCP,
		MaxToolCalls: cfg.MaxToolCalls,
		Context:      cfg.Context,
		Logger:       log,
		Shell:        freshShell(log),
		Cwd: func() string {
			wd, _ := os.Getwd()
			return wd
		},
	})
	s.built = append(s.built, s.cur)
	return s.cur
}

// Close stops the MCP servers the built managers started.
func (s *Scripts) Close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, m := range s.built {
		m.Close()
	}
	s.built, s.cur = nil, nil
}

// freshShell runs the agents' shell tool in copies of a fresh
// non-interactive shell in the current directory (session.SubshellRunner,
// as in the interactive shell).
func freshShell(log *zap.Logger) agents.ShellFunc {
	base, err := shell.New(shell.Options{Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: io.Discard,
		Logf: func(format string, args ...any) { log.Sugar().Warnf(format, args...) }})
	if err != nil {
		return func(context.Context, string) (string, int, error) { return "", 1, err }
	}
	return session.SubshellRunner(base)
}

// backend is ai.Backend over one manager.
type backend struct {
	mgr *agents.Manager
	vm  *lua.VM
}

func (b backend) Conversation(agent string, term *iostreams.IO) (ai.Conversation, error) {
	s, err := b.mgr.NewSession(agent)
	if err != nil {
		return nil, err
	}
	return conversation{s: s, term: term}, nil
}

func (b backend) Translate(ctx context.Context, request string) (ai.Translation, error) {
	known := session.Names(nil).Has
	tr := NewTranslator(b.mgr, known, b.vm.Config().Translate.Get())
	wd, _ := os.Getwd()
	res, err := tr.Translate(ctx, request, translate.Gather(wd, request, known, nil))
	if err != nil {
		return ai.Translation{}, err
	}
	best := res.Best()
	t := ai.Translation{Command: best.Command, Problem: best.Problem, Destructive: best.Destructive, Reason: best.Reason}
	for _, c := range res.Candidates {
		t.Candidates = append(t.Candidates, c.Command)
	}
	return t, nil
}

// conversation is ai.Conversation over an agents.Session.
type conversation struct {
	s    *agents.Session
	term *iostreams.IO
}

func (c conversation) Ask(ctx context.Context, text string, stream io.Writer) (string, error) {
	var sink agents.Sink
	if stream != nil {
		sink = textSink{stream}
	}
	var approver agents.Approver = agents.DenyAll{}
	if c.term != nil && c.term.IsStdinTTY() {
		approver = agents.NewPrompter(c.term.In, c.term.ErrOut)
	}
	wd, _ := os.Getwd()
	return c.s.Ask(ctx, text, agents.Context{Cwd: wd, Shell: "lacy run (a Lua script)"}, sink, approver)
}

func (c conversation) History() []ai.Turn {
	var turns []ai.Turn
	for _, m := range c.s.Messages() {
		if m.Content == "" || (m.Role != llm.User && m.Role != llm.Assistant) {
			continue // tool calls and results
		}
		turns = append(turns, ai.Turn{Role: string(m.Role), Text: m.Content})
	}
	return turns
}

func (c conversation) Reset() { c.s.Reset() }

// textSink writes the streamed answer and nothing else.
type textSink struct{ w io.Writer }

func (s textSink) Waiting()                      {}
func (s textSink) Text(d string)                 { io.WriteString(s.w, d) }
func (textSink) ToolCall(string, string)         {}
func (textSink) ToolResult(string, string, bool) {}
func (s textSink) Done(err error) {
	if err == nil {
		io.WriteString(s.w, "\n")
	}
}
