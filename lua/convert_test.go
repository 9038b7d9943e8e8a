package lua

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
	lua "github.com/yuin/gopher-lua"
)

// eval returns the value of a Lua expression.
func eval(t *testing.T, L *lua.LState, expr string) lua.LValue {
	t.Helper()
	if err := L.DoString("return " + expr); err != nil {
		t.Fatal(err)
	}
	v := L.Get(-1)
	L.Pop(1)
	return v
}

func TestToGoAndJSON(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	tests := []struct {
		expr string
		want any
		json string
		err  string
	}{
		{"nil", nil, "null", ""},
		{"true", true, "true", ""},
		{"1.5", 1.5, "1.5", ""},
		{"'a<b'", "a<b", `"a<b"`, ""},
		{"{}", map[string]any{}, "{}", ""},
		{"{1, 'x', {true}}", []any{1.0, "x", []any{true}}, `[1,"x",[true]]`, ""},
		{"{a = 1, b = {c = 'd'}}", map[string]any{"a": 1.0, "b": map[string]any{"c": "d"}}, `{"a":1,"b":{"c":"d"}}`, ""},
		{"{1, 2, x = 3}", map[string]any{"1": 1.0, "2": 2.0, "x": 3.0}, `{"1":1,"2":2,"x":3}`, ""},
		{"{[1] = 'a', [3] = 'c'}", map[string]any{"1": "a", "3": "c"}, `{"1":"a","3":"c"}`, ""},
		{"print", nil, "", "cannot convert a function"},
		{"{f = print}", nil, "", "cannot convert a function"},
		{"{[true] = 1}", nil, "", "cannot convert a table with a boolean key"},
		{"(function() local t = {} t.self = t return t end)()", nil, "", "cannot convert a table that contains itself"},
	}
	for _, tt := range tests {
		t.Run(tt.expr, func(t *testing.T) {
			v := eval(t, L, tt.expr)
			got, err := ToGo(v)
			if tt.err != "" {
				if err == nil || err.Error() != tt.err {
					t.Fatalf("ToGo err = %v, want %q", err, tt.err)
				}
				if _, err := ToJSON(v); err == nil {
					t.Error("ToJSON: no error")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("ToGo (-want +got)\n%s", diff)
			}
			b, err := ToJSON(v)
			if err != nil || string(b) != tt.json {
				t.Errorf("ToJSON = %s, %v; want %s", b, err, tt.json)
			}
		})
	}
}

func TestFromGo(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	type point struct {
		X    int    `json:"x"`
		Name string `json:"name"`
	}
	tests := []struct {
		in   any
		want any // ToGo of the result
	}{
		{nil, nil},
		{true, true},
		{42, 42.0},
		{uint8(7), 7.0},
		{float32(0.5), 0.5},
		{"s", "s"},
		{[]byte("b"), "b"},
		{json.Number("12"), 12.0},
		{[]string{"a", "b"}, []any{"a", "b"}},
		{[]any{1, "x", nil}, []any{1.0, "x"}}, // a trailing nil is no element in Lua
		{[]any{nil, "x"}, map[string]any{"2": "x"}},
		{map[string]any{"k": []any{1}}, map[string]any{"k": []any{1.0}}},
		{map[string]string{"a": "b"}, map[string]any{"a": "b"}},
		{[]int{1, 2}, []any{1.0, 2.0}},
		{point{X: 1, Name: "p"}, map[string]any{"x": 1.0, "name": "p"}},
		{&point{X: 2}, map[string]any{"x": 2.0, "name": ""}},
		{lua.LString("lv"), "lv"},
		{make(chan int), "0x"},
	}
	for _, tt := range tests {
		got, err := ToGo(FromGo(L, tt.in))
		if err != nil {
			t.Errorf("%#v: %v", tt.in, err)
			continue
		}
		if s, ok := got.(string); ok && tt.want == "0x" {
			if len(s) < 2 || s[:2] != "0x" {
				t.Errorf("%T: %q", tt.in, s)
			}
			continue
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%#v (-want +got)\n%s", tt.in, diff)
		}
	}
}

func TestStringList(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	tests := []struct {
		expr string
		want []string
		err  string
	}{
		{"{}", nil, ""},
		{"{'a', 'b'}", []string{"a", "b"}, ""},
		{"'a'", nil, `must be a list of strings, got string "a"`},
		{"{'a', 1}", nil, "item #2 must be a string, got number 1"},
		{"{a = 'b'}", nil, `must be a list of strings like { "a", "b" }, not a table with named keys`},
	}
	for _, tt := range tests {
		got, err := StringList(eval(t, L, tt.expr))
		if (err == nil) != (tt.err == "") || (err != nil && err.Error() != tt.err) {
			t.Errorf("%s: err = %v, want %q", tt.expr, err, tt.err)
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s (-want +got)\n%s", tt.expr, diff)
		}
	}
}
