// lacy patch 106

package interp

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// A panic while running a statement, here from a handler, is an error of
// that statement; the next statements and pipelines still run.
func TestPanicIsShellError(t *testing.T) {
	var out bytes.Buffer
	r, err := New(StdIO(nil, &out, &out), CallHandler(func(ctx context.Context, args []string) ([]string, error) {
		if args[0] == "boom" {
			panic("kaboom")
		}
		return args, nil
	}))
	if err != nil {
		t.Fatal(err)
	}
	src := "boom; echo status=$?\nboom | echo piped\necho end"
	f, err := syntax.NewParser().Parse(strings.NewReader(src), "x.sh")
	if err != nil {
		t.Fatal(err)
	}
	r.Run(context.Background(), f)
	got := out.String()
	for _, want := range []string{"x.sh: internal error: kaboom\n", "piped\n", "end\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("output %q lacks %q", got, want)
		}
	}
}
