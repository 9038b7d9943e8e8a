// Package stdlib is the standard library of lacy's Lua scripts: the
// modules lacy.sh, lacy.fs, lacy.json, lacy.ui, lacy.log and the functions
// lacy.agent.ask and lacy.agent.conversation, added to the `lacy` module
// of a lua.VM (lacy.env comes from package lua). RunScript implements
// `lacy run file.lua`.
//
// Every function checks its arguments and raises Lua errors worded like
// Lua's own ("bad argument #1 to 'lacy.fs.read' (string expected, got
// nil)"). Functions that block (commands, prompts, agent calls) stop when
// the context of the running Lua code ends, so Ctrl-C is prompt.
package stdlib

import (
	lua "github.com/yuin/gopher-lua"
	"go.uber.org/zap"

	"github.com/lacy-sh/lacy/runtime/iostreams"
	"github.com/lacy-sh/lacy/stdlib/ai"
)

// Deps is what the library needs from the rest of lacy.
type Deps struct {
	// IO is the terminal: lacy.sh.exec runs programs on it and lacy.ui
	// prompts on it. Nil means iostreams.System().
	IO *iostreams.IO
	// Logger is lacy's log; lacy.log writes to it (named "script").
	// Nil discards.
	Logger *zap.Logger
	// Agents serves lacy.agent.ask, lacy.agent.conversation and
	// lacy.translate (runtime/agentsetup.Scripts.For); nil means the
	// process has no agents, and those functions say so.
	Agents ai.Func
}

// lib is the library's state for one Lua VM.
type lib struct {
	io  *iostreams.IO
	log *zap.Logger

	agents ai.Func // Deps.Agents

	input *lineReader // lacy.ui's reader of stdin, started on first use
}

func newLib(deps Deps) *lib {
	l := &lib{io: deps.IO, log: deps.Logger, agents: deps.Agents}
	if l.io == nil {
		l.io = iostreams.System()
	}
	if l.log == nil {
		l.log = zap.NewNop()
	}
	return l
}

// Extend returns a function for lua.Options.Extend that adds the library
// to the `lacy` module: lua.New(lua.Options{Extend: stdlib.Extend(deps)}).
func Extend(deps Deps) func(L *lua.LState, mod *lua.LTable) {
	return newLib(deps).extend
}

// extend adds the modules to mod.
func (l *lib) extend(L *lua.LState, mod *lua.LTable) {
	mod.RawSetString("sh", l.shModule(L))
	mod.RawSetString("fs", l.fsModule(L))
	mod.RawSetString("json", l.jsonModule(L))
	mod.RawSetString("ui", l.uiModule(L))
	mod.RawSetString("log", l.logModule(L))
	mod.RawSetString("agent", l.agentModule(L, mod.RawGetString("agent")))
	mod.RawSetString("translate", L.NewFunction(l.translateFn))
}

// module builds a table of Go functions.
func module(L *lua.LState, funcs map[string]lua.LGFunction) *lua.LTable {
	t := L.CreateTable(0, len(funcs))
	for name, fn := range funcs {
		t.RawSetString(name, L.NewFunction(fn))
	}
	return t
}

// callable makes t callable: t(...) calls fn with t's arguments (without
// t itself).
func callable(L *lua.LState, t *lua.LTable, fn lua.LGFunction) *lua.LTable {
	mt := L.NewTable()
	mt.RawSetString("__call", L.NewFunction(func(L *lua.LState) int {
		L.Remove(1) // the table itself
		return fn(L)
	}))
	L.SetMetatable(t, mt)
	return t
}
