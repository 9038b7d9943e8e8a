package shell

import (
	"context"
	"strings"
	"testing"
)

// runLines runs src in a fresh non-interactive shell and returns its output.
func runLines(t *testing.T, src string) string {
	t.Helper()
	var out, errOut strings.Builder
	sh, err := New(Options{Stdout: &out, Stderr: &errOut, Stdin: strings.NewReader("")})
	if err != nil {
		t.Fatal(err)
	}
	sh.RunScript(context.Background(), src, "")
	return out.String()
}

// TestParamOps: bash's parameter expansion operators as the interpreter's
// patches implement them (lacy patches 083 on).
func TestParamOps(t *testing.T) {
	cases := []struct{ src, out string }{
		// 083: anchored replacement; quoted pattern parts are literal.
		{"s=xx_xx; echo ${s/#xx/yy} ${s/%xx/yy} ${s/#_/z}", "yy_xx xx_yy xx_xx\n"},
		{"a=(aa bb ''); printf '[%s]' \"${a[@]/#/p-}\" \"${a[@]/%/-s}\"; echo", "[p-aa][p-bb][p-][aa-s][bb-s][-s]\n"},
		{"v='[foo]'; echo ${v#?} ${v#\"?\"} \"${v%'o]'}\"", "foo] [foo] [fo\n"},
		// 084: ${x@OP} for each element, bash's quoting, nothing when unset.
		{"x=$'a\tb' y=\"it's\" e=; echo ${x@Q} ${y@Q} ${e@Q} ${undef@Q}.", "$'a\\tb' 'it'\\''s' '' .\n"},
		{"a=(1 '2 3'); printf '[%s]' \"${a[@]@Q}\" ${a@Q}; echo", "['1']['2 3']['1']\n"},
		{"a=(1 '2 3'); echo ${a[@]@A}; declare -r z=1; echo ${z@A} ${z@a} ${a@a}", "declare -a a=([0]=\"1\" [1]=\"2 3\")\ndeclare -r z='1' r a\n"},
		{"set -- a 'b c'; echo ${@@Q}", "'a' 'b c'\n"},
		// 085: the word of ${x-word} is quote-removed (double-quoted inside
		// "..."); a list is set when it has elements.
		{`echo ${u-\$} ${u-\z} "${u-\$}" "${u-\z}"`, "$ z $ \\z\n"},
		{"a=(); echo \"[${a[@]-none}]\" \"[${a[@]+some}]\"; set --; echo ${@-minus}", "[none] []\nminus\n"},
		{"a=(''); printf '[%s]' \"${a[@]+foo}\" \"${a[@]:-bar}\"; echo", "[foo][bar]\n"},
		// 086: quote removal in assignments; [[ =~ ]] quoted parts are literal.
		{`x=\$HOME y=a\ b z=a\\b; echo "$x|$y|$z"`, "$HOME|a b|a\\b\n"},
		{`[[ axb =~ a\.b ]] || echo 1; [[ axb =~ "a.b" ]] || echo 2; [[ a.b =~ ^"a.b"$ ]] && echo 3`, "1\n2\n3\n"},
		{`v='\ x'; declare n="$v"; echo "$n"`, "\\ x\n"},
		// 095: ${!ref OP word} applies OP to the parameter ref names.
		{"a=(x y); r=a; echo \"${!r-n}\" \"${!r/x/z}\"; r='a[1]'; echo \"${!r-n}\"; r='a[@]'; echo \"${!r-n}\"; r=u; echo \"${!r-unset}\"", "x z\ny\nx y\nunset\n"},
		// 081, 082: return's status; $(<missing) goes on.
		{"f() { ( exit 42 ); return; }; f; echo $?", "42\n"},
		{"f() ( return 7 ); f; echo $?", "7\n"},
		{"x=$(< /nonexistent/file); echo after=$? \"[$x]\"", "after=1 []\n"},
	}
	for _, c := range cases {
		if got := runLines(t, c.src); got != c.out {
			t.Errorf("%q:\ngot  %q\nwant %q", c.src, got, c.out)
		}
	}
}
