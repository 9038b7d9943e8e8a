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
