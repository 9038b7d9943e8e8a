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

func TestCompletePrintsOneSpec(t *testing.T) {
	sh, out := newInteractive(t)
	ctx := context.Background()
	src := `complete -o default -F _a a1 a2; complete -W 'x y' b; complete -p a2; complete -p b; complete -p nosuch 2>&1; complete -r b; complete -p`
	_, _ = sh.Run(ctx, src, "t")
	want := "complete -o default -F _a a2\ncomplete -W 'x y' b\nlacy: complete: nosuch: no completion specification\ncomplete -o default -F _a a1 a2\n"
	if out.String() != want {
		t.Errorf("got %q\nwant %q", out.String(), want)
	}
}

// A completion script sourced from a process substitution (kubectl's way)
// runs in the session and goes to the completion bridge too.
func TestSourcedCompletionScriptIsForwarded(t *testing.T) {
	sh, out := newInteractive(t)
	ctx := context.Background()
	src := `source <(printf '%s\n' '__start_k() { COMPREPLY=(version); }' 'complete -o default -F __start_k k'); type __start_k >/dev/null && echo defined; . /dev/null`
	_, _ = sh.Run(ctx, src, "t")
	if out.String() != "defined\n" {
		t.Errorf("out = %q", out.String())
	}
	specs := strings.Join(sh.CompleteSpecs(), "\n---\n")
	if !strings.Contains(specs, "__start_k() { COMPREPLY=(version); }\ncomplete -o default -F __start_k k\n") {
		t.Errorf("the script was not forwarded:\n%s", specs)
	}
}

func TestCompletionLoaderGoesToTheBridge(t *testing.T) {
	sh, out := newInteractive(t)
	status, _ := sh.Run(context.Background(), `_completion_loader git && complete -o default -F _git g`, "t")
	if status != 0 || out.String() != "" {
		t.Fatalf("status %d, out %q", status, out.String())
	}
	specs := sh.CompleteSpecs()
	if len(specs) != 2 || specs[0] != "_completion_loader git" || specs[1] != "complete -o default -F _git g" {
		t.Errorf("specs %q", specs)
	}
}

func TestCompoptOutsideCompletion(t *testing.T) {
	sh, out := newInteractive(t)
	status, _ := sh.Run(context.Background(), `compopt -o nospace; echo $?; compopt -o nospace git; echo $?`, "t")
	if got := out.String(); got != "lacy: compopt: not currently executing completion function\n1\n0\n" || status != 0 {
		t.Errorf("got %q (%d)", got, status)
	}
}

// A `complete -C` command line's function (z.sh's `_z --complete …`) and
// the session functions a completion function calls go to the bridge too.
func TestCompleteSpecsTakeHelpers(t *testing.T) {
	var out bytes.Buffer
	sh, err := New(Options{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &out, Interactive: true})
	if err != nil {
		t.Fatal(err)
	}
	defer sh.Close()
	src := `_zdirs() { echo /a; }
_z() { local d; d=$(_zdirs); echo "$d"; }
_wrap() { _helper "$@"; }
_helper() { COMPREPLY=(x); }
complete -o filenames -C '_z --complete "$COMP_LINE"' z
complete -F _wrap w`
	if status, err := sh.Run(context.Background(), src, ""); status != 0 || err != nil {
		t.Fatalf("status %d, err %v: %s", status, err, out.String())
	}
	specs := sh.CompleteSpecs()
	if len(specs) != 2 {
		t.Fatalf("specs = %q", specs)
	}
	for i, want := range [][]string{{"_z() {", "_zdirs() {"}, {"_wrap() {", "_helper() {"}} {
		for _, w := range want {
			if !strings.Contains(specs[i], w) {
				t.Errorf("specs[%d] lacks %q:\n%s", i, w, specs[i])
			}
		}
	}
}
