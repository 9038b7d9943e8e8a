package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lacy-sh/lacy/internal/ptytest"
)

// TestDispatch checks the dispatch: scripts run in lacy, a subcommand
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
	out, err = exec.Command(lacy, "classify", "git status").CombinedOutput()
	if err != nil || !strings.HasSuffix(string(out), "\tgit status\n") {
		t.Fatalf("a subcommand through lacy-full: %q %v", out, err)
	}
	alone := filepath.Join(t.TempDir(), "lacy")
	b, _ := os.ReadFile(lacy)
	if err := os.WriteFile(alone, b, 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(alone, "doctor")
	cmd.Env = []string{"PATH=/nonexistent"}
	out, _ = cmd.CombinedOutput()
	if cmd.ProcessState.ExitCode() != 127 || !strings.Contains(string(out), "lacy-full not found") {
		t.Fatalf("without lacy-full: %q (exit %d)", out, cmd.ProcessState.ExitCode())
	}
}

// The shell's own options (--version, --help, an option error) are answered
// in lacy itself, a subcommand goes to lacy-full.
func TestDispatchShellOrFull(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binaries")
	}
	lacy, err := os.ReadFile(ptytest.Binary(t))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write := func(name, content string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write("lacy", string(lacy))
	write("lacy-full", "#!/bin/sh\necho full \"$@\"\n")
	for _, tt := range []struct {
		args []string
		want string // a prefix of the output
		code int
	}{
		{[]string{"--version"}, "lacy ", 0},
		{[]string{"--help"}, "lacy — an AI-native shell", 0},
		{[]string{"--bogus"}, "lacy: --bogus: invalid option", 2},
		{[]string{"doctor"}, "full doctor\n", 0},
		{[]string{"agent-serve"}, "full agent-serve\n", 0},
		{[]string{"help"}, "full help\n", 0},
	} {
		cmd := exec.Command(filepath.Join(dir, "lacy"), tt.args...)
		cmd.Env = []string{"PATH=/nonexistent"}
		out, _ := cmd.CombinedOutput()
		if !strings.HasPrefix(string(out), tt.want) || cmd.ProcessState.ExitCode() != tt.code {
			t.Errorf("lacy %q: %q (exit %d), want %q… (exit %d)", tt.args, out, cmd.ProcessState.ExitCode(), tt.want, tt.code)
		}
	}
}

// TestLoginShell: a login shell (-l, --login, or "-lacy" as argv[0], the way
// login(1) and sshd start one) runs ~/.profile, for -c too.
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

// TestScriptBuildsNoSession: `lacy -c` and a script run the shell alone:
// the Lua config is not read (a broken one says nothing), no log or history
// is opened, nothing is written under HOME, and the agent process is never
// started (lacy-full is absent).
func TestScriptBuildsNoSession(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binaries")
	}
	lacy, err := os.ReadFile(ptytest.Binary(t))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	alone := filepath.Join(dir, "lacy")
	if err := os.WriteFile(alone, lacy, 0o755); err != nil {
		t.Fatal(err)
	}
	home := t.TempDir()
	if err := os.WriteFile(filepath.Join(home, ".lacyrc.lua"), []byte("this is not lua\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	script := filepath.Join(dir, "s.sh")
	if err := os.WriteFile(script, []byte("echo script $1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		args  []string
		stdin string
		want  string
	}{
		{[]string{"-c", "echo ok"}, "", "ok\n"},
		{[]string{script, "arg"}, "", "script arg\n"},
		{nil, "echo from stdin\n", "from stdin\n"},
	} {
		cmd := exec.Command(alone, tt.args...)
		cmd.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH")}
		cmd.Stdin = strings.NewReader(tt.stdin)
		out, err := cmd.CombinedOutput()
		if err != nil || string(out) != tt.want {
			t.Errorf("lacy %q: %q %v, want %q", tt.args, out, err, tt.want)
		}
	}
	entries, err := os.ReadDir(home)
	if err != nil || len(entries) != 1 {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("HOME holds %q after the scripts, want only .lacyrc.lua (%v)", names, err)
	}
}
