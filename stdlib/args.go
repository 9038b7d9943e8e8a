package stdlib

import (
	"fmt"
	"slices"
	"strings"
	"time"

	lua "github.com/yuin/gopher-lua"
)

// Argument checks. Every error reads like Lua's own:
//
//	script.lua:3: bad argument #1 to 'lacy.fs.read' (string expected, got nil)
//
// so a wrong call names the function, the argument and what was expected.

// argError raises "bad argument #n to 'fn' (msg)" at the caller's line.
func argError(L *lua.LState, fn string, n int, format string, args ...any) {
	L.RaiseError("bad argument #%d to '%s' (%s)", n, fn, fmt.Sprintf(format, args...))
}

// typeOf names the type of argument n, "no value" past the last argument.
func typeOf(L *lua.LState, n int) string {
	if n > L.GetTop() {
		return "no value"
	}
	return L.Get(n).Type().String()
}

// checkString reads argument n as a string; numbers are converted, as Lua
// does.
func checkString(L *lua.LState, fn string, n int) string {
	switch v := L.Get(n).(type) {
	case lua.LString:
		return string(v)
	case lua.LNumber:
		return v.String()
	}
	argError(L, fn, n, "string expected, got %s", typeOf(L, n))
	return ""
}

// checkTable reads argument n as a table.
func checkTable(L *lua.LState, fn string, n int) *lua.LTable {
	t, ok := L.Get(n).(*lua.LTable)
	if !ok {
		argError(L, fn, n, "table expected, got %s", typeOf(L, n))
	}
	return t
}

// checkFunction reads argument n as a function.
func checkFunction(L *lua.LState, fn string, n int) *lua.LFunction {
	f, ok := L.Get(n).(*lua.LFunction)
	if !ok {
		argError(L, fn, n, "function expected, got %s", typeOf(L, n))
	}
	return f
}

// options is the option table of one call (argument n of fn), read field by
// field with type checks; unknown fields are errors so that typos show.
type options struct {
	L  *lua.LState
	fn string
	n  int
	t  *lua.LTable // nil when the argument was absent
}

// optTable reads argument n as an optional table of options with the given
// field names.
func optTable(L *lua.LState, fn string, n int, known ...string) options {
	o := options{L: L, fn: fn, n: n}
	switch v := L.Get(n).(type) {
	case *lua.LNilType:
		return o
	case *lua.LTable:
		o.t = v
	default:
		argError(L, fn, n, "table expected, got %s", typeOf(L, n))
	}
	o.t.ForEach(func(k, _ lua.LValue) {
		if s, ok := k.(lua.LString); !ok || !slices.Contains(known, string(s)) {
			argError(L, fn, n, "unknown field %s (known: %s)", quoteKey(k), strings.Join(known, ", "))
		}
	})
	return o
}

func quoteKey(k lua.LValue) string {
	if s, ok := k.(lua.LString); ok {
		return "'" + string(s) + "'"
	}
	return k.Type().String() + " key"
}

func (o options) get(key string) lua.LValue {
	if o.t == nil {
		return lua.LNil
	}
	return o.t.RawGetString(key)
}

func (o options) bad(key, want string, v lua.LValue) {
	argError(o.L, o.fn, o.n, "field '%s': %s expected, got %s", key, want, v.Type().String())
}

// str reads an optional string field (numbers are converted).
func (o options) str(key string) (string, bool) {
	switch v := o.get(key).(type) {
	case *lua.LNilType:
		return "", false
	case lua.LString:
		return string(v), true
	case lua.LNumber:
		return v.String(), true
	default:
		o.bad(key, "string", v)
		return "", false
	}
}

// boolean reads an optional boolean field.
func (o options) boolean(key string, def bool) bool {
	switch v := o.get(key).(type) {
	case *lua.LNilType:
		return def
	case lua.LBool:
		return bool(v)
	default:
		o.bad(key, "boolean", v)
		return def
	}
}

// number reads an optional number field.
func (o options) number(key string) (float64, bool) {
	switch v := o.get(key).(type) {
	case *lua.LNilType:
		return 0, false
	case lua.LNumber:
		return float64(v), true
	default:
		o.bad(key, "number", v)
		return 0, false
	}
}

// seconds reads an optional positive duration given in seconds.
func (o options) seconds(key string) time.Duration {
	f, ok := o.number(key)
	if !ok {
		return 0
	}
	if f <= 0 {
		argError(o.L, o.fn, o.n, "field '%s': positive number of seconds expected, got %v", key, f)
	}
	return time.Duration(f * float64(time.Second))
}

// table reads an optional table field.
func (o options) table(key string) *lua.LTable {
	switch v := o.get(key).(type) {
	case *lua.LNilType:
		return nil
	case *lua.LTable:
		return v
	default:
		o.bad(key, "table", v)
		return nil
	}
}
