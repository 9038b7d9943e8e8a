package e2e

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/lacy-sh/lacy/agents/llmtest"
	"github.com/lacy-sh/lacy/internal/ptytest"
)

// Bash habits of issue 18, item 10 (the history builtin is elsewhere).

// SHLVL counts nested shells, as in bash.
func TestSHLVLIncrements(t *testing.T) {
	tm, _ := start(t, nil, "SHLVL=3")
	tm.Line("echo level-$SHLVL; lacy -c 'echo inner-$SHLVL'")
	tm.WaitText("\nlevel-4\n")
	tm.WaitText("\ninner-5\n")
}

// A login shell says so: $0 is -lacy and `shopt -q login_shell` holds, for
// -l and for an argv[0] of -lacy (login(1), sshd, terminal programs); an
// ordinary one is lacy and not a login shell.
func TestLoginShellIsVisible(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end")
	}
	bin := ptytest.Binary(t)
	dash := filepath.Join(t.TempDir(), "-lacy")
	if err := os.Symlink(bin, dash); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		bin   string
		args  []string
		login bool
	}{
		{"-l", bin, []string{"-l"}, true},
		{"--login", bin, []string{"--login"}, true},
		{"argv0 -lacy", dash, nil, true},
		{"plain", bin, nil, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			home := t.TempDir()
			tm := ptytest.Start(t, ptytest.Env(home), home, c.bin, c.args...)
			tm.WaitText("▌")
			tm.Line(`echo "zero=[$0]"; shopt -q login_shell && echo is-login || echo not-login`)
			want, status := "zero=[lacy]", "\nnot-login\n"
			if c.login {
				want, status = "zero=[-lacy]", "\nis-login\n"
			}
			tm.WaitText(status)
			tm.WaitText(want)
		})
	}
}

// `jobs -l` shows each job's process ID, as bash does.
func TestJobsListsPIDs(t *testing.T) {
	tm, _ := start(t, nil)
	tm.Line("sleep 1000 &")
	tm.WaitText("[1] ")
	tm.Line("echo pid=$!; jobs -l")
	s := tm.WaitText("sleep 1000 &\nlacy")
	m := regexp.MustCompile(`pid=(\d+)`).FindStringSubmatch(s)
	if m == nil {
		t.Fatalf("no $!:\n%s", s)
	}
	if !regexp.MustCompile(`\[1\]\+  ` + m[1] + ` Running +sleep 1000 &`).MatchString(s) {
		t.Fatalf("jobs -l does not show PID %s:\n%s", m[1], s)
	}
	tm.Line("kill %1; wait; echo job-gone")
	tm.WaitText("\njob-gone\n")
}

// A line whose program is simply missing fails with "command not found";
// the reroute never sends it to the agent.
func TestMissingProgramIsNotRerouted(t *testing.T) {
	var dirs []string
	for _, d := range filepath.SplitList(os.Getenv("PATH")) {
		if _, err := os.Stat(filepath.Join(d, "sudo")); err != nil {
			dirs = append(dirs, d)
		}
	}
	srv := llmtest.New(t)
	tm, _ := start(t, agentConfig(srv), "PATH="+strings.Join(dirs, ":"))
	tm.Line("/mode auto")
	tm.Line("sudo echo two")
	tm.WaitText("sudo: command not found")
	tm.Line("echo after-sudo")
	s := tm.WaitText("\nafter-sudo\n")
	if strings.Contains(s, "↪") {
		t.Fatalf("a missing program was rerouted to the agent:\n%s", s)
	}
}

// lacy works inside lacy when its folder is not on PATH (started as
// ./bin/lacy by make run): `lacy doctor` runs this lacy's doctor
// (issue 18, item 12).
func TestLacyRunsInsideLacy(t *testing.T) {
	var dirs []string
	for _, d := range filepath.SplitList(os.Getenv("PATH")) {
		if _, err := os.Stat(filepath.Join(d, "lacy")); err != nil {
			dirs = append(dirs, d)
		}
	}
	tm, _ := start(t, nil, "PATH="+strings.Join(dirs, ":"))
	tm.Line("lacy doctor")
	tm.WaitText("~/.lacyrc.lua")
	tm.Line("command -v lacy | grep -q " + filepath.Dir(ptytest.Binary(t)) + " && echo found-self")
	tm.WaitText("\nfound-self\n")
}
