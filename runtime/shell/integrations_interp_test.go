package shell

import (
	"context"
	"strings"
	"testing"
)

// TestInterpForIntegrations covers the interpreter's fork patches 100–119,
// which the rc files of bash integrations need (oh-my-bash, nvm, bash-it…):
// each source's output is bash's.
func TestInterpForIntegrations(t *testing.T) {
	long := strings.Repeat("echo padding-padding-padding; ", 60) // past the parser's 1 KiB buffer
	cases := []struct {
		name, src, out string
		status         int
	}{
		// patch 100: a ( ) subshell or $( ) of a function is still in it.
		{"local in subshell", `f() { ( local a=ok; echo $a ); }; f`, "ok\n", 0},
		{"subshell locals stay", `g() { local b=1; ( b=2; local c=3; echo $b$c ); echo $b; }; g`, "23\n1\n", 0},
		{"return in subshell", `f() { (return 4); echo r=$?; x=$(echo in; return 5; echo no); echo "$x $?"; }; f`, "r=4\nin 5\n", 0},
		{"local outside function", `(local z); echo st=$?`, "st=1\n", 0},
		// patch 101: $(( not closed by )) is a command substitution.
		{"dparen subshell", `x=$((echo a || echo b) | tr a-z A-Z); echo "$x"`, "A\n", 0},
		{"dparen quoted paren", `y="$((echo ")"; echo q) | wc -l)"; echo $y`, "2\n", 0},
		{"dparen arithmetic", `echo $((1+2)) $(( (1+2)*3 )) "$((4))" $(( $((1)) + 2 ))`, "3 9 4 3\n", 0},
		// patch 103: escaped and command/builtin declaration builtins.
		{"escaped export", `\export A=1; echo $A; sh -c 'echo "$A"'`, "1\n1\n", 0},
		{"escaped local", `f() { \local x=2; echo $x; }; f; echo "[$x]"`, "2\n[]\n", 0},
		{"command export", `command export B=3; builtin export C=4; echo $B$C`, "34\n", 0},
		{"escaped export keeps spaces", `v="a b"; \export E="$v" F; F=5; echo "$E"; sh -c 'echo $F'`, "a b\n5\n", 0},
		{"escaped export appends", `X=a; \export X+=b; echo $X`, "ab\n", 0},
		{"declare -F of an expanded name inside a function", `f() { :; }; g() { declare -F "$1" >/dev/null; echo $?; }; g f; g nope`, "0\n1\n", 0},
		{"alias -p lists the aliases", "shopt -s expand_aliases; alias x=y; alias -p; alias -- z=w; alias z", "alias x='y'\nalias z='w'\n", 0},
		{"a quoted directory with a dash before a glob", `d=$(mktemp -d); mkdir "$d/.a-b"; touch "$d/.a-b/x.sh"; for f in "$d/.a-b"/*.sh; do echo "${f##*/}"; done; rm -r "$d"`, "x.sh\n", 0},
		{"dparen past buffer", `x=$((` + long + `echo end) | tail -1); echo "$x"`, "end\n", 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var out, errOut strings.Builder
			sh, err := New(Options{Stdout: &out, Stderr: &errOut, Stdin: strings.NewReader("")})
			if err != nil {
				t.Fatal(err)
			}
			status, _ := sh.Run(context.Background(), c.src, "test")
			if status != c.status || out.String() != c.out {
				t.Errorf("%q: status %d, out %q, err %q; want %d, %q", c.src, status, out.String(), errOut.String(), c.status, c.out)
			}
		})
	}
}
