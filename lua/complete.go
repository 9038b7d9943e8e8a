package lua

import (
	"context"
	"fmt"
	"maps"

	lua "github.com/yuin/gopher-lua"
)

// CompleteContext is what a lacy.complete function receives as its ctx
// table.
type CompleteContext struct {
	Line    string   // ctx.line: the command line up to the cursor
	Words   []string // ctx.words: the command's words, as typed; the last is being completed
	Current string   // ctx.current: the word being completed, as typed ("" after a blank)
	Cwd     string   // ctx.cwd
}

// Candidate is one completion a Lua completer returned.
type Candidate struct {
	Value       string
	Description string
}

// luaComplete is lacy.complete(command, fn): fn(ctx) returns the
// candidates for the command's arguments, a list of strings or of
// { value = "…", description = "…" } tables. nil removes the completer.
func (vm *VM) luaComplete(L *lua.LState) int {
	const fn = "lacy.complete"
	name := argName(L, fn, 1, "command")
	m := map[string]*lua.LFunction{}
	if old := vm.completers.Load(); old != nil {
		m = maps.Clone(*old)
	}
	switch f := L.Get(2).(type) {
	case *lua.LFunction:
		m[name] = f
	case *lua.LNilType:
		delete(m, name)
	default:
		raise(L, fn, "argument #2 must be a function, got %s", describe(f))
	}
	vm.completers.Store(&m)
	return 0
}

// HasCompleter reports whether lacy.complete set a completer for command.
// It never waits for the VM.
func (vm *VM) HasCompleter(command string) bool {
	m := vm.completers.Load()
	return m != nil && (*m)[command] != nil
}

// Complete calls command's lacy.complete function under Budget (waiting for
// the VM counts too). ok is false when there is none or it failed; a
// failure is reported once, as any hook's.
func (vm *VM) Complete(command string, cc CompleteContext) (cands []Candidate, ok bool) {
	m := vm.completers.Load()
	if m == nil || (*m)[command] == nil {
		return nil, false
	}
	fn := (*m)[command]
	ctx, cancel := context.WithTimeout(context.Background(), Budget())
	defer cancel()
	if !vm.acquire(ctx) {
		vm.log.Warn("completion skipped: the Lua VM is busy")
		return nil, false
	}
	defer vm.release()
	L := vm.L
	t := L.CreateTable(0, 4)
	t.RawSetString("line", lua.LString(cc.Line))
	words := L.CreateTable(len(cc.Words), 0)
	for _, w := range cc.Words {
		words.Append(lua.LString(w))
	}
	t.RawSetString("words", words)
	t.RawSetString("current", lua.LString(cc.Current))
	t.RawSetString("cwd", lua.LString(cc.Cwd))
	if err := L.CallByParam(lua.P{Fn: fn, NRet: 1, Protect: true}, t); err != nil {
		vm.report(runError(err, ctx, fmt.Sprintf("completer for %q took longer than %v", command, Budget()), fn))
		return nil, false
	}
	bad := func(what string) ([]Candidate, bool) {
		vm.report(&Error{File: fn.Proto.SourceName, Line: fn.Proto.LineDefined,
			Message: fmt.Sprintf("completer for %q must return a list of strings or {value=, description=} tables, got %s", command, what)})
		return nil, false
	}
	switch ret := L.Get(-1).(type) {
	case *lua.LNilType:
		return nil, true
	case *lua.LTable:
		for i := 1; i <= ret.Len(); i++ {
			switch v := ret.RawGetInt(i).(type) {
			case lua.LString:
				cands = append(cands, Candidate{Value: string(v)})
			case *lua.LTable:
				val, ok := v.RawGetString("value").(lua.LString)
				if !ok {
					return bad("a table without a string value")
				}
				c := Candidate{Value: string(val)}
				if d, ok := v.RawGetString("description").(lua.LString); ok {
					c.Description = string(d)
				}
				cands = append(cands, c)
			default:
				return bad(describe(v) + " in the list")
			}
		}
		return cands, true
	default:
		return bad(describe(ret))
	}
}
