package shell

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
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

// `__git_complete` after a `source` of the system's git completion (which
// lacy leaves to the bridge) goes to the bridge too, with git's completion
// loaded there first; it prints nothing.
func TestGitCompleteGoesToTheBridge(t *testing.T) {
	var out bytes.Buffer
	sh, err := New(Options{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &out, Interactive: true})
	if err != nil {
		t.Fatal(err)
	}
	defer sh.Close()
	if status, _ := sh.Run(context.Background(), "__git_complete g __git_main", ""); status != 0 || out.Len() != 0 {
		t.Fatalf("status %d: %q", status, out.String())
	}
	specs := sh.CompleteSpecs()
	if len(specs) != 1 || !strings.HasSuffix(specs[0], "__load_completion git; __git_complete g __git_main") {
		t.Errorf("specs = %q", specs)
	}
}

// A tool's own completion file named bash_completion (nvm's
// $NVM_DIR/bash_completion) is run and forwarded, not taken for
// bash-completion's main script; the session's functions it uses (nvm,
// nvm_ls…, and what they call) go to the bridge with it.
func TestToolsBashCompletionFileForwardedWithItsFunctions(t *testing.T) {
	dir := t.TempDir()
	script := "command -v tool >/dev/null || return\n_tool() { COMPREPLY=($(tool_list)); }\ncomplete -F _tool tool\n"
	if err := os.WriteFile(filepath.Join(dir, "bash_completion"), []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	sh, err := New(Options{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &out, Interactive: true})
	if err != nil {
		t.Fatal(err)
	}
	defer sh.Close()
	src := "tool() { :; }\ntool_list() { tool_helper; }\ntool_helper() { echo a b; }\nunrelated() { :; }\n. " + dir + "/bash_completion\ncomplete -p tool"
	if status, err := sh.Run(context.Background(), src, ""); status != 0 || err != nil || !strings.Contains(out.String(), "complete -F _tool tool") {
		t.Fatalf("status %d, err %v: %q", status, err, out.String())
	}
	specs := sh.CompleteSpecs()
	if len(specs) == 0 {
		t.Fatal("nothing forwarded")
	}
	for _, want := range []string{"tool() ", "tool_list() ", "tool_helper() ", script} {
		if !strings.Contains(specs[0], want) {
			t.Errorf("forwarded source lacks %q:\n%s", want, specs[0])
		}
	}
	if strings.Contains(specs[0], "unrelated") {
		t.Errorf("a function the script does not use went along:\n%s", specs[0])
	}
	if !isBashCompletion("/usr/share/bash-completion/bash_completion") || !isBashCompletion("/etc/bash_completion") || isBashCompletion(dir+"/bash_completion") {
		t.Error("isBashCompletion")
	}
}
