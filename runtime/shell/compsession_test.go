package shell

import (
	"context"
	"reflect"
	"strings"
	"testing"
)

func TestRunCompletion(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string
		opts      map[string]bool
	}{
		{"COMPREPLY from the words", `f() { COMPREPLY=("$1:$2:$3:${COMP_WORDS[COMP_CWORD]}:$COMP_CWORD:$COMP_POINT"); }`, []string{"cmd:cu:a:cu:2:9"}, map[string]bool{}},
		{"a pipeline in $(…); stdout discarded", `f() { echo noise; COMPREPLY=("$(printf '%s\n' x y | sort -r | head -1)"); }`, []string{"y"}, map[string]bool{}},
		{"compopt inside", `f() { compopt -o nospace +o default; COMPREPLY=(a b); }`, []string{"a", "b"}, map[string]bool{"nospace": true, "default": false}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut := &lockedBuffer{}, &lockedBuffer{} // a pipeline's programs write at once
			sh, err := New(Options{Stdin: strings.NewReader(""), Stdout: out, Stderr: errOut, Dir: t.TempDir(), Env: []string{"PATH=/usr/bin:/bin"}, Interactive: true})
			if err != nil {
				t.Fatal(err)
			}
			defer sh.Close()
			ctx := context.Background()
			if _, err := sh.Run(ctx, tt.src+"; false", "rc"); err != nil {
				t.Fatal(err)
			}
			vals, opts := sh.RunCompletion(ctx, "f", []string{"cmd", "a", "cu"}, 2, "cmd a cu", 9)
			if !reflect.DeepEqual(vals, tt.want) || !reflect.DeepEqual(opts, tt.opts) {
				t.Errorf("got %q %v, want %q %v (stderr %q)", vals, opts, tt.want, tt.opts, errOut.String())
			}
			if out.String() != "" {
				t.Errorf("stdout %q", out.String())
			}
			// $? is the rc's; the COMP_ variables are gone.
			_, _ = sh.Run(ctx, `echo "$?[${COMP_POINT-unset}${COMPREPLY-unset}]"`, "after")
			if got := out.String(); got != "1[unsetunset]\n" {
				t.Errorf("after: %q", got)
			}
		})
	}
}
