package lua

import (
	"slices"
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// envValue is one assignment made through lacy.env.
type envValue struct {
	value string
	set   bool // false: unset
}

// newEnv builds lacy.env: an empty table whose metatable answers
// lacy.env.NAME (a string, or nil when unset) and lacy.env.NAME = value,
// with the functions get(name), set(name, value), unset(name) and list().
// Variables called get, set, unset or list are reached through get/set.
func (vm *VM) newEnv() *lua.LTable {
	L := vm.L
	env := L.NewTable()
	methods := L.SetFuncs(L.NewTable(), map[string]lua.LGFunction{
		"get": func(L *lua.LState) int {
			L.Push(vm.getenv(envName(L, env, "lacy.env.get")))
			return 1
		},
		"set": func(L *lua.LState) int {
			name := envName(L, env, "lacy.env.set")
			vm.setenv(L, "lacy.env.set", name, L.Get(methodBase(L, env)+1))
			return 0
		},
		"unset": func(L *lua.LState) int {
			vm.setenv(L, "lacy.env.unset", envName(L, env, "lacy.env.unset"), lua.LNil)
			return 0
		},
		"list": func(L *lua.LState) int {
			t := L.NewTable()
			for _, kv := range vm.opts.Environ() {
				if k, v, ok := strings.Cut(kv, "="); ok && k != "" {
					t.RawSetString(k, lua.LString(v))
				}
			}
			for k, v := range vm.env {
				if v.set {
					t.RawSetString(k, lua.LString(v.value))
				} else {
					t.RawSetString(k, lua.LNil)
				}
			}
			L.Push(t)
			return 1
		},
	})
	mt := L.NewTable()
	mt.RawSetString("__index", L.NewFunction(func(L *lua.LState) int {
		key := L.Get(2)
		if m := methods.RawGet(key); m != lua.LNil {
			L.Push(m)
			return 1
		}
		name, ok := key.(lua.LString)
		if !ok {
			raise(L, "lacy.env", "variable names must be strings, got %s", describe(key))
		}
		L.Push(vm.getenv(string(name)))
		return 1
	}))
	mt.RawSetString("__newindex", L.NewFunction(func(L *lua.LState) int {
		name, ok := L.Get(2).(lua.LString)
		if !ok {
			raise(L, "lacy.env", "variable names must be strings, got %s", describe(L.Get(2)))
		}
		vm.setenv(L, "lacy.env", string(name), L.Get(3))
		return 0
	}))
	L.SetMetatable(env, mt)
	return env
}

// methodBase is the stack index of the first real argument, so both
// lacy.env.get("X") and lacy.env:get("X") work.
func methodBase(L *lua.LState, env *lua.LTable) int {
	if L.Get(1) == env {
		return 2
	}
	return 1
}

func envName(L *lua.LState, env *lua.LTable, fn string) string {
	return argName(L, fn, methodBase(L, env), "variable name")
}

// getenv reads a variable: assignments made through lacy.env first, then
// Options.LookupEnv.
func (vm *VM) getenv(name string) lua.LValue {
	if v, ok := vm.env[name]; ok {
		if v.set {
			return lua.LString(v.value)
		}
		return lua.LNil
	}
	if s, ok := vm.opts.LookupEnv(name); ok {
		return lua.LString(s)
	}
	return lua.LNil
}

// setenv assigns (or, for nil, unsets) a variable.
func (vm *VM) setenv(L *lua.LState, fn, name string, v lua.LValue) {
	if strings.ContainsAny(name, "=\x00") {
		raise(L, fn, "invalid variable name %q", name)
	}
	var ev envValue
	switch v := v.(type) {
	case *lua.LNilType:
	case lua.LString, lua.LNumber, lua.LBool:
		ev = envValue{value: v.String(), set: true}
	default:
		raise(L, fn, "value for %q must be a string, got %s", name, describe(v))
	}
	if hook := vm.opts.SetEnv; hook != nil {
		if err := hook(name, ev.value, ev.set); err != nil {
			raise(L, fn, "%v", err)
		}
	}
	vm.env[name] = ev
	defer vm.publish()
	if ev.set {
		if vm.cfg.Env == nil {
			vm.cfg.Env = map[string]string{}
		}
		vm.cfg.Env[name] = ev.value
		vm.cfg.EnvUnset = slices.DeleteFunc(vm.cfg.EnvUnset, func(s string) bool { return s == name })
		return
	}
	delete(vm.cfg.Env, name)
	if !slices.Contains(vm.cfg.EnvUnset, name) {
		vm.cfg.EnvUnset = append(vm.cfg.EnvUnset, name)
	}
}
