package lua

import (
	"context"
	"fmt"
	"slices"
	"time"

	lua "github.com/yuin/gopher-lua"
	"go.uber.org/zap"
)

// PromptContext is what the prompt function receives as its ctx table.
type PromptContext struct {
	Exit      int           // ctx.exit: status of the last command
	Duration  time.Duration // ctx.duration_ms: how long it ran
	Cwd       string        // ctx.cwd
	GitBranch string        // ctx.git_branch; "" is nil in Lua
	Mode      string        // ctx.mode: "auto", "shell" or "agent"
}

// HasPrompt reports whether the config set a prompt function that has not
// failed.
// It never waits for the VM.
func (vm *VM) HasPrompt() bool { return vm.hasPrompt.Load() }

// setPrompt changes the prompt function; the lock must be held.
func (vm *VM) setPrompt(fn *lua.LFunction) {
	vm.prompt = fn
	vm.hasPrompt.Store(fn != nil)
}

// Prompt calls the lacy.prompt function under Budget (waiting for the VM
// counts too). ok is false when there is no prompt function, when it
// returned nil, or when it failed; the caller then draws the default
// prompt. A prompt function that fails (an error, a timeout, a result that
// is not a string) is reported once and disabled.
func (vm *VM) Prompt(pc PromptContext) (prompt string, ok bool) {
	ctx, cancel := context.WithTimeout(context.Background(), Budget())
	defer cancel()
	if !vm.acquire(ctx) {
		vm.log.Warn("prompt skipped: the Lua VM is busy")
		return "", false
	}
	defer vm.release()
	fn := vm.prompt
	if fn == nil {
		return "", false
	}
	L := vm.L
	t := L.CreateTable(0, 5)
	t.RawSetString("exit", lua.LNumber(pc.Exit))
	t.RawSetString("duration_ms", lua.LNumber(pc.Duration.Milliseconds()))
	t.RawSetString("cwd", lua.LString(pc.Cwd))
	if pc.GitBranch != "" {
		t.RawSetString("git_branch", lua.LString(pc.GitBranch))
	}
	t.RawSetString("mode", lua.LString(pc.Mode))
	if err := L.CallByParam(lua.P{Fn: fn, NRet: 1, Protect: true}, t); err != nil {
		vm.setPrompt(nil)
		vm.report(runError(err, ctx, "prompt hook took longer than "+Budget().String(), fn))
		return "", false
	}
	switch ret := L.Get(-1).(type) {
	case lua.LString, lua.LNumber:
		return ret.String(), true
	case *lua.LNilType:
		return "", false
	default:
		vm.setPrompt(nil)
		vm.report(&Error{File: fn.Proto.SourceName, Line: fn.Proto.LineDefined,
			Message: "prompt hook must return a string, got " + describe(ret)})
		return "", false
	}
}

// HasHandlers reports whether any handler is registered for event, so the
// caller can skip building a payload. It never waits for the VM.
func (vm *VM) HasHandlers(event string) bool {
	if i := slices.Index(events[:], event); i >= 0 {
		return vm.nhandlers[i].Load() > 0
	}
	return false
}

// setHandlers changes the handlers of a known event; the lock must be held.
func (vm *VM) setHandlers(event string, hs []*lua.LFunction) {
	vm.handlers[event] = hs
	vm.nhandlers[slices.Index(events[:], event)].Store(int32(len(hs)))
}

// Emit calls the handlers of event in registration order with payload
// converted to a Lua table (nil gives an empty table). Each handler runs
// under Budget; one that fails is reported once and removed. When the VM
// stays busy for Budget (a long Lua tool call), the event is dropped and
// logged.
func (vm *VM) Emit(event string, payload map[string]any) {
	wait, cancel := context.WithTimeout(context.Background(), Budget())
	defer cancel()
	if !vm.acquire(wait) {
		vm.log.Warn("event dropped: the Lua VM is busy", zap.String("event", event))
		return
	}
	defer vm.release()
	hs := vm.handlers[event]
	if len(hs) == 0 {
		return
	}
	arg := FromGo(vm.L, payload) // a nil map gives an empty table
	kept := hs[:0:0]
	for _, fn := range hs {
		if vm.handle(event, fn, arg) {
			kept = append(kept, fn)
		}
	}
	added := vm.handlers[event][len(hs):] // handlers registered by the handlers
	vm.setHandlers(event, append(kept, added...))
}

// handle runs one handler; false means it failed.
func (vm *VM) handle(event string, fn *lua.LFunction, arg lua.LValue) bool {
	ctx, cancel := context.WithTimeout(context.Background(), Budget())
	defer cancel()
	vm.L.SetContext(ctx)
	defer vm.L.SetTop(0)
	err := vm.L.CallByParam(lua.P{Fn: fn, Protect: true}, arg)
	if err == nil {
		return true
	}
	vm.report(runError(err, ctx, fmt.Sprintf("%q handler took longer than %v", event, Budget()), fn))
	return false
}

// toolRunner wraps a Lua tool function as spec.Tool.Run: the model's
// arguments become a Lua table, the call runs under ctx with the VM locked,
// and the result becomes text (a table is encoded as JSON, nil as "").
func (vm *VM) toolRunner(name string, fn *lua.LFunction) func(context.Context, map[string]any) (string, error) {
	return func(ctx context.Context, args map[string]any) (string, error) {
		var out string
		err := vm.Do(ctx, func(L *lua.LState) error {
			var targs lua.LValue = L.NewTable()
			if args != nil {
				targs = FromGo(L, args)
			}
			if err := L.CallByParam(lua.P{Fn: fn, NRet: 1, Protect: true}, targs); err != nil {
				return runError(err, ctx, fmt.Sprintf("tool %q timed out", name), fn)
			}
			switch ret := L.Get(-1).(type) {
			case *lua.LNilType:
			case lua.LString:
				out = string(ret)
			case *lua.LTable:
				b, err := ToJSON(ret)
				if err != nil {
					return &Error{File: fn.Proto.SourceName, Line: fn.Proto.LineDefined,
						Message: fmt.Sprintf("tool %q: result: %v", name, err)}
				}
				out = string(b)
			default:
				out = ret.String()
			}
			return nil
		})
		return out, err
	}
}
