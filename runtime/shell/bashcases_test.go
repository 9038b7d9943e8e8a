package shell

import (
	"strings"
	"testing"
)

// bashCase is a script run in lacy's shell, with the status and output bash
// gives; the interpreter patches' tests (bashcompat_*_test.go) are tables of
// them.
type bashCase struct {
	name, src, out string
	status         int
}

// runBashCases runs each case as a subtest. No case may hit an internal
// error of the interpreter, whatever it prints.
func runBashCases(t *testing.T, cases []bashCase) {
	t.Helper()
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
