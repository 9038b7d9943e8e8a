package shell

import "testing"

// TestSetDash: set - turns off -x and -v and takes the rest as arguments, a lone + is
// ignored; $- keeps its flags in subshells (lacy patch 087).
func TestSetDash(t *testing.T) {
	cases := []struct{ src, out string }{
		{"set -v; set - a b; echo \"$@\" ${-//[^v]/}.", "a b .\n"},
		{"set + -u x y; echo \"$@\"; case $- in *u*) echo u;; esac", "x y\nu\n"},
		{"set -u; (case $- in *u*) echo sub;; esac)", "sub\n"},
	}
	for _, c := range cases {
		if got := runLines(t, c.src); got != c.out {
			t.Errorf("%q:\ngot  %q\nwant %q", c.src, got, c.out)
		}
	}
}
