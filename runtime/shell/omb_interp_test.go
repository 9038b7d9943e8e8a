package shell

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestInterpForOhMyBash covers the fork patches 200–209, found by loading
// oh-my-bash and bash-it: each source's output is bash's. $D is a directory
// laid out as ~/.oh-my-bash is.
func TestInterpForOhMyBash(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{".oh-my-bash/lib/utils.sh", ".oh-my-bash/lib/omb-util.sh", "a*b/x1", "a-b/x2"} {
		p := filepath.Join(dir, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cases := []struct {
		name, src, out string
		status         int
	}{
		// patch 200: a quoted directory name in a glob is that name, dashes
		// and wildcards included (oh-my-bash's "$OSH"/lib/*.sh).
		{"glob under quoted dashed dir", `O=$D/.oh-my-bash; x=("$O"/lib/*.sh); echo ${#x[@]} "${x[0]#$D/}"`, "2 .oh-my-bash/lib/omb-util.sh\n", 0},
		{"glob under quoted dir nullglob", `shopt -s nullglob; O=$D/.oh-my-bash; x=({"$O","$O/custom"}/lib/*.{bash,sh}); echo ${#x[@]}`, "2\n", 0},
		{"glob under quoted star dir", `cd "$D"; echo "a*b"/x* "a-b"/x* a\-b/x*`, "a*b/x1 a-b/x2 a-b/x2\n", 0},
		// patch 201: declare -F with a name that is not a literal word, and
		// `builtin declare -F` (bash-it's _command_exists and friends).
		{"declare -F expanded name", `f() { :; }; n=f; declare -F "$n"; echo $?; typeset -F "${n}" nope; echo $?`, "f\n0\nf\n1\n", 0},
		{"builtin declare -F", `f() { :; }; builtin declare -F f; command declare -F f; builtin declare x=4; echo $x`, "f\nf\n4\n", 0},
		// patch 202: alias -p lists every alias, then does the rest.
		{"alias -p", `alias -p; alias a=b; alias -p c=d; alias -p a`, "alias a='b'\nalias a='b'\nalias c='d'\nalias a='b'\n", 0},
		{"alias bad option", `alias -x`, "", 2},
		// patch 203: a declaration builtin's expanded name+=value appends.
		{"declare field append", `X=a; \export X+=b; v="X+=c"; declare "$v"; echo $X; f() { local Z=q; builtin local Z+=r; echo $Z; }; f`, "abc\nqr\n", 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var out, errOut strings.Builder
			sh, err := New(Options{Stdout: &out, Stderr: &errOut, Stdin: strings.NewReader("")})
			if err != nil {
				t.Fatal(err)
			}
			status, _ := sh.Run(context.Background(), "D='"+dir+"'\n"+c.src, "test")
			if status != c.status || out.String() != c.out {
				t.Errorf("%q: status %d, out %q, err %q; want %d, %q", c.src, status, out.String(), errOut.String(), c.status, c.out)
			}
		})
	}
}
