package stdlib

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"

	lua "github.com/yuin/gopher-lua"
)

// jsonModule builds lacy.json: encode(value, { pretty = bool }),
// decode(text), array(t) and the sentinel null.
//
// Decoded arrays carry a marker metatable, and lacy.json.array marks a
// table by hand, so that arrays (empty ones included) round-trip as
// arrays; other tables are objects when empty or when their keys are not
// exactly 1..n. null inside an array decodes to lacy.json.null (keeping
// the positions); a null object member is left out.
func (l *lib) jsonModule(L *lua.LState) *lua.LTable {
	arrayMT := L.NewTable()
	arrayMT.RawSetString("__name", lua.LString("lacy.json.array"))
	null := L.NewUserData()
	null.Value = jsonNull{}
	nullMT := L.NewTable()
	nullMT.RawSetString("__tostring", L.NewFunction(func(L *lua.LState) int {
		L.Push(lua.LString("null"))
		return 1
	}))
	L.SetMetatable(null, nullMT)
	c := &jsonCodec{arrayMT: arrayMT, null: null}

	t := module(L, map[string]lua.LGFunction{
		"encode": c.encode,
		"decode": c.decode,
		"array": func(L *lua.LState) int {
			t := L.NewTable()
			if L.Get(1) != lua.LNil {
				t = checkTable(L, "lacy.json.array", 1)
			}
			L.SetMetatable(t, arrayMT)
			L.Push(t)
			return 1
		},
	})
	t.RawSetString("null", null)
	return t
}

// jsonNull is the Value of the lacy.json.null userdata.
type jsonNull struct{}

type jsonCodec struct {
	arrayMT *lua.LTable
	null    *lua.LUserData
}

// encode is lacy.json.encode(value, { pretty = bool, indent = "  " }).
func (c *jsonCodec) encode(L *lua.LState) int {
	const fn = "lacy.json.encode"
	if L.GetTop() < 1 {
		argError(L, fn, 1, "value expected")
	}
	o := optTable(L, fn, 2, "pretty", "indent")
	indent := ""
	if o.boolean("pretty", false) {
		indent = "  "
	}
	if s, ok := o.str("indent"); ok {
		indent = s
	}
	v, err := c.toGo(L.Get(1), 0)
	if err != nil {
		L.RaiseError("%s: %v", fn, err)
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", indent)
	if err := enc.Encode(v); err != nil {
		L.RaiseError("%s: %v", fn, err)
	}
	L.Push(lua.LString(bytes.TrimSuffix(b.Bytes(), []byte("\n"))))
	return 1
}

// maxDepth bounds nesting (and catches tables that contain themselves).
const maxDepth = 1000

// toGo converts for encoding; see jsonModule for the rules.
func (c *jsonCodec) toGo(v lua.LValue, depth int) (any, error) {
	if depth > maxDepth {
		return nil, errors.New("nesting too deep (a table that contains itself?)")
	}
	switch v := v.(type) {
	case *lua.LNilType:
		return nil, nil
	case lua.LBool:
		return bool(v), nil
	case lua.LNumber:
		f := float64(v)
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return nil, fmt.Errorf("cannot encode %v", f)
		}
		return f, nil
	case lua.LString:
		return string(v), nil
	case *lua.LUserData:
		if v == c.null {
			return nil, nil
		}
	case *lua.LTable:
		n := v.Len()
		count := 0
		v.ForEach(func(lua.LValue, lua.LValue) { count++ })
		if (n > 0 && count == n) || (count == 0 && v.Metatable == c.arrayMT) {
			list := make([]any, n)
			for i := range n {
				x, err := c.toGo(v.RawGetInt(i+1), depth+1)
				if err != nil {
					return nil, err
				}
				list[i] = x
			}
			return list, nil
		}
		m := make(map[string]any, count)
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
				err = fmt.Errorf("cannot encode a table with a %s key", k.Type())
				return
			}
			m[key], err = c.toGo(val, depth+1)
		})
		return m, err
	}
	return nil, fmt.Errorf("cannot encode a %s", v.Type())
}

// decode is lacy.json.decode(text) → value.
func (c *jsonCodec) decode(L *lua.LState) int {
	const fn = "lacy.json.decode"
	text := checkString(L, fn, 1)
	d := json.NewDecoder(bytes.NewReader([]byte(text)))
	d.UseNumber()
	var x any
	err := d.Decode(&x)
	if err == nil {
		if _, extra := d.Token(); extra != io.EOF {
			err = errors.New("invalid JSON: text after the value")
		}
	}
	if err != nil {
		L.RaiseError("%s: %s", fn, jsonErr(err, text))
	}
	if x == nil {
		L.Push(lua.LNil) // a top-level null
	} else {
		L.Push(c.fromGo(L, x))
	}
	return 1
}

// jsonErr words a decoding error with its position.
func jsonErr(err error, text string) string {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		line := 1 + bytes.Count([]byte(text[:min(int(se.Offset), len(text))]), []byte("\n"))
		return "invalid JSON at line " + strconv.Itoa(line) + ": " + se.Error()
	}
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return "invalid JSON: unexpected end of input"
	}
	return err.Error()
}

func (c *jsonCodec) fromGo(L *lua.LState, x any) lua.LValue {
	switch x := x.(type) {
	case nil:
		return c.null
	case bool:
		return lua.LBool(x)
	case json.Number:
		f, _ := strconv.ParseFloat(string(x), 64)
		return lua.LNumber(f)
	case string:
		return lua.LString(x)
	case []any:
		t := L.CreateTable(len(x), 0)
		for _, e := range x {
			t.Append(c.fromGo(L, e))
		}
		L.SetMetatable(t, c.arrayMT)
		return t
	case map[string]any:
		t := L.CreateTable(0, len(x))
		for k, e := range x {
			if e != nil {
				t.RawSetString(k, c.fromGo(L, e))
			}
		}
		return t
	}
	return lua.LNil
}
