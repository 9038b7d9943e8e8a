package lua

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"

	lua "github.com/yuin/gopher-lua"
)

// ToGo converts a Lua value to plain Go values: nil, bool, float64, string,
// []any (a table whose keys are exactly 1..n) or map[string]any (any other
// table; number keys become strings; an empty table is an empty map).
// Functions, userdata, threads, channels, other key types and cycles are
// errors.
func ToGo(v lua.LValue) (any, error) {
	return toGo(v, map[*lua.LTable]bool{})
}

func toGo(v lua.LValue, seen map[*lua.LTable]bool) (any, error) {
	switch v := v.(type) {
	case *lua.LNilType:
		return nil, nil
	case lua.LBool:
		return bool(v), nil
	case lua.LNumber:
		return float64(v), nil
	case lua.LString:
		return string(v), nil
	case *lua.LTable:
		if seen[v] {
			return nil, fmt.Errorf("cannot convert a table that contains itself")
		}
		seen[v] = true
		defer delete(seen, v)
		if n := v.Len(); n > 0 && isArray(v, n) {
			list := make([]any, n)
			for i := range n {
				x, err := toGo(v.RawGetInt(i+1), seen)
				if err != nil {
					return nil, err
				}
				list[i] = x
			}
			return list, nil
		}
		m := map[string]any{}
		var err error
		v.ForEach(func(k, val lua.LValue) {
			if err != nil {
				return
			}
			var key string
			switch k := k.(type) {
			case lua.LString:
				key = string(k)
			case lua.LNumber:
				key = k.String()
			default:
				err = fmt.Errorf("cannot convert a table with a %s key", k.Type())
				return
			}
			m[key], err = toGo(val, seen)
		})
		if err != nil {
			return nil, err
		}
		return m, nil
	}
	return nil, fmt.Errorf("cannot convert a %s", v.Type())
}

// isArray reports whether t's keys are exactly 1..n.
func isArray(t *lua.LTable, n int) bool {
	count := 0
	t.ForEach(func(lua.LValue, lua.LValue) { count++ })
	return count == n
}

// FromGo converts a Go value to Lua: nil, bools, numbers, strings, []byte
// (a string), slices and arrays (lists), maps with string keys (tables),
// lua.LValue (unchanged). Other values (structs, pointers) go through
// encoding/json; what JSON cannot encode becomes its fmt.Sprint text.
func FromGo(L *lua.LState, v any) lua.LValue {
	switch v := v.(type) {
	case nil:
		return lua.LNil
	case lua.LValue:
		return v
	case bool:
		return lua.LBool(v)
	case string:
		return lua.LString(v)
	case []byte:
		return lua.LString(v)
	case int:
		return lua.LNumber(v)
	case int8:
		return lua.LNumber(v)
	case int16:
		return lua.LNumber(v)
	case int32:
		return lua.LNumber(v)
	case int64:
		return lua.LNumber(v)
	case uint:
		return lua.LNumber(v)
	case uint8:
		return lua.LNumber(v)
	case uint16:
		return lua.LNumber(v)
	case uint32:
		return lua.LNumber(v)
	case uint64:
		return lua.LNumber(v)
	case float32:
		return lua.LNumber(v)
	case float64:
		return lua.LNumber(v)
	case json.Number:
		if f, err := strconv.ParseFloat(string(v), 64); err == nil {
			return lua.LNumber(f)
		}
		return lua.LString(v)
	case []any:
		t := L.CreateTable(len(v), 0)
		for i, x := range v {
			t.RawSetInt(i+1, FromGo(L, x)) // a nil keeps the positions of what follows
		}
		return t
	case []string:
		t := L.CreateTable(len(v), 0)
		for i, x := range v {
			t.RawSetInt(i+1, lua.LString(x))
		}
		return t
	case map[string]any:
		t := L.CreateTable(0, len(v))
		for k, x := range v {
			t.RawSetString(k, FromGo(L, x))
		}
		return t
	case map[string]string:
		t := L.CreateTable(0, len(v))
		for k, x := range v {
			t.RawSetString(k, lua.LString(x))
		}
		return t
	}
	b, err := json.Marshal(v)
	if err != nil {
		return lua.LString(fmt.Sprint(v))
	}
	var x any
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	if err := d.Decode(&x); err != nil {
		return lua.LString(fmt.Sprint(v))
	}
	return FromGo(L, x)
}

// ToJSON encodes a Lua value as JSON (see ToGo for the mapping), without
// HTML escaping and without a trailing newline.
func ToJSON(v lua.LValue) ([]byte, error) {
	x, err := ToGo(v)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(x); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// StringList converts a Lua list of strings ({"a", "b"}) to []string; an
// empty table gives nil. The error says what is wrong, to follow a field
// name: `must be a list of strings, got number 3`.
func StringList(v lua.LValue) ([]string, error) {
	t, ok := v.(*lua.LTable)
	if !ok {
		return nil, fmt.Errorf("must be a list of strings, got %s", describe(v))
	}
	n := t.Len()
	if !isArray(t, n) {
		return nil, fmt.Errorf("must be a list of strings like { \"a\", \"b\" }, not a table with named keys")
	}
	var list []string
	for i := 1; i <= n; i++ {
		s, ok := t.RawGetInt(i).(lua.LString)
		if !ok {
			return nil, fmt.Errorf("item #%d must be a string, got %s", i, describe(t.RawGetInt(i)))
		}
		list = append(list, string(s))
	}
	return list, nil
}
