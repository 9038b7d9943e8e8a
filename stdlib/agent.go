package stdlib

import (
	"context"
	"io"

	lua "github.com/yuin/gopher-lua"

	lacylua "github.com/lacy-sh/lacy/lua"
	"github.com/lacy-sh/lacy/stdlib/ai"
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

// backend returns the agent stack for the VM of L (Deps.Agents), or
// raises fn's error when the process has none.
func (l *lib) backend(L *lua.LState, fn string) ai.Backend {
	if l.agents == nil {
		L.RaiseError("%s: no agents in this process", fn)
	}
	return l.agents(lacylua.VMOf(L))
}

// agentAsk is lacy.agent.ask(text, { agent = NAME, stream = bool }) → the
// answer.
func (l *lib) agentAsk(L *lua.LState) int {
	const fn = "lacy.agent.ask"
	text := checkString(L, fn, 1)
	o := optTable(L, fn, 2, "agent", "stream")
	name, _ := o.str("agent")
	stream := o.boolean("stream", false)
	s, err := l.backend(L, fn).Conversation(name, l.io)
	if err != nil {
		L.RaiseError("%s: %v", fn, err)
	}
	L.Push(lua.LString(l.turn(L, fn, s, text, stream)))
	return 1
}

// turn runs one agent turn while serving the agent's calls of Lua tools on
// this (the Lua) goroutine (lua.VM.Lend). With stream, the answer is also
// written to stdout as it arrives.
func (l *lib) turn(L *lua.LState, fn string, s ai.Conversation, text string, stream bool) string {
	ctx, cancel := context.WithCancel(lacylua.Context(L))
	defer cancel()
	var w io.Writer
	if stream {
		w = l.io.Out
	}
	var r toolResult
	done := make(chan struct{})
	go func() {
		defer close(done)
		r.out, r.err = s.Ask(ctx, text, w)
	}()
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

// conversationType names the metatable of conversation objects.
const conversationType = "lacy.agent.conversation"

// conversation is a script's multi-turn exchange with one agent.
type conversation struct {
	s ai.Conversation
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
	s, err := l.backend(L, fn).Conversation(name, l.io)
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
	turns := checkConversation(L, conversationType+".history").s.History()
	t := L.CreateTable(len(turns), 0)
	for _, m := range turns {
		e := L.CreateTable(0, 2)
		e.RawSetString("role", lua.LString(m.Role))
		e.RawSetString("text", lua.LString(m.Text))
		t.Append(e)
	}
	L.Push(t)
	return 1
}

func convReset(L *lua.LState) int {
	checkConversation(L, conversationType+".reset").s.Reset()
	return 0
}
