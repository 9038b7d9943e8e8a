package shell

import (
	"strings"
	"testing"
)

// TestBashCompatSHF covers the interpreter patches 190-199 of
// third_party/sh (see its PATCHES.md) through lacy's shell: one or more
// cases per patch, each the output bash gives.
func TestBashCompatSHF(t *testing.T) {
	t.Setenv("HOME", "/tmp")
	cases := []struct {
		name, src, out string
		status         int
	}{
		// 190: let's arguments take comments and blanks inside parentheses.
		{"let-comment", "let z=2*3  # a comment\necho $z", "6\n", 0},
		{"let-paren-blanks", "let x=( 1 + 2 ) y=( x * 3 ); echo $x $y", "3 9\n", 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			status, out, errOut := run(t, c.src)
			if status != c.status || out != c.out {
				t.Errorf("%q: status %d, out %q (stderr %q); want %d, %q", c.src, status, out, errOut, c.status, c.out)
			}
			if strings.Contains(errOut, "internal error") {
				t.Errorf("%q: %s", c.src, errOut)
			}
		})
	}
}
