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
		// 191: set -E (errtrace); the ERR trap runs for the failing command, not the compound around it.
		{"err-not-in-func", "trap 'echo err' ERR; f() { false; true; }; f; echo ok", "ok\n", 0},
		{"errtrace-func", "trap 'echo err' ERR; set -o errtrace; f() { false; true; }; f; echo $-", "err\nhBE\n", 0},
		{"errtrace-subshell", "trap 'echo err' ERR; ( false; true ); set -E; ( false; true )", "err\n", 0},
		{"err-compound", "trap 'echo err $LINENO' ERR; for i in 1; do\nfalse\ndone\n{ false; }", "err 2\nerr 4\n", 1},
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
