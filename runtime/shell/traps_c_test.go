package shell

import "testing"

// TestTrapLinesPipelinesLoops: the ERR trap sees the failed command's
// $LINENO and runs once for a failed pipeline; DEBUG runs before each part
// of a pipeline and before each iteration of a for loop (lacy patch 089).
func TestTrapLinesPipelinesLoops(t *testing.T) {
	cases := []struct{ src, out string }{
		{"trap 'echo err $LINENO' ERR\n\nfalse | false\nfalse || false\n! true\necho ok", "err 3\nerr 4\nok\n"},
		{"trap 'echo dbg $LINENO' DEBUG\ntrue |\n  true |\n  true\ntrap - DEBUG", "dbg 2\ndbg 3\ndbg 4\ndbg 5\n"},
		// 090: RETURN runs after a sourced file, and after a function only
		// when the function set it (functions do not inherit it).
		{"f() { trap 'echo ret f' RETURN; echo in f; }\ng() { echo in g; }\nf\ng", "in f\nret f\nin g\n"},
		{"echo 'echo in lib' > /tmp/lacy-rt-test.sh; trap 'echo ret' RETURN; . /tmp/lacy-rt-test.sh; rm /tmp/lacy-rt-test.sh", "in lib\nret\n"},
		{"trap 'echo dbg' DEBUG\nfor x in 1 2; do :; done\ntrap - DEBUG", "dbg\ndbg\ndbg\ndbg\ndbg\n"},
		{"trap 'echo dbg' DEBUG\nfor ((i=0; i<1; i++)); do :; done\ntrap - DEBUG", "dbg\ndbg\ndbg\ndbg\ndbg\ndbg\n"},
	}
	for _, c := range cases {
		if got := runLines(t, c.src); got != c.out {
			t.Errorf("%q:\ngot  %q\nwant %q", c.src, got, c.out)
		}
	}
}
