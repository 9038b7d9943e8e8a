package shell

import "testing"

// TestBashCompatSHE covers the interpreter patches 180-189 of
// third_party/sh (see its PATCHES.md) through lacy's shell: one or more
// cases per patch, each the output bash gives.
func TestBashCompatSHE(t *testing.T) {
	t.Setenv("HOME", "/tmp")
	const tmp = "d=$(mktemp -d); cd $d; "
	const done = "; cd /; rm -r $d"
	cases := []bashCase{
		// 180: GLOBIGNORE.
		{"globignore-filter", tmp + "touch a.o a.h a.c .e; GLOBIGNORE=*.o:*.h; echo *; echo .*" + done, ".e a.c\n.e\n", 0},
		{"globignore-all", tmp + "touch a b; GLOBIGNORE=*; echo *; shopt -s nullglob; echo n *" + done, "*\nn\n", 0},
		{"globignore-path", tmp + "mkdir x y; touch x/1 y/1; GLOBIGNORE='x/*'; echo */*; GLOBIGNORE=; echo */*" + done, "y/1\nx/1 y/1\n", 0},
		// 181: an extended glob's text is a word: quotes, expansions, spaces.
		{"extglob-word", tmp + "shopt -s extglob\n touch a.cc a.h 'a b' '_|' a.x; e=cc; echo a.@($e|h); echo @(a b|x); echo @('_|'|q); echo @(zz|'*')" + done, "a.cc a.h\na b\n_|\n@(zz|*)\n", 0},
		{"extglob-nullglob", tmp + "shopt -s extglob nullglob\n echo n @(no|match)" + done, "n\n", 0},
		// 182: nocasematch.
		{"nocasematch", "shopt -s nocasematch; [[ a == [A] ]] && echo 1; [[ A =~ a ]] && echo 2; case a in A) echo 3;; esac; shopt -u nocasematch; [[ a == A ]] || echo 4", "1\n2\n3\n4\n", 0},
		// 183: "**/**" is "**".
		{"globstar-twice", tmp + "shopt -s globstar; mkdir -p c/s; touch a.md c/a.md c/s/a.md; echo **/**/*.*" + done, "a.md c/a.md c/s/a.md\n", 0},
		// 184: a carriage return is no blank.
		{"cr-in-word", "printf '%s\\n' a\r | od -An -c | tr -s ' '", " a \\r \\n\n", 0},
		{"cr-arith-value", "x=$'\\r4'; (echo $((x+1))) 2>/dev/null || echo failed; x=$'\\n4\\t'; echo $((x+1))", "failed\n5\n", 0},
		// 185: (( that does not close with )) is two subshells.
		{"dparen-subshells", "((echo s); (echo t)); ( (echo u) ); (( 1 + (2) )) && echo a; x=`((echo v) | cat)`; echo $x", "s\nt\nu\na\nv\n", 0},
	}
	runBashCases(t, cases)
}
