package shell

import (
	"strings"
	"testing"
)

// TestNestingWithoutEnd: a recursion without end is refused with one
// message and the script goes on; a deep but finite one is not.
func TestNestingWithoutEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("recurses to the limit")
	}
	_, out, errOut := run(t, "f() { f; }; f; echo skipped\necho after")
	if out != "after\n" || strings.Count(errOut, "maximum function nesting level exceeded") != 1 {
		t.Fatalf("stdout %q stderr %q", out, errOut)
	}
	_, out, errOut = run(t, `f() { if (( $1 > 0 )); then f $(( $1 - 1 )); else echo reached; fi; }; f 200`)
	if out != "reached\n" || errOut != "" {
		t.Fatalf("depth 200: stdout %q stderr %q", out, errOut)
	}
}
