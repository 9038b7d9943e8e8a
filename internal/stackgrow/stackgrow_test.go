package stackgrow

import "testing"

// The frame's buffer must stay on the stack: on the heap it would grow
// nothing and cost an allocation at every start.
func TestGrowAllocatesNothing(t *testing.T) {
	if n := testing.AllocsPerRun(10, grow); n != 0 {
		t.Errorf("grow made %v allocations, want 0", n)
	}
}
