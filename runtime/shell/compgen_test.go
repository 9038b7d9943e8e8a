package shell

import "testing"

func TestCompgen(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{`__gc_a=1 __gc_b=2; compgen -v __gc_`, "__gc_a\n__gc_b\n"},
		{`__gc_a=1; unset $(compgen -v __gc_); echo "[${__gc_a-}]"`, "[]\n"},
		{`compgen -W "alpha beta alps" al`, "alpha\nalps\n"},
		{`f1() { :; }; compgen -A function f1`, "f1\n"},
		{`compgen -v NO_SUCH_PREFIX_; echo $?`, "1\n"},
		{`export __gc_e=1; __gc_n=1; compgen -e __gc_`, "__gc_e\n"},
		{`mkdir -p dd; touch df; compgen -d d`, "dd\n"},
		{`compgen -b compg`, "compgen\n"},
		{`compgen -Z x 2>/dev/null; echo $?`, "2\n"},
	} {
		if _, out, errOut := run(t, c.src); out != c.want {
			t.Errorf("%s: got %q (stderr %q), want %q", c.src, out, errOut, c.want)
		}
	}
}
