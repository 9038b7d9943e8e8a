package shell

import (
	"context"
	"strings"
	"testing"
)

// TestFuncNest: endless recursion stops at the interpreter's limit
// (interp.DefaultFuncNest, or FUNCNEST) with bash's message and the rest of
// the line is skipped; deep but finite recursion and ordinary functions work,
// and `type` shows a function's body as written.
func TestFuncNest(t *testing.T) {
	cases := []struct {
		src, out, errOut string
		status           int
	}{
		{"f(){ f; }; f; echo after", "", "maximum function nesting level exceeded (1000)", 1},
		{"f() ( f ); f", "", "", -1}, // a subshell each level: bounded all the same
		{"g(){ [ $1 -lt 500 ] && g $(($1+1)) || echo $1; }; g 1", "500\n", "", 0},
		{"h(){ echo \"$@\" $#; }; h a b", "a b 2\n", "", 0},
		{"k(){ return 3; }; k; echo $?", "3\n", "", 0},
		{"s(){ echo $?; }; false; s", "1\n", "", 0}, // the body still sees the caller's $?
		{"FUNCNEST=5; f(){ f; }; f", "", "f: maximum function nesting level exceeded (5)", 1},
		{"t(){ echo x; }; type t", "t is a function\nt () \n{ \n    echo x\n}\n", "", 0},
	}
	for _, c := range cases {
		var out, errOut strings.Builder
		sh, err := New(Options{Stdout: &out, Stderr: &errOut, Stdin: strings.NewReader("")})
		if err != nil {
			t.Fatal(err)
		}
		status, _ := sh.Run(context.Background(), c.src, "test")
		if c.status >= 0 && (status != c.status || out.String() != c.out || !strings.Contains(errOut.String(), c.errOut)) {
			t.Errorf("%q: status %d, out %q, err %q", c.src, status, out.String(), errOut.String())
		}
		if c.status < 0 && !strings.Contains(errOut.String(), "maximum function nesting") && status == 0 {
			t.Errorf("%q: status %d, err %q", c.src, status, errOut.String())
		}
	}
}
