package stdlib

import (
	"encoding/json"
	"reflect"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

func TestJSON(t *testing.T) {
	runCases(t, plainEnv, []luaCase{
		{name: "encode values",
			code: `print(lacy.json.encode({ s = "a\"<b>", n = 1.5, i = 3, t = true, f = false, list = { 1, "two", { x = 1 } }, obj = {} }))`,
			want: `{"f":false,"i":3,"list":[1,"two",{"x":1}],"n":1.5,"obj":{},"s":"a\"<b>","t":true}` + "\n"},
		{name: "encode scalars", code: `print(lacy.json.encode("x"), lacy.json.encode(2), lacy.json.encode(nil), lacy.json.encode(lacy.json.null))`, want: "\"x\"\t2\tnull\tnull\n"},
		{name: "pretty", code: `print(lacy.json.encode({ a = { 1 } }, { pretty = true }))`, want: "{\n  \"a\": [\n    1\n  ]\n}\n"},
		{name: "indent", code: `print(lacy.json.encode({ a = 1 }, { indent = "\t" }))`, want: "{\n\t\"a\": 1\n}\n"},
		{name: "decode",
			code: `local v = lacy.json.decode('{"a": [1, 2.5, "x", true, {"b": null}], "c": {}, "d": null}')
				print(#v.a, v.a[1], v.a[2], v.a[3], v.a[4], v.a[5].b, next(v.c), v.d)`,
			want: "5\t1\t2.5\tx\ttrue\tnil\tnil\tnil\n"},
		{name: "decode scalars", code: `print(lacy.json.decode("1e3"), lacy.json.decode('"s"'), lacy.json.decode("null"), lacy.json.decode(" false "))`, want: "1000\ts\tnil\tfalse\n"},
		{name: "round trip",
			code: `local s = '{"empty":[],"nested":[[],{}],"nulls":[1,null,3],"obj":{"k":"v"}}'
				print(lacy.json.encode(lacy.json.decode(s)) == s)`,
			want: "true\n"},
		{name: "null in arrays keeps positions", code: `local v = lacy.json.decode("[null, 2]"); print(#v, v[1] == lacy.json.null, v[2], tostring(v[1]))`, want: "2\ttrue\t2\tnull\n"},
		{name: "array marker", code: `print(lacy.json.encode({ a = lacy.json.array(), b = lacy.json.array({ 1 }) }))`, want: `{"a":[],"b":[1]}` + "\n"},
		{name: "number keys", code: `print(lacy.json.encode({ [1] = "a", [3] = "c" }))`, want: `{"1":"a","3":"c"}` + "\n"},
		{name: "decode error", code: `lacy.json.decode('{"a": }')`, wantErr: "test.lua:1: lacy.json.decode: invalid JSON at line 1: invalid character '}' looking for beginning of value"},
		{name: "decode trailing", code: `lacy.json.decode('{} x')`, wantErr: "lacy.json.decode: invalid JSON: text after the value"},
		{name: "decode truncated", code: `lacy.json.decode('[1, 2')`, wantErr: "lacy.json.decode: invalid JSON: unexpected end of input"},
		{name: "decode bad argument", code: `lacy.json.decode()`, wantErr: "bad argument #1 to 'lacy.json.decode' (string expected, got no value)"},
		{name: "encode no argument", code: `lacy.json.encode()`, wantErr: "bad argument #1 to 'lacy.json.encode' (value expected)"},
		{name: "encode function", code: `lacy.json.encode({ f = print })`, wantErr: "lacy.json.encode: cannot encode a function"},
		{name: "encode cycle", code: `local t = {}; t.t = t; lacy.json.encode(t)`, wantErr: "lacy.json.encode: nesting too deep"},
		{name: "encode nan", code: `lacy.json.encode(0/0)`, wantErr: "lacy.json.encode: cannot encode NaN"},
		{name: "encode bad options", code: `lacy.json.encode({}, { pretty = "yes" })`, wantErr: "bad argument #2 to 'lacy.json.encode' (field 'pretty': boolean expected, got string)"},
		{name: "array bad argument", code: `lacy.json.array("x")`, wantErr: "bad argument #1 to 'lacy.json.array' (table expected, got string)"},
	})
}

// FuzzJSON checks that any JSON text lacy.json.decode accepts encodes back
// to the same value.
func FuzzJSON(f *testing.F) {
	for _, s := range []string{`{"a":[1,null,{"b":[]}]}`, `[]`, `"x\u00e9"`, `1.5e10`, `{"":{}}`, `[[[]]]`, `null`} {
		f.Add(s)
	}
	L := lua.NewState()
	defer L.Close()
	c := &jsonCodec{arrayMT: L.NewTable(), null: L.NewUserData()}
	f.Fuzz(func(t *testing.T, s string) {
		var want any
		if json.Unmarshal([]byte(s), &want) != nil {
			return
		}
		L.SetTop(0)
		L.Push(lua.LString(s))
		if c.decode(L) != 1 {
			t.Fatal("decode returned no value")
		}
		v := L.Get(-1)
		L.SetTop(0)
		L.Push(v)
		c.encode(L)
		var got any
		if err := json.Unmarshal([]byte(L.Get(-1).String()), &got); err != nil {
			t.Fatalf("encode(decode(%q)) = %q: %v", s, L.Get(-1).String(), err)
		}
		if !reflect.DeepEqual(got, want) && !hasObjectNull(want) {
			t.Fatalf("round trip of %q gave %v, want %v", s, got, want)
		}
	})
}

// hasObjectNull reports whether v has a null object member, which
// decode drops on purpose.
func hasObjectNull(v any) bool {
	switch v := v.(type) {
	case map[string]any:
		for _, x := range v {
			if x == nil || hasObjectNull(x) {
				return true
			}
		}
	case []any:
		for _, x := range v {
			if hasObjectNull(x) {
				return true
			}
		}
	}
	return false
}
