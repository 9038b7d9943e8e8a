package shell

import (
	"bytes"
	"context"
	"strings"
	"testing"
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
