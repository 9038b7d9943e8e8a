package shell

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// `complete` lines from ~/.lacyrc are kept, with the functions they name,
// as bash source for the completion bridge.
func TestCompleteSpecsRecorded(t *testing.T) {
	var out bytes.Buffer
	sh, err := New(Options{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &out, Interactive: true})
	if err != nil {
		t.Fatal(err)
	}
	src := `_deploy() { COMPREPLY=($(compgen -W "staging prod" -- "$2")); }
complete -F _deploy deploy
complete -W 'a b' -o nospace tool`
	if status, err := sh.Run(context.Background(), src, ""); status != 0 || err != nil {
		t.Fatalf("status %d, err %v: %s", status, err, out.String())
	}
	specs := sh.CompleteSpecs()
	if len(specs) != 2 {
		t.Fatalf("specs = %q", specs)
	}
	if !strings.HasPrefix(specs[0], "_deploy() {") || !strings.HasSuffix(specs[0], "\ncomplete -F _deploy deploy") {
		t.Errorf("the function should come with its line:\n%s", specs[0])
	}
	if specs[1] != "complete -W 'a b' -o nospace tool" {
		t.Errorf("specs[1] = %q", specs[1])
	}
	out.Reset()
	if status, _ := sh.Run(context.Background(), "complete -p", ""); status != 0 || !strings.Contains(out.String(), "complete -F _deploy deploy") {
		t.Errorf("complete -p: %d %q", status, out.String())
	}
}
