package stdlib

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	lua "github.com/yuin/gopher-lua"

	lacylua "github.com/lacy-sh/lacy/lua"
	"github.com/lacy-sh/lacy/spec"
)

// TestDefinitionsMatchModule checks that the LuaLS file documents every
// function of the lacy module (config and stdlib) and nothing else.
func TestDefinitionsMatchModule(t *testing.T) {
	var mod *lua.LTable
	l := newLib(Deps{})
	vm := lacylua.New(lacylua.Options{Extend: func(L *lua.LState, m *lua.LTable) {
		l.extend(L, m)
		mod = m
	}})
	defer vm.Close()

	var have []string
	var walk func(prefix string, t *lua.LTable)
	walk = func(prefix string, t *lua.LTable) {
		t.ForEach(func(k, v lua.LValue) {
			name := prefix + "." + k.String()
			switch v := v.(type) {
			case *lua.LFunction:
				have = append(have, name)
			case *lua.LTable:
				walk(name, v)
			}
		})
	}
	walk("lacy", mod)
	// lacy.env's functions live behind its metatable; lacy.agent and lacy.sh
	// are callable tables.
	have = append(have, "lacy.env.get", "lacy.env.set", "lacy.env.unset", "lacy.env.list", "lacy.agent", "lacy.sh")
	slices.Sort(have)

	var documented []string
	for _, m := range regexp.MustCompile(`(?m)^function (lacy[\w.]*)\(`).FindAllSubmatch(Definitions(), -1) {
		documented = append(documented, string(m[1]))
	}
	for _, m := range regexp.MustCompile(`(?m)^---@overload fun.*\n(lacy[\w.]*) = \{\}`).FindAllSubmatch(Definitions(), -1) {
		documented = append(documented, string(m[1]))
	}
	slices.Sort(documented)
	if !slices.Equal(have, documented) {
		t.Errorf("module functions:\n%q\ndocumented:\n%q", have, documented)
	}
	for _, method := range []string{"send", "history", "reset"} {
		if !regexp.MustCompile(`(?m)^function Conversation:` + method + `\(`).Match(Definitions()) {
			t.Errorf("Conversation:%s is not documented", method)
		}
	}
}

// TestDefinitionsCompile checks that the definitions are valid Lua (LuaLS
// reads them as code).
func TestDefinitionsCompile(t *testing.T) {
	L := lua.NewState()
	defer L.Close()
	if _, err := L.Load(bytes.NewReader(Definitions()), DefsFile); err != nil {
		t.Fatal(err)
	}
}

func TestWriteDefinitions(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "a", "b")
	path, err := WriteDefinitions(dir)
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil || string(b) != string(Definitions()) || filepath.Base(path) != DefsFile {
		t.Fatalf("wrote %s: %v", path, err)
	}
}

// TestDefinitionsFromSpec checks that the definitions show every table of
// spec exactly once, generated from the same key lists the Lua readers
// accept (a key added to a reader but not to spec fails lua's tests; one
// added to spec shows here), and that no hand-written class duplicates one.
func TestDefinitionsFromSpec(t *testing.T) {
	defs := string(Definitions())
	if placeholder.Get().MatchString(defs) {
		t.Errorf("a placeholder was left: %s", placeholder.Get().FindString(defs))
	}
	for _, tb := range spec.Tables {
		if n := strings.Count(defs, "---@class "+tb.Class+"\n"); n != 1 {
			t.Errorf("class %s appears %d times", tb.Class, n)
		}
		if !strings.Contains(defs, tb.Render()) {
			t.Errorf("class %s is not spec's:\n%s", tb.Class, tb.Render())
		}
	}
	for _, p := range spec.Providers {
		if !strings.Contains(defs, `"`+p+`"`) {
			t.Errorf("provider %s is missing", p)
		}
	}
	// Every key of lacy.config a user can write is documented: the
	// fields of lacy.Options are exactly spec's.
	re := regexp.MustCompile(`(?m)^---@class lacy\.Options\n((?:---@field .*\n)*)`)
	m := re.FindStringSubmatch(defs)
	if m == nil {
		t.Fatal("no lacy.Options class")
	}
	var keys []string
	for _, f := range regexp.MustCompile(`(?m)^---@field (\w+)`).FindAllStringSubmatch(m[1], -1) {
		keys = append(keys, f[1])
	}
	if !slices.Equal(keys, spec.OptionsTable.Keys()) {
		t.Errorf("lacy.Options fields %q, spec %q", keys, spec.OptionsTable.Keys())
	}
}
