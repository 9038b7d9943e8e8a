package lua

import (
	"slices"
	"strings"

	lua "github.com/yuin/gopher-lua"

	"github.com/lacy-sh/lacy/spec"
)

// fields reads the option table of one lacy.* call and raises Lua errors
// that name the function and the field.
type fields struct {
	L  *lua.LState
	fn string // "lacy.model"
	t  *lua.LTable
	// known, once only set it, lists the keys the table may hold; reading
	// any other is a bug in lacy (the key is missing from spec's list, so
	// the LuaLS definitions would not show it) and raises.
	known *spec.Table
}

// argName checks argument n of fn as a non-empty name.
func argName(L *lua.LState, fn string, n int, what string) string {
	v, ok := L.Get(n).(lua.LString)
	if !ok || v == "" {
		raise(L, fn, "%s must be a non-empty string, got %s", what, describe(L.Get(n)))
	}
	return string(v)
}

// argTable checks argument n of fn as a table; nil gives an empty table
// when optional.
func argTable(L *lua.LState, fn string, n int, optional bool) fields {
	switch v := L.Get(n).(type) {
	case *lua.LTable:
		return fields{L: L, fn: fn, t: v}
	case *lua.LNilType:
		if optional {
			return fields{L: L, fn: fn, t: L.NewTable()}
		}
	}
	raise(L, fn, "argument #%d must be a table, got %s", n, describe(L.Get(n)))
	return fields{}
}

// only raises an error for a key that t does not list, naming the known
// key most like it, and returns f restricted to t's keys.
func (f fields) only(t *spec.Table) fields {
	f.t.ForEach(func(k, _ lua.LValue) {
		s, ok := k.(lua.LString)
		if !ok {
			raise(f.L, f.fn, "field names must be strings, got %s", describe(k))
		}
		if !t.Has(string(s)) {
			raise(f.L, f.fn, "%s", t.Unknown(string(s)))
		}
	})
	f.known = t
	return f
}

// get reads a key of the table.
func (f fields) get(key string) lua.LValue {
	if f.known != nil && !f.known.Has(key) {
		raise(f.L, f.fn, "internal error: key %q is read but not listed in spec.%s", key, f.known.Class)
	}
	return f.t.RawGetString(key)
}

// str reads an optional string field.
func (f fields) str(key string) string {
	switch v := f.get(key).(type) {
	case lua.LString:
		return string(v)
	case *lua.LNilType:
		return ""
	default:
		raise(f.L, f.fn, "%q must be a string, got %s", key, describe(v))
		return ""
	}
}

// required reads a string field that must be present and non-empty.
func (f fields) required(key string) string {
	s := f.str(key)
	if s == "" {
		raise(f.L, f.fn, "%q is required", key)
	}
	return s
}

// oneOf reads an optional string field restricted to choices.
func (f fields) oneOf(key string, choices ...string) string {
	s := f.str(key)
	if s != "" && !slices.Contains(choices, s) {
		raise(f.L, f.fn, "%q must be one of %s, got %q", key, strings.Join(choices, ", "), s)
	}
	return s
}

// number reads an optional number field.
func (f fields) number(key string) (float64, bool) {
	switch v := f.get(key).(type) {
	case lua.LNumber:
		return float64(v), true
	case *lua.LNilType:
		return 0, false
	default:
		raise(f.L, f.fn, "%q must be a number, got %s", key, describe(v))
		return 0, false
	}
}

// temperature reads an optional "temperature" field in [0, 2].
func (f fields) temperature() *float64 {
	t, ok := f.number("temperature")
	if !ok {
		return nil
	}
	if t < 0 || t > 2 {
		raise(f.L, f.fn, `"temperature" must be between 0 and 2, got %v`, t)
	}
	return &t
}

// boolean reads an optional boolean field.
func (f fields) boolean(key string) bool {
	switch v := f.get(key).(type) {
	case lua.LBool:
		return bool(v)
	case *lua.LNilType:
		return false
	default:
		raise(f.L, f.fn, "%q must be a boolean, got %s", key, describe(v))
		return false
	}
}

// list reads an optional list of strings; ok is false when absent.
func (f fields) list(key string) (list []string, ok bool) {
	v := f.get(key)
	if v == lua.LNil {
		return nil, false
	}
	list, err := StringList(v)
	if err != nil {
		raise(f.L, f.fn, "%q %s", key, err)
	}
	return list, true
}

// table reads an optional sub-table, checked like an argument.
func (f fields) table(key string) (fields, bool) {
	switch v := f.get(key).(type) {
	case *lua.LTable:
		return fields{L: f.L, fn: f.fn + ": " + key, t: v}, true
	case *lua.LNilType:
		return fields{}, false
	default:
		raise(f.L, f.fn, "%q must be a table, got %s", key, describe(v))
		return fields{}, false
	}
}

// describe names a Lua value in an error: its type, and the value for
// short scalars.
func describe(v lua.LValue) string {
	switch v := v.(type) {
	case *lua.LNilType:
		return "nil"
	case lua.LString:
		if len(v) <= 40 {
			return "string \"" + string(v) + "\""
		}
		return "string"
	case lua.LNumber:
		return "number " + v.String()
	case lua.LBool:
		return "boolean " + v.String()
	}
	return v.Type().String()
}

// sandbox reads an optional "sandbox" field: false turns the sandbox off,
// true or absent is the default, and a table { write = {…}, read_deny =
// {…}, network = false } adjusts it.
func (f fields) sandbox() spec.Sandbox {
	switch v := f.get("sandbox").(type) {
	case *lua.LNilType:
		return spec.Sandbox{}
	case lua.LBool:
		return spec.Sandbox{Off: !bool(v)}
	case *lua.LTable:
		t := fields{L: f.L, fn: f.fn + ": sandbox", t: v}.only(&spec.SandboxTable)
		c := spec.Sandbox{Network: t.boolean("network")}
		c.Write, _ = t.list("write")
		c.ReadDeny, _ = t.list("read_deny")
		for _, p := range append(slices.Clone(c.Write), c.ReadDeny...) {
			if p != "~" && !strings.HasPrefix(p, "~/") && !strings.HasPrefix(p, "/") {
				raise(f.L, t.fn, "paths must be absolute or start with ~/, got %q", p)
			}
		}
		return c
	default:
		raise(f.L, f.fn, `"sandbox" must be false or a table { write = {…}, read_deny = {…}, network = false }, got %s`, describe(v))
		return spec.Sandbox{}
	}
}
