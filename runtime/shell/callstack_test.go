package shell

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestCallStack: FUNCNAME, BASH_SOURCE, BASH_LINENO and caller follow
// bash's call stack (a script file is "main", a sourced file "source"), $_
// is the last argument of the previous command, declare -F / -f NAME list
// functions as bash does, local works in a function's subshells and command
// substitutions (nvm), and export -f passes a function to child shells.
func TestCallStack(t *testing.T) {
	dir := t.TempDir()
	lib := filepath.Join(dir, "lib.sh")
	if err := os.WriteFile(lib, []byte("echo \"lib: ${BASH_SOURCE[*]} ${BASH_LINENO[*]}\"\nl() { caller 0; }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	script := filepath.Join(dir, "s.sh")
	cases := []struct{ src, out string }{
		{"f() { echo \"${FUNCNAME[*]}|${BASH_LINENO[*]}\"; caller; caller 0; }\ng() { f; }\ng\necho \"top=${FUNCNAME[*]}|${BASH_SOURCE[*]}\"; caller; echo $?",
			"f g main|2 3 0\n2 SCRIPT\n2 g SCRIPT\ntop=|SCRIPT\n0 NULL\n0\n"},
		{". LIB\nf() { l; }\nf", "lib: LIB SCRIPT 1 0\n2 f SCRIPT\n"},
		{"echo a b\necho $_", "a b\nb\n"},
		{"f() { :; }; g() { :; }; declare -F; declare -F g nope; echo $?", "declare -f f\ndeclare -f g\ng\n1\n"},
		{"f() { echo x; }; declare -f f", "f () \n{ \n    echo x\n}\n"},
		{"f() { ( local a=1; echo $a ); b=$(local c=2; echo $c); echo $b; }; f", "1\n2\n"},
		{"h() { echo hi $1; }; export -f h; bash -c 'h 1'", "hi 1\n"},
	}
	for _, c := range cases {
		if strings.Contains(c.src, "bash -c") {
			if _, err := exec.LookPath("bash"); err != nil {
				continue
			}
		}
		src := strings.ReplaceAll(c.src, "LIB", lib)
		if err := os.WriteFile(script, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		var out, errOut strings.Builder
		sh, err := New(Options{Stdout: &out, Stderr: &errOut, Stdin: strings.NewReader(""), Name: script})
		if err != nil {
			t.Fatal(err)
		}
		sh.RunScript(context.Background(), src, script)
		want := strings.NewReplacer("SCRIPT", script, "LIB", lib).Replace(c.out)
		if out.String() != want {
			t.Errorf("%q:\ngot  %q\nwant %q\nstderr %q", c.src, out.String(), want, errOut.String())
		}
	}
}
