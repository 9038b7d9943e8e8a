package shell

import "testing"

// TestBashCompatSHF covers the interpreter patches 190-199 of
// third_party/sh (see its PATCHES.md) through lacy's shell: one or more
// cases per patch, each the output bash gives.
func TestBashCompatSHF(t *testing.T) {
	t.Setenv("HOME", "/tmp")
	cases := []bashCase{
		// 190: let's arguments take comments and blanks inside parentheses.
		{"let-comment", "let z=2*3  # a comment\necho $z", "6\n", 0},
		{"let-paren-blanks", "let x=( 1 + 2 ) y=( x * 3 ); echo $x $y", "3 9\n", 0},
		// 191: set -E (errtrace); the ERR trap runs for the failing command, not the compound around it.
		{"err-not-in-func", "trap 'echo err' ERR; f() { false; true; }; f; echo ok", "ok\n", 0},
		{"errtrace-func", "trap 'echo err' ERR; set -o errtrace; f() { false; true; }; f; echo $-", "err\nhBE\n", 0},
		{"errtrace-subshell", "trap 'echo err' ERR; ( false; true ); set -E; ( false; true )", "err\n", 0},
		{"err-compound", "trap 'echo err $LINENO' ERR; for i in 1; do\nfalse\ndone\n{ false; }", "err 2\nerr 4\n", 1},
		// 192: declare -n on a set variable, +n, and -n r=y re-pointing a nameref.
		{"nameref-from-value", "x=foo; ref=x; typeset -n ref; echo $ref ${!ref}; typeset +n ref; echo $ref", "foo x\nx\n", 0},
		{"nameref-not-a-name", "ref=1; typeset -n ref; echo $ref", "1\n", 0},
		{"nameref-repoint", "x=X; y=Y; typeset -n ref=x; typeset -n ref=y; echo $x $ref", "X Y\n", 0},
		{"unset-nameref", "x=X; typeset -n ref=x; unset ref; echo \"[$ref][$x]\"; x=2; typeset -n r=x; unset -n r; echo \"[$r][$x]\"", "[][]\n[][2]\n", 0},
		// 193: declare a[i]=v sets that element; export/readonly a[i]=v are errors.
		{"declare-elem", "typeset a[3]=4 a[1+4]=6; echo ${!a[@]} ${a[@]}; f() { local d[2]=x; echo ${!d[@]}; }; f", "3 5 4 6\n2\n", 0},
		{"export-elem", "export e[7]=8 2>/dev/null; echo $? ${e-unset}", "1 unset\n", 0},
		// 194: "${!ref}" with ref=@ or ref='a[@]' is one field per element.
		{"indirect-elems", "set -- x y; ref=@; printf '<%s>' \"${!ref}\"; a=(p q); r='a[@]'; printf '<%s>' \"${!r}\" \"${!r#p}\"; echo", "<x><y><p><q><><q>\n", 0},
		// 195: ${!a[@]OP} is indirect through a's one element.
		{"indirect-elem-op", "declare -A r=([d]=v); v=value; printf '<%s>' \"${!r[@]:2}\" \"${!r[@]#?}\" \"${!r[@]}\"; a=(x y); (: \"${!a[@]-w}\") 2>/dev/null; echo $?", "<lue><alue><d>1\n", 0},
		// 196: test with three arguments and a binary operator in the middle.
		{"test-three-args", "test '(' = ')'; echo $?; [ '(' == ')' ]; echo $?; test ! = x; echo $?", "1\n1\n1\n", 0},
		// 197: "${!a[@]}" of an unset name is no field; of a string, 0.
		{"keys-unset-string", "printf '<%s>' \"${!b[@]}\" x; s=1; printf '<%s>' \"${!s[@]}\"; echo", "<x><0>\n", 0},
	}
	runBashCases(t, cases)
}
