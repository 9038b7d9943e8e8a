package shell

import "testing"

// TestEnableAndHash: enable lists builtins and checks names; hash NAME
// fails for a program not on PATH and remembers the others (lacy patch 091).
func TestEnableAndHash(t *testing.T) {
	cases := []struct{ src, out string }{
		{"enable echo cd; echo $?; enable no-such-builtin 2>/dev/null; echo $?; enable | grep -c '^enable echo$'", "0\n1\n1\n"},
		{"enable -n echo 2>/dev/null; echo $?", "1\n"},
		{"hash sh; echo $?; hash no-such-program-zz 2>/dev/null; echo $?; hash -t sh | grep -c /sh; hash -r; hash -t sh 2>/dev/null; echo $?", "0\n1\n1\n1\n"},
		{"hash 2>&1", "hash: hash table empty\n"},
		// 093: jobs without job control lists the background statements.
		{"sleep 10 & jobs; jobs -p | grep -c .; kill $!; wait; jobs; echo end", "[1]+  Running                 sleep 10 &\n1\nend\n"},
		// 092: cd through a missing directory fails; pwd ignores operands.
		{"cd /no-such-dir-zz/.. 2>/dev/null; echo $?; cd / && pwd x", "1\n/\n"},
	}
	for _, c := range cases {
		if got := runLines(t, c.src); got != c.out {
			t.Errorf("%q:\ngot  %q\nwant %q", c.src, got, c.out)
		}
	}
}
