package stdlib

import (
	"context"

	lua "github.com/yuin/gopher-lua"
	"go.uber.org/zap"

	lacylua "github.com/lacy-sh/lacy/lua"
)

// The declarations a script makes (lacy.model, lacy.agent, lacy.tool,
// lacy.config) land in its VM's Config, which cannot be read while Lua
// code runs: the VM is locked for the whole script. So each declaration
// is also replayed on a small mirror VM, whose Config is read when
// lacy.agent needs a manager. The mirror sees plain copies of the
// arguments (functions become stubs); tool functions are run in the
// script's own state (see bind).

// declarations are the lacy functions mirrored.
var declarations = []string{"model", "agent", "tool", "config", "mcp"}

// mirror wraps the declaring functions of mod so that each successful call
// is replayed on the mirror VM.
func (l *lib) mirror(L *lua.LState, mod *lua.LTable) {
	l.shadow = lacylua.New(lacylua.Options{Extend: func(_ *lua.LState, m *lua.LTable) { l.shadowMod = m }})
	for _, name := range declarations {
		orig, ok := mod.RawGetString(name).(*lua.LFunction)
		if !ok {
			continue
		}
		mod.RawSetString(name, L.NewFunction(func(L *lua.LState) int {
			args := make([]lua.LValue, L.GetTop())
			for i := range args {
				args[i] = L.Get(i + 1)
			}
			L.Insert(orig, 1)
			L.Call(len(args), 0) // validates and declares, or raises
			if name == "tool" {
				l.recordTool(args)
			}
			l.replay(name, args)
			return 0
		}))
	}
}

// recordTool remembers a tool's run function by name.
func (l *lib) recordTool(args []lua.LValue) {
	if len(args) < 2 {
		return
	}
	name, ok1 := args[0].(lua.LString)
	spec, ok2 := args[1].(*lua.LTable)
	if !ok1 || !ok2 {
		return
	}
	if fn, ok := spec.RawGetString("run").(*lua.LFunction); ok {
		l.tools[string(name)] = fn
	}
}

// replay makes the same declaration on the mirror.
func (l *lib) replay(name string, args []lua.LValue) {
	err := l.shadow.Do(context.Background(), func(S *lua.LState) error {
		copies := make([]lua.LValue, len(args))
		for i, a := range args {
			copies[i] = copyValue(S, a, 0)
		}
		return S.CallByParam(lua.P{Fn: l.shadowMod.RawGetString(name), Protect: true}, copies...)
	})
	if err != nil {
		l.log.Warn("mirror declaration failed", zap.String("fn", "lacy."+name), zap.Error(err))
	}
	l.declared = true
}

// copyValue copies a plain value into state S: tables deeply, functions as
// stubs, userdata and threads as nil.
func copyValue(S *lua.LState, v lua.LValue, depth int) lua.LValue {
	switch v := v.(type) {
	case lua.LString, lua.LNumber, lua.LBool:
		return v
	case *lua.LFunction:
		return S.NewFunction(func(*lua.LState) int { return 0 })
	case *lua.LTable:
		if depth > 64 {
			return lua.LNil
		}
		t := S.NewTable()
		v.ForEach(func(k, x lua.LValue) {
			t.RawSet(copyValue(S, k, depth+1), copyValue(S, x, depth+1))
		})
		return t
	}
	return lua.LNil
}
