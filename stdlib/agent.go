package stdlib

import (
	"context"
	"errors"
	"fmt"
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

// toolCall is a call of a Lua tool by an agent, to be run on the Lua
// goroutine.
type toolCall struct {
	fn    *lua.LFunction
	name  string
	args  map[string]any
	reply chan toolResult
}

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

// bind returns cfg with the Run function of each Lua tool replaced by one
// that hands the call to the Lua goroutine waiting in lacy.agent.ask: the
// VM stays locked while Lua code runs, so the VM's own tool runners would
// wait forever.
func (l *lib) bind(vm *lacylua.VM, cfg lacylua.Config) lacylua.Config {
	calls := l.calls
	tools := make([]agents.ToolSpec, len(cfg.Tools))
	for i, t := range cfg.Tools {
		if fn, ok := vm.LuaTool(t.Name); ok {
			name := t.Name
			t.Run = func(ctx context.Context, args map[string]any) (string, error) {
				c := toolCall{fn: fn, name: name, args: args, reply: make(chan toolResult, 1)}
				select {
				case calls <- c:
				case <-ctx.Done():
					return "", ctx.Err()
				}
				select {
				case r := <-c.reply:
					return r.out, r.err
				case <-ctx.Done():
					return "", ctx.Err()
				}
			}
		}
		tools[i] = t
	}
	cfg.Tools = tools
	return cfg
}

// backend returns the agent manager, built from the declarations so far
// (config files and script), read from the VM of L while the script runs,
// and built again after new declarations. Conversations are not saved; the
// shell tool runs commands on a fresh shell; Lua tools run on the Lua
// goroutine (see bind).
func (l *lib) backend(L *lua.LState) *agents.Manager {
	vm := lacylua.VMOf(L)
	if l.agents != nil && l.gen == vm.Generation() {
		return l.agents
	}
	l.gen = vm.Generation()
	cfg := l.bind(vm, vm.Config())
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
	done := make(chan toolResult, 1)
	go func() {
		out, err := s.Ask(ctx, text, agents.Context{Cwd: wd, Shell: "lacy run (a Lua script)"}, sink, approver)
		done <- toolResult{out, err}
	}()
	for {
		select {
		case c := <-l.calls:
			c.reply <- l.runTool(L, c)
		case r := <-done:
			if r.err != nil {
				if ctx.Err() != nil {
					L.RaiseError("%s: interrupted", fn)
				}
				L.RaiseError("%s: %v", fn, r.err)
			}
			return r.out
		case <-ctx.Done():
			// Do not wait for the turn: a permission question may be
			// blocked reading the terminal.
			L.RaiseError("%s: interrupted", fn)
		}
	}
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

// runTool calls a Lua tool function with the model's arguments and turns
// its result into text (a table as JSON, nil as ""). An error in the tool
// goes back to the model as the tool's failure.
func (l *lib) runTool(L *lua.LState, c toolCall) (res toolResult) {
	var args lua.LValue = L.NewTable()
	if c.args != nil {
		args = lacylua.FromGo(L, c.args)
	}
	top := L.GetTop()
	defer L.SetTop(top)
	if err := L.CallByParam(lua.P{Fn: c.fn, NRet: 1, Protect: true}, args); err != nil {
		l.log.Warn("lua tool failed", zap.String("tool", c.name), zap.Error(err))
		var ae *lua.ApiError
		if errors.As(err, &ae) {
			err = errors.New(ae.Object.String())
		}
		return toolResult{err: err}
	}
	switch ret := L.Get(-1).(type) {
	case *lua.LNilType:
	case lua.LString:
		res.out = string(ret)
	case *lua.LTable:
		b, err := lacylua.ToJSON(ret)
		if err != nil {
			return toolResult{err: fmt.Errorf("tool %q: result: %v", c.name, err)}
		}
		res.out = string(b)
	default:
		res.out = ret.String()
	}
	return res
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
