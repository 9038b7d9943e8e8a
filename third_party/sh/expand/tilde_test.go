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

// lacy patch 107
func TestParamWordFields(t *testing.T) {
	tests := []struct {
		src  string
		want []string
	}{
		{`${u:-"a b" c}`, []string{"a b", "c"}},
		{`1${u:-"2 3" "4 5"}6`, []string{"12 3", "4 56"}},
		{`${u:-a b c}`, []string{"a", "b", "c"}},
		{`"${u:-'b'}"`, []string{"'b'"}},
		{`${u:-""}`, []string{""}},
		{`${v:+"x y"}`, []string{"x y"}},
		{`${v-"x y"}`, []string{"set"}},
	}
	for _, tc := range tests {
		f, err := syntax.NewParser().Parse(strings.NewReader("echo "+tc.src), "")
		if err != nil {
			t.Fatal(err)
		}
		cfg := &Config{Env: ListEnviron("v=set")}
		got, err := Fields(cfg, f.Stmts[0].Cmd.(*syntax.CallExpr).Args[1])
		if err != nil || strings.Join(got, "|") != strings.Join(tc.want, "|") || len(got) != len(tc.want) {
			t.Errorf("Fields(%s) = %q, %v; want %q", tc.src, got, err, tc.want)
		}
	}
}
