package agentsetup

import (
	"testing"

	"github.com/lacy-sh/lacy/agents"
	"github.com/lacy-sh/lacy/lua"
)

// TestScriptsManager checks which manager scripts get: the shared one
// when there is one, else one built from the VM's configuration, kept
// while nothing is declared and built again after a declaration.
func TestScriptsManager(t *testing.T) {
	t.Setenv("HOME", t.TempDir())
	vm := lua.New(lua.Options{})
	defer vm.Close()
	if _, errs := vm.LoadConfig(lua.Source{Name: "a.lua", Code: []byte(`require("lacy").agent("one")`)}); len(errs) > 0 {
		t.Fatal(errs)
	}
	s := &Scripts{}
	defer s.Close()
	m1 := s.manager(vm)
	if m2 := s.manager(vm); m2 != m1 {
		t.Error("built again without a new declaration")
	}
	if got := m1.Agents(); len(got) != 2 || got[1] != "one" {
		t.Errorf("agents %v", got)
	}
	if _, errs := vm.LoadConfig(lua.Source{Name: "b.lua", Code: []byte(`require("lacy").agent("two")`)}); len(errs) > 0 {
		t.Fatal(errs)
	}
	m3 := s.manager(vm)
	if m3 == m1 || len(m3.Agents()) != 3 {
		t.Errorf("not rebuilt after a declaration: %v", m3.Agents())
	}

	shared := agents.New(agents.Options{})
	var ready bool
	s2 := &Scripts{Shared: func() *agents.Manager {
		if ready {
			return shared
		}
		return nil
	}}
	defer s2.Close()
	if s2.manager(vm) == shared {
		t.Error("shared manager used before it exists")
	}
	ready = true
	if s2.manager(vm) != shared {
		t.Error("shared manager not used")
	}
}
