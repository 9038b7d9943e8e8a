package stdlib

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"testing"

	lua "github.com/yuin/gopher-lua"

	lacylua "github.com/lacy-sh/lacy/lua"
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
