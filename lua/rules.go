package lua

import (
	"context"
	"fmt"
	"time"

	lua "github.com/yuin/gopher-lua"

	"github.com/lacy-sh/lacy/internal/timelimit"
	"github.com/lacy-sh/lacy/spec"
)

// RuleSpec is a correction rule declared with lacy.rule(name, { match =
// fn, fix = fn }). Fixes calls match, then fix, with the VM locked.
type RuleSpec struct {
	Name   string
	Source string // file:line of the declaration
	Fixes  func(ctx context.Context, f RuleFailure) ([]string, error)
}

// RuleFailure is the failed command a Lua rule sees as its argument:
// f.command, f.exit, f.output, f.cwd.
type RuleFailure struct {
	Command string
	Exit    int
	Output  string
	Cwd     string
}

// RuleBudget bounds one Lua rule (match and fix together): corrections
// are offered right after the command, so a slow rule is cut short
// (scaled by LACY_TIME_SCALE; a function, so that no package
// initialisation runs for it).
func RuleBudget() time.Duration { return timelimit.Scale(20 * time.Millisecond) }

// luaRule is lacy.rule(name, { match = fn, fix = fn }).
func (vm *VM) luaRule(L *lua.LState) int {
	const fn = "lacy.rule"
	name := argName(L, fn, 1, "name")
	f := argTable(L, fn, 2, false)
	f.only(&spec.RuleTable)
	match, _ := f.get("match").(*lua.LFunction)
	if _, isNil := f.get("match").(*lua.LNilType); match == nil && !isNil {
		raise(L, fn, `"match" must be a function, got %s`, describe(f.get("match")))
	}
	fix, ok := f.get("fix").(*lua.LFunction)
	if !ok {
		raise(L, fn, `"fix" must be a function, got %s`, describe(f.get("fix")))
	}
	r := RuleSpec{Name: name, Source: where(L)}
	r.Fixes = vm.ruleRunner(name, match, fix)
	vm.cfg.Rules = replace(vm.cfg.Rules, r, func(x RuleSpec) string { return x.Name })
	return 0
}

// ruleRunner wraps a Lua rule's functions: match(f) must be true (or
// absent), then fix(f) returns a string or a list of strings.
func (vm *VM) ruleRunner(name string, match, fix *lua.LFunction) func(context.Context, RuleFailure) ([]string, error) {
	return func(ctx context.Context, rf RuleFailure) ([]string, error) {
		ctx, cancel := context.WithTimeout(ctx, RuleBudget())
		defer cancel()
		var out []string
		err := vm.Do(ctx, func(L *lua.LState) error {
			t := L.CreateTable(0, 4)
			t.RawSetString("command", lua.LString(rf.Command))
			t.RawSetString("exit", lua.LNumber(rf.Exit))
			t.RawSetString("output", lua.LString(rf.Output))
			t.RawSetString("cwd", lua.LString(rf.Cwd))
			timeout := fmt.Sprintf("rule %q took longer than %v", name, RuleBudget())
			if match != nil {
				if err := L.CallByParam(lua.P{Fn: match, NRet: 1, Protect: true}, t); err != nil {
					return runError(err, ctx, timeout, match)
				}
				ok := lua.LVAsBool(L.Get(-1))
				L.Pop(1)
				if !ok {
					return nil
				}
			}
			if err := L.CallByParam(lua.P{Fn: fix, NRet: 1, Protect: true}, t); err != nil {
				return runError(err, ctx, timeout, fix)
			}
			switch ret := L.Get(-1).(type) {
			case lua.LString:
				out = []string{string(ret)}
			case *lua.LTable:
				ret.ForEach(func(_, v lua.LValue) {
					if s, ok := v.(lua.LString); ok {
						out = append(out, string(s))
					}
				})
			case *lua.LNilType:
			default:
				return &Error{File: fix.Proto.SourceName, Line: fix.Proto.LineDefined,
					Message: fmt.Sprintf("rule %q: fix must return a string or a list of strings, got %s", name, describe(ret))}
			}
			return nil
		})
		return out, err
	}
}
