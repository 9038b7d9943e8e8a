package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lacy-sh/lacy/internal/ptytest"
)

// TestDispatch checks the lean binary: scripts run in it, everything else
// reaches lacy-full through exec, and a missing lacy-full is one clear line.
func TestDispatch(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binaries")
	}
	lacy := ptytest.Binary(t)
	out, err := exec.Command(lacy, "-c", "echo $0 $1", "name", "arg").CombinedOutput()
	if err != nil || string(out) != "name arg\n" {
		t.Fatalf("-c: %q %v", out, err)
	}
	out, err = exec.Command(lacy, "--version").CombinedOutput()
	if err != nil || !strings.HasPrefix(string(out), "lacy ") {
		t.Fatalf("--version through lacy-full: %q %v", out, err)
	}
	alone := filepath.Join(t.TempDir(), "lacy")
	b, _ := os.ReadFile(lacy)
	if err := os.WriteFile(alone, b, 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(alone, "--version")
	cmd.Env = []string{"PATH=/nonexistent"}
	out, _ = cmd.CombinedOutput()
	if cmd.ProcessState.ExitCode() != 127 || !strings.Contains(string(out), "lacy-full not found") {
		t.Fatalf("without lacy-full: %q (exit %d)", out, cmd.ProcessState.ExitCode())
	}
}

// A terminal session (and an option lacy-shell words) goes to lacy-shell,
// a subcommand to lacy-full, and without lacy-shell (an older install)
// everything to lacy-full.
func TestDispatchShellOrFull(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binaries")
	}
	lean, err := os.ReadFile(ptytest.Binary(t))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write := func(name, content string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write("lacy", string(lean))
	write("lacy-full", "#!/bin/sh\necho full \"$@\"\n")
	write("lacy-shell", "#!/bin/sh\necho shell \"$@\"\n")
	run := func(args ...string) string {
		cmd := exec.Command(filepath.Join(dir, "lacy"), args...)
		cmd.Env = []string{"PATH=/nonexistent"}
		out, _ := cmd.CombinedOutput()
		return string(out)
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"--version"}, "shell --version\n"},
		{[]string{"--bogus"}, "shell --bogus\n"},
		{[]string{"doctor"}, "full doctor\n"},
		{[]string{"agent-serve"}, "full agent-serve\n"},
		{[]string{"help"}, "full help\n"},
	} {
		if got := run(tt.args...); got != tt.want {
			t.Errorf("lacy %q ran %q, want %q", tt.args, got, tt.want)
		}
	}
	if err := os.Remove(filepath.Join(dir, "lacy-shell")); err != nil {
		t.Fatal(err)
	}
	if got := run("--version"); got != "full --version\n" {
		t.Errorf("without lacy-shell: %q", got)
	}
}

// TestLoginShell: a login shell (-l, --login, or "-lacy" as argv[0], the way
// login(1) and sshd start one) runs ~/.profile; the lean binary does it
// itself for -c.
func TestLoginShell(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binaries")
	}
	lacy := ptytest.Binary(t)
	home := t.TempDir()
	if err := os.WriteFile(filepath.Join(home, ".profile"), []byte("export FROM_PROFILE=yes\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"lacy", "-l", "-c", "echo $FROM_PROFILE"}, {"lacy", "--login", "-c", "echo $FROM_PROFILE"}, {"-lacy", "-c", "echo $FROM_PROFILE"}} {
		cmd := exec.Command(lacy)
		cmd.Args = args
		cmd.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH")}
		out, err := cmd.CombinedOutput()
		if err != nil || string(out) != "yes\n" {
			t.Errorf("%q: %q %v", args, out, err)
		}
	}
}
