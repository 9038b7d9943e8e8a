package shell

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// The config's declarations take effect as the lines `alias n=v` and
// `export n=v` would, values with quotes and spaces included.
func TestConfigDeclarations(t *testing.T) {
	var out bytes.Buffer
	sh, err := New(Options{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &out, Interactive: true, Dir: t.TempDir(), Env: []string{"PATH=/usr/bin:/bin"}})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, tc := range []struct{ alias, value string }{
		{"ll", "echo 'long list'"},
		{"q", `echo "it's" quoted`},
	} {
		if err := sh.SetAlias(ctx, tc.alias, tc.value); err != nil {
			t.Fatal(err)
		}
	}
	if err := sh.Export(ctx, "LACY_DECL", "a 'b' \"c\""); err != nil {
		t.Fatal(err)
	}
	if err := sh.Export(ctx, "bad name", "x"); err == nil {
		t.Fatal("Export of an invalid name: no error")
	}
	if sh.LastStatus() != 0 {
		t.Fatalf("$? = %d after the declarations", sh.LastStatus())
	}
	_, _ = sh.Run(ctx, "ll; q; sh -c 'echo \"$LACY_DECL\"'", "")
	if want := "long list\nit's quoted\na 'b' \"c\"\n"; out.String() != want {
		t.Fatalf("output %q, want %q", out.String(), want)
	}
	if v := sh.Aliases()["ll"]; v != "echo 'long list'" {
		t.Fatalf("Aliases()[ll] = %q", v)
	}
}

// Which statements run without the job machinery: declarations that start
// no program and print nothing unless they fail.
func TestIsDeclaration(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want bool
	}{
		{"X=1", true},
		{"X=1 Y=\"$HOME/bin\"", true},
		{"export PATH=\"$HOME/bin:$PATH\"", true},
		{"export A=1 B='two'", true},
		{"alias ll='ls -l'", true},
		{"alias gs='git status' gd=\"git diff\"", true},
		{"unalias ll", true},
		{"unset X Y", true},
		{"f() { rm -rf /tmp/x; }", true},
		{"function g { echo hi; }", true},
		{"alias", false},                 // lists
		{"alias ll", false},              // prints ll's
		{"alias -p", false},              // lists
		{"export", false},                // lists
		{"export X", false},              // naked: takes the whole path
		{"export -p", false},             // lists
		{"unset -f f", false},            // an option
		{"X=$(date)", false},             // runs a program
		{"export X=$(date)", false},      // runs a program
		{"alias x=\"$(echo y)\"", false}, // runs one
		{"X=${Y:=z}", false},             // assigns Y too
		{"X=$((1+2))", false},            // arithmetic
		{"X=1 cmd", false},               // runs cmd
		{"echo hi", false},
		{"alias x=y > /tmp/f", false}, // a redirection
		{"X=1 &", false},
		{"! X=1", false},
		{"declare -x X=1", false},
		{"readonly X=1", false},
		{"arr=(a b)", false},
		{"source ~/.bashrc", false},
	} {
		f, err := syntax.NewParser().Parse(strings.NewReader(tc.src), "")
		if err != nil || len(f.Stmts) != 1 {
			t.Fatalf("%q: %v", tc.src, err)
		}
		if got := isDeclaration(f.Stmts[0]); got != tc.want {
			t.Errorf("isDeclaration(%q) = %v, want %v", tc.src, got, tc.want)
		}
	}
}

// A ~/.lacyrc of declarations takes effect, and one that fails still
// reports its error before Source returns.
func TestSourceDeclarations(t *testing.T) {
	var out bytes.Buffer
	sh, err := New(Options{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &out, Interactive: true, Dir: t.TempDir(), Env: []string{"PATH=/usr/bin:/bin"}})
	if err != nil {
		t.Fatal(err)
	}
	rc := t.TempDir() + "/.lacyrc"
	src := "alias ll='echo long'\nexport LACY_RC_X=from-rc\nrcfn() { echo fn-$1; }\nunset NOPE\nset -u\nX=\"$UNSET_VAR\"\n"
	if err := os.WriteFile(rc, []byte(src), 0o600); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, err := sh.Source(ctx, rc, "~/.lacyrc"); err != nil {
		t.Fatal(err)
	}
	if want := "lacy: ~/.lacyrc:6: UNSET_VAR: unbound variable\n"; out.String() != want {
		t.Fatalf("sourcing printed %q, want %q", out.String(), want)
	}
	out.Reset()
	_, _ = sh.Run(ctx, "set +u; ll; rcfn 1; sh -c 'echo $LACY_RC_X'", "")
	if want := "long\nfn-1\nfrom-rc\n"; out.String() != want {
		t.Fatalf("after sourcing: %q, want %q", out.String(), want)
	}
}
