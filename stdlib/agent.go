package stdlib

import (
	"context"
	"github.com/lacy-sh/lacy/runtime/session"
	"io"
	"os"
	"strings"

	lua "github.com/yuin/gopher-lua"
	"go.uber.org/zap"

	"github.com/lacy-sh/lacy/agents"
	"github.com/lacy-sh/lacy/agents/llm"
	lacylua "github.com/lacy-sh/lacy/lua"
	"github.com/lacy-sh/lacy/runtime/shell"
)

// toolResult is the outcome of an agent turn.
type toolResult struct {
	out string
	err error
}

// agentModule turns lacy.agent (the config function declaring agents) into
// a callable table with ask and conversation: lacy.agent("name", {...})
// still declares an agent.
func (l *lib) agentModule(L *lua.LState, declare lua.LValue) *lua.LTable {
	t := module(L, map[string]lua.LGFunction{
		"ask":          l.agentAsk,
		"conversation": l.agentConversation,
	})
	return callable(L, t, func(L *lua.LState) int {
		L.Insert(declare, 1)
		L.Call(L.GetTop()-1, lua.MultRet)
		return L.GetTop()
	})
}

// backend returns the agent manager: the process's own when Deps.Agents
// gives one (the interactive shell's), else one built from the
// declarations so far (config files and script), read from the VM of L
// while the script runs, and built again after new declarations.
// Conversations of a built one are not saved; its shell tool runs commands
// on a fresh shell. Lua tools run on the Lua goroutine while a turn waits
// (lua.VM.Lend).
func (l *lib) backend(L *lua.LState) *agents.Manager {
	if l.shared != nil {
		if m := l.shared(); m != nil {
			return m
		}
	}
	vm := lacylua.VMOf(L)
	if l.agents != nil && l.gen == vm.Generation() {
		return l.agents
	}
	l.gen = vm.Generation()
	cfg := vm.Config()
	l.agents = agents.New(agents.Options{
		Models:  cfg.Models,
		Agents:  cfg.Agents,
		Tools:   cfg.Tools,
		Roles:   cfg.Roles,
		Approve: cfg.Approve,
		// MCP tools ask like the others: in a script without a terminal,
		// only pre-approved ones run (see turn).
		MCP:          cfg.MCP,
		MaxToolCalls: cfg.MaxToolCalls,
		Context:      cfg.Context,
		Logger:       l.log,
		Shell:        shellTool(l.log),
		Cwd: func() string {
			wd, _ := os.Getwd()
			return wd
		},
	})
	l.built = append(l.built, l.agents)
	return l.agents
}

// closeAgents stops the MCP servers the agent managers started.
func (l *lib) closeAgents() {
	for _, m := range l.built {
		m.Close()
	}
}

// shellTool runs the agents' shell tool in copies of a fresh
// non-interactive shell in the current directory (session.SubshellRunner,
// as in the interactive shell).
func shellTool(log *zap.Logger) agents.ShellFunc {
	base, err := shell.New(shell.Options{Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: io.Discard, Logf: warnf(log)})
	if err != nil {
		return func(context.Context, string) (string, int, error) { return "", 1, err }
	}
	return session.SubshellRunner(base)
}

// agentAsk is lacy.agent.ask(text, { agent = NAME, stream = bool }) → the
// answer.
func (l *lib) agentAsk(L *lua.LState) int {
	const fn = "lacy.agent.ask"
	text := checkString(L, fn, 1)
	o := optTable(L, fn, 2, "agent", "stream")
	name, _ := o.str("agent")
	stream := o.boolean("stream", false)
	s, err := l.backend(L).NewSession(name)
	if err != nil {
		L.RaiseError("%s: %v", fn, err)
	}
	L.Push(lua.LString(l.turn(L, fn, s, text, stream)))
	return 1
}

