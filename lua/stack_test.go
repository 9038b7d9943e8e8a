package lua

import (
	"context"
	"strings"
	"testing"
)

// The Lua state's stacks start small and grow (NewState's options): deep
// recursion still works, and runaway recursion is an error, not a crash.
func TestStacksGrow(t *testing.T) {
	vm := New(Options{})
	defer vm.Close()
	ok := `local function depth(n) if n == 0 then return 0 end return 1 + depth(n - 1) end
assert(depth(150) == 150)
local t = {}
for i = 1, 3000 do t[i] = i end
local unpack = table.unpack or unpack
assert(select("#", unpack(t)) == 3000)`
	if err := vm.Exec(context.Background(), Source{Name: "deep.lua", Code: []byte(ok)}); err != nil {
		t.Fatalf("deep but bounded: %v", err)
	}
	runaway := `local function f(n) return 1 + f(n + 1) end
f(0)`
	err := vm.Exec(context.Background(), Source{Name: "runaway.lua", Code: []byte(runaway)})
	if err == nil || !strings.Contains(err.Error(), "overflow") {
		t.Fatalf("runaway recursion: %v, want a stack overflow error", err)
	}
}
