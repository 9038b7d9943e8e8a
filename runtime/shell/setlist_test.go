package shell

import "testing"

// TestSetBuiltin: a bare set lists the variables in a form that reads back;
// set - turns off -x and -v and takes the rest as arguments, a lone + is
// ignored; $- keeps its flags in subshells (lacy patch 087).
func TestSetBuiltin(t *testing.T) {
	cases := []struct{ src, out string }{
		{"_a='[ ]' _b=$'x\\ty' _c=\"it's\" _d=plain; set | grep '^_[a-d]='",
			"_a='[ ]'\n_b=$'x\\ty'\n_c='it'\\''s'\n_d=plain\n"},
		{"_a=(1 '2 3'); set | grep '^_a='", "_a=([0]=\"1\" [1]=\"2 3\")\n"},
		{"_x=$'a\\nb' _y='$HOME \"q\"'; set | grep '^_[xy]=' > /tmp/lacy-setlist-test; unset _x _y; . /tmp/lacy-setlist-test; rm /tmp/lacy-setlist-test; [ \"$_x\" = $'a\\nb' ] && [ \"$_y\" = '$HOME \"q\"' ] && echo ok", "ok\n"},
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