// turn runs one agent turn while serving the agent's calls of Lua tools on
// this (the Lua) goroutine. With stream, the answer is also written to
// stdout as it arrives.
func (l *lib) turn(L *lua.LState, fn string, s *agents.Session, text string, stream bool) string {
	ctx, cancel := context.WithCancel(lacylua.Context(L))
	defer cancel()
	var sink agents.Sink
	if stream {
		sink = textSink{l.io.Out}
	}
	var approver agents.Approver = agents.DenyAll{}
	if l.io.IsStdinTTY() {
		approver = agents.NewPrompter(l.io.In, l.io.ErrOut)
	}
	wd, _ := os.Getwd()
	var r toolResult
	done := make(chan struct{})
	go func() {
		defer close(done)
		r.out, r.err = s.Ask(ctx, text, agents.Context{Cwd: wd, Shell: "lacy run (a Lua script)"}, sink, approver)
	}()
	// The agent's calls of Lua tools run here, on the Lua goroutine.
	lacylua.VMOf(L).Lend(ctx, L, done)
	select {
	case <-done:
	default:
		// ctx ended: do not wait for the turn, a permission question may
		// be blocked reading the terminal.
		L.RaiseError("%s: interrupted", fn)
	}
	if r.err != nil {
		if ctx.Err() != nil {
			L.RaiseError("%s: interrupted", fn)
		}
		L.RaiseError("%s: %v", fn, r.err)
	}
	return r.out
}

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

// conversationType names the metatable of conversation objects.
const conversationType = "lacy.agent.conversation"

// conversation is a script's multi-turn exchange with one agent.
type conversation struct {
	s *agents.Session
}

// agentConversation is lacy.agent.conversation({ agent = NAME }) → an
// object with :send(text) → answer, :history() → { {role, text}, ... }
// and :reset().
func (l *lib) agentConversation(L *lua.LState) int {
	const fn = "lacy.agent.conversation"
	o := optTable(L, fn, 1, "agent")
	name, _ := o.str("agent")
	mt := L.GetTypeMetatable(conversationType)
	if mt == lua.LNil {
		t := L.NewTypeMetatable(conversationType)
		t.RawSetString("__index", module(L, map[string]lua.LGFunction{
			"send":    l.convSend,
			"history": convHistory,
			"reset":   convReset,
		}))
		mt = t
	}
	ud := L.NewUserData()
	s, err := l.backend(L).NewSession(name)
	if err != nil {
		L.RaiseError("%s: %v", fn, err)
	}
	ud.Value = &conversation{s: s}
	L.SetMetatable(ud, mt)
	L.Push(ud)
	return 1
}

// checkConversation reads the object of a method call (conv:send(...)).
func checkConversation(L *lua.LState, fn string) *conversation {
	if ud, ok := L.Get(1).(*lua.LUserData); ok {
		if c, ok := ud.Value.(*conversation); ok {
			return c
		}
	}
	argError(L, fn, 1, "conversation expected, got %s (call it as conv:%s(...))", typeOf(L, 1), fn[len(conversationType)+1:])
	return nil
}

func (l *lib) convSend(L *lua.LState) int {
	const fn = conversationType + ".send"
	c := checkConversation(L, fn)
	text := checkString(L, fn, 2)
	o := optTable(L, fn, 3, "stream")
	L.Push(lua.LString(l.turn(L, fn, c.s, text, o.boolean("stream", false))))
	return 1
}

func convHistory(L *lua.LState) int {
	msgs := checkConversation(L, conversationType+".history").s.Messages()
	t := L.CreateTable(len(msgs), 0)
	for _, m := range msgs {
		if m.Content == "" || (m.Role != llm.User && m.Role != llm.Assistant) {
			continue // tool calls and results
		}
		e := L.CreateTable(0, 2)
		e.RawSetString("role", lua.LString(string(m.Role)))
		e.RawSetString("text", lua.LString(m.Content))
		t.Append(e)
	}
	L.Push(t)
	return 1
}

func convReset(L *lua.LState) int {
	checkConversation(L, conversationType+".reset").s.Reset()
	return 0
}
