package session

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lacy-sh/lacy/runtime/sandbox"
	"github.com/lacy-sh/lacy/runtime/shell"
)

func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == sandbox.Arg {
		os.Exit(sandbox.Main(os.Args[2:]))
	}
	os.Exit(m.Run())
}

// TestSubshellSandbox: under a policy, the agent's subshell can neither
// read credentials nor write outside the tree, through a program or
// through the interpreter's own redirections, and works in the tree. The
// session it was copied from is not confined.
func TestSubshellSandbox(t *testing.T) {
	base, _ := filepath.EvalSymlinks(t.TempDir())
	home, tree, tmp := base+"/home", base+"/home/proj", base+"/tmp"
	for _, d := range []string{home + "/.ssh", tree + "/.git", tmp} {
		os.MkdirAll(d, 0o755)
	}
	os.WriteFile(home+"/.ssh/id_rsa", []byte("CanaryKey"), 0o600)
	os.WriteFile(home+"/.bashrc", []byte("# rc\n"), 0o644)
	t.Setenv("HOME", home)
	t.Setenv("TMPDIR", tmp)
	sh, err := shell.New(shell.Options{Dir: tree, Stdin: strings.NewReader("")})
	if err != nil {
		t.Fatal(err)
	}
	run := SubshellRunner(sh)
	ctx := sandbox.WithPolicy(context.Background(), sandbox.For(tree, sandbox.Config{}))
	for _, cmd := range []string{
		"echo pwned >> ~/.bashrc",
		"echo pwned > ../outside.txt",
		"cat ~/.ssh/id_rsa",
		"read -r x < ~/.ssh/id_rsa; echo $x",
		"echo $(< ~/.ssh/id_rsa)",
		"source ~/.ssh/id_rsa",
		"sh -c 'echo pwned >> ~/.bashrc'",
	} {
		out, _, _ := run(ctx, cmd)
		if strings.Contains(out, "CanaryKey") {
			t.Errorf("%s: read the key: %q", cmd, out)
		}
	}
	if b, _ := os.ReadFile(home + "/.bashrc"); string(b) != "# rc\n" && sandbox.Available() {
		t.Errorf(".bashrc changed: %q", b)
	}
	if _, err := os.Stat(home + "/outside.txt"); err == nil {
		t.Error("wrote outside the tree")
	}
	if out, status, _ := run(ctx, "echo ok > f && cat f && ls"); status != 0 || !strings.Contains(out, "ok") {
		t.Errorf("work in the tree: %d %q", status, out)
	}
	// Secret-named variables do not reach a sandboxed program.
	if out, _, _ := run(ctx, "export SERVICE_TOKEN=CanaryTok123 PLAIN=visible; env"); strings.Contains(out, "CanaryTok123") || !strings.Contains(out, "PLAIN=visible") {
		t.Errorf("environment: %q", out)
	}
	// The user's own session is not sandboxed.
	if out, _, _ := run(context.Background(), "cat ~/.ssh/id_rsa"); !strings.Contains(out, "CanaryKey") {
		t.Errorf("without a policy: %q", out)
	}
}
