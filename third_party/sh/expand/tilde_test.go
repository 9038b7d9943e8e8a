// lacy patch 103

package expand

import (
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

func TestAssignTilde(t *testing.T) {
	env := ListEnviron("HOME=/home/bar", "HOME root=/root")
	tests := []struct{ src, assign, fields string }{
		{"x=~", "/home/bar", "x=/home/bar"},
		{"x=a:~/b:~root", "a:/home/bar/b:/root", "x=a:/home/bar/b:/root"},
		{"x=a:~'b'", "a:~b", "x=a:~b"},
		{"x=a~", "a~", "x=a~"},
		{"x=${u-a:~}", "a:/home/bar", "x=a:~"},
		{"1x=~", "", "1x=~"},
	}
	for _, tc := range tests {
		f, err := syntax.NewParser().Parse(strings.NewReader("echo "+tc.src), "")
		if err != nil {
			t.Fatal(err)
		}
		word := f.Stmts[0].Cmd.(*syntax.CallExpr).Args[1]
		cfg := &Config{Env: env}
		got, err := Fields(cfg, word)
		if err != nil || len(got) != 1 || got[0] != tc.fields {
			t.Errorf("Fields(%q) = %q, %v; want %q", tc.src, got, err, tc.fields)
		}
		if tc.assign == "" {
			continue
		}
		_, val, _ := strings.Cut(tc.src, "=")
		vf, err := syntax.NewParser().Parse(strings.NewReader("echo "+val), "")
		if err != nil {
			t.Fatal(err)
		}
		s, err := Assign(cfg, vf.Stmts[0].Cmd.(*syntax.CallExpr).Args[1])
		if err != nil || s != tc.assign {
			t.Errorf("Assign(%q) = %q, %v; want %q", val, s, err, tc.assign)
		}
	}
}
