package lua

import (
	"context"
	"sync"
	"testing"

	lua "github.com/yuin/gopher-lua"
)

// TestConfigWhileLuaRuns checks that the configuration is readable while
// Lua code runs (the VM locked): from a Go function Lua calls, through
// VMOf, and from another goroutine; each declaration is seen at once.
func TestConfigWhileLuaRuns(t *testing.T) {
	isolate(t)
	var seen []int
	var gens []uint64
	vm := New(Options{Extend: func(L *lua.LState, mod *lua.LTable) {
		mod.RawSetString("probe", L.NewFunction(func(L *lua.LState) int {
			v := VMOf(L)
			seen = append(seen, len(v.Config().Models))
			gens = append(gens, v.Generation())
			return 0
		}))
	}})
	defer vm.Close()

	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { // reads race with the declarations; -race checks them
		defer wg.Done()
		for {
			select {
			case <-stop:
				return
			default:
				_ = vm.Config().Models
			}
		}
	}()
	err := vm.Exec(context.Background(), Source{Name: "s.lua", Code: []byte(`local lacy = require("lacy")
lacy.probe()
lacy.model("a", { provider = "ollama", model = "x" })
lacy.probe()
local co = coroutine.create(function()
  lacy.model("b", { provider = "ollama", model = "y" })
  lacy.probe()
end)
coroutine.resume(co)
pcall(lacy.config, { mode = "shell", log_level = "loud" })
lacy.probe()`)})
	close(stop)
	wg.Wait()
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{0, 1, 2, 2}; len(seen) != len(want) || seen[0] != 0 || seen[1] != 1 || seen[2] != 2 || seen[3] != 2 {
		t.Errorf("models seen %v, want %v", seen, want)
	}
	if !(gens[0] < gens[1] && gens[1] < gens[2] && gens[2] < gens[3]) {
		t.Errorf("generations %v do not grow with each declaration", gens)
	}
	// A declaration that raised half-way is published up to the error.
	if c := vm.Config(); c.Mode != "shell" {
		t.Errorf("mode %q: the raising call's first key is not published", c.Mode)
	}
}

// TestLend checks that while a Go function Lua called waits in Lend, Do
// from another goroutine runs on it (a Lua tool called by an agent during
// a script's lacy.agent.ask), and that Do still honours its context.
func TestLend(t *testing.T) {
	isolate(t)
	vm := New(Options{Extend: func(L *lua.LState, mod *lua.LTable) {
		mod.RawSetString("wait_for_tool", L.NewFunction(func(L *lua.LState) int {
			v := VMOf(L)
			done := make(chan struct{})
			var got string
			go func() {
				defer close(done)
				_ = v.Do(context.Background(), func(L *lua.LState) error {
					if err := L.DoString(`return tool_value()`); err != nil {
						return err
					}
					got = L.Get(-1).String()
					return nil
				})
			}()
			v.Lend(Context(L), L, done)
			L.Push(lua.LString(got))
			return 1
		}))
	}})
	defer vm.Close()
	err := vm.Exec(context.Background(), Source{Name: "s.lua", Code: []byte(`local lacy = require("lacy")
function tool_value() return "from-tool" end
local before = select("#", 1, 2)
assert(lacy.wait_for_tool() == "from-tool")
assert(select("#", 1, 2) == before)`)})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := vm.Do(ctx, func(*lua.LState) error { return nil }); err != context.Canceled {
		t.Errorf("Do with an ended context: %v", err)
	}
}
