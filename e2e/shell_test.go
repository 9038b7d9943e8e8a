// Package e2e drives the built lacy binary in a pseudo-terminal and checks
// what a person would see on the screen.
package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/lacy-sh/lacy/internal/ptytest"
)

// homeWith returns a fresh HOME holding files (a path under HOME → its
// content), their folders made, each file with mode.
func homeWith(t *testing.T, files map[string]string, mode os.FileMode) string {
	t.Helper()
	home := t.TempDir()
	for name, content := range files {
		p := filepath.Join(home, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), mode); err != nil {
			t.Fatal(err)
		}
	}
	return home
}

// start runs lacy interactively in a fresh HOME with optional files in it.
func start(t *testing.T, files map[string]string, extraEnv ...string) (*ptytest.Term, string) {
	t.Helper()
	if testing.Short() {
		t.Skip("end-to-end")
	}
	bin := ptytest.Binary(t)
	home := homeWith(t, files, 0o644)
	tm := ptytest.Start(t, ptytest.Env(home, extraEnv...), home, bin)
	tm.WaitText("▌")
	return tm, home
}

func TestPromptCommandsAndState(t *testing.T) {
	tm, home := start(t, nil)
	tm.Line("echo hello-$((1+2))")
	tm.WaitText("hello-3")
	tm.Line("mkdir -p sub && cd sub && X=42")
	tm.WaitText("~/sub")
	tm.Line("pwd; echo x$X")
	tm.WaitText(filepath.Join(home, "sub"))
	tm.WaitText("x42")
	// A failing command shows its status in the prompt.
	tm.Line("false")
	tm.WaitText("✗1")
}

func TestMultiline(t *testing.T) {
	tm, _ := start(t, nil)
	tm.Line("if true; then")
	tm.Line("echo in-$((40+2))")
	tm.Line("fi")
	tm.WaitText("in-42")
	tm.Line(`echo "a`)
	tm.Line(`b"`)
	tm.WaitFor("quoted newline", 5*time.Second, func(s string) bool { return strings.Contains(s, "\na\nb") })
}

func TestCtrlCAbortsTheWholeLine(t *testing.T) {
	tm, _ := start(t, nil)
	// ^C is sent once the program has the terminal (it printed); before
	// that it would be a key for the line editor.
	tm.Line("sh -c 'echo sleeping; exec sleep 10'; echo after-sleep")
	tm.WaitText("\nsleeping")
	tm.Type("\x03")
	tm.WaitText("✗130")
	if strings.Contains("\n"+tm.Screen()+"\n", "\nafter-sleep\n") {
		t.Fatalf("the rest of the line ran after Ctrl-C:\n%s", tm.Screen())
	}
	// A builtin loop stops too.
	tm.Line("echo looping; while :; do :; done")
	tm.WaitText("\nlooping")
	tm.Type("\x03")
	tm.WaitCount("✗130", 2)
	// Ctrl-C at the prompt clears the line.
	tm.Type("echo never-run")
	tm.WaitText("never-run")
	prompts := strings.Count(tm.Screen(), "▌")
	tm.Type("\x03")
	tm.WaitCount("▌", prompts+1) // the next keys go to a fresh prompt
	tm.Line("echo still-here")
	tm.WaitText("\nstill-here")
	if strings.Contains(tm.Screen(), "\nnever-run") {
		t.Fatalf("Ctrl-C at the prompt ran the line:\n%s", tm.Screen())
	}
}

// foregroundSleep is a long foreground program that says when it runs.
const foregroundSleep = "sh -c 'echo ready; exec sleep 30'"

func TestCtrlZAndFg(t *testing.T) {
	tm, _ := start(t, nil)
	// Keys are sent once the program runs with the terminal (it printed):
	// a ^Z typed while the line editor still has the terminal in raw mode
	// is a plain byte, in lacy as in bash.
	tm.Line(foregroundSleep)
	tm.WaitText("\nready")
	tm.Type("\x1a")
	tm.WaitText("Stopped")
	tm.Line("jobs")
	tm.WaitText("[1]+  Stopped")
	tm.Line("fg")
	tm.WaitFor("fg to resume the job", 10*time.Second, func(s string) bool { return strings.Contains(s+"\n", "\n"+foregroundSleep+"\n") })
	tm.Type("\x03")
	tm.WaitText("✗130")
	tm.Line("sleep 30 &")
	tm.WaitText("[1] ")
	tm.Line("kill %1; wait %1") // the job is gone before the next prompt reports it, as in bash
	tm.WaitText("Terminated")
	// A background job that reads the terminal stops, and fg gives it the
	// keyboard.
	tm.Line("cat & wait %1") // wait returns when the job stops
	tm.WaitText("Stopped (tty input)")
	tm.Line("fg")
	tm.WaitFor("fg to name the job", 10*time.Second, func(s string) bool { return strings.Contains(s+"\n", "\ncat\n") })
	tm.Line("typed-to-cat")
	tm.WaitCount("typed-to-cat", 2) // the echo and cat's copy
	tm.Type("\x04")
	tm.Line("echo after-cat")
	tm.WaitText("\nafter-cat")
}

func TestProgramsSeeATerminal(t *testing.T) {
	tm, _ := start(t, nil)
	tm.Line("test -t 0 && test -t 1 && test -t 2 && sh -c 'test -t 2' && echo all-tty")
	tm.WaitText("all-tty")
}

func TestExitAndCtrlD(t *testing.T) {
	tm, _ := start(t, nil)
	tm.Line("exit 7")
	if code := tm.Wait(5 * time.Second); code != 7 {
		t.Fatalf("exit status %d, want 7", code)
	}
	tm2, _ := start(t, nil)
	tm2.Type("\x04")
	if code := tm2.Wait(5 * time.Second); code != 0 {
		t.Fatalf("Ctrl-D exit status %d, want 0", code)
	}
}

func TestFullScreenProgramsGetTheKeyboard(t *testing.T) {
	if _, err := exec.LookPath("less"); err != nil {
		t.Skip("less not installed")
	}
	var b strings.Builder
	for i := 1; i <= 300; i++ {
		fmt.Fprintf(&b, "row %d\n", i)
	}
	tm, _ := start(t, map[string]string{"big.txt": b.String()})
	tm.Line("less big.txt")
	tm.WaitText("row 20")
	tm.Type("G") // less reads keys from the tty on its fd 2
	tm.WaitText("row 300")
	tm.Type("q")
	tm.Line("echo back-from-less")
	tm.WaitText("\nback-from-less")
	// A pager started by a program whose stderr is tapped gets the terminal too.
	tm.Line("cat big.txt | less")
	tm.WaitText("row 20")
	tm.Type("G")
	tm.WaitText("row 300")
	tm.Type("q")
	tm.Line("echo back-again")
	tm.WaitText("\nback-again")
}

// TestPipelinesNeverFail runs 800 short pipelines in the interactive shell:
// a later element of a pipeline must always find the process group of an
// earlier one that already exited (issue 8: about 1 in 50 failed with
// "head: operation not permitted" and lost its output).
func TestPipelinesNeverFail(t *testing.T) {
	tm, _ := start(t, nil)
	tm.Line(`f=0; for i in $(seq 800); do ls / | head -1 >>out || f=$((f+1)); done; echo "failures=$f lines=$(wc -l <out)"`)
	summary := regexp.MustCompile(`\nfailures=\d+ lines=\d+\n`) // the whole line, the prompt after it
	screen := tm.WaitFor("the loop's summary", 2*time.Minute, summary.MatchString)
	if got := summary.FindString(screen); got != "\nfailures=0 lines=800\n" {
		t.Fatalf("pipelines failed: %q\n%s", got, screen)
	}
}

// TestExitWithStoppedJobsWarnsOnce: as in bash (and as Ctrl-D does), the
// first `exit` with a stopped job warns and the session goes on; the second
// exits.
func TestExitWithStoppedJobsWarnsOnce(t *testing.T) {
	tm, _ := start(t, nil)
	tm.Line(foregroundSleep)
	tm.WaitText("\nready")
	tm.Type("\x1a")
	tm.WaitText("Stopped")
	tm.Line("exit")
	tm.WaitText("there are stopped jobs (exit again")
	tm.Line("echo still-here")
	tm.WaitText("\nstill-here")
	tm.Line("exit")
	if code := tm.Wait(5 * time.Second); code != 0 {
		t.Fatalf("exit status %d, want 0 (echo's)", code)
	}
}

// TestLoginShellAndSHELL: `lacy -l` in a terminal runs ~/.profile before
// ~/.lacyrc, and programs it starts see lacy as $SHELL.
func TestLoginShellAndSHELL(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end")
	}
	bin := ptytest.Binary(t)
	home := t.TempDir()
	for name, content := range map[string]string{
		".profile": "export FROM_PROFILE=yes\n",
		".lacyrc":  "alias seen='echo profile=$FROM_PROFILE'\n",
	} {
		if err := os.WriteFile(filepath.Join(home, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tm := ptytest.Start(t, ptytest.Env(home, "SHELL=/bin/bash"), home, bin, "-l")
	tm.WaitText("▌")
	tm.Line("seen")
	tm.WaitText("profile=yes")
	tm.Line(`sh -c 'echo "shell=$SHELL"'`)
	tm.WaitText("shell=" + bin)
}

// TestBackgroundPID: $! after `cmd &` is the job's PID, as in bash, and
// wait takes it.
func TestBackgroundPID(t *testing.T) {
	tm, _ := start(t, nil)
	tm.Line("sleep 0.2 & echo pid=$!")
	s := tm.WaitText("pid=")
	if strings.Contains(s, "pid=\n") || strings.Contains(s, "pid=g") {
		t.Fatalf("$! is not a PID:\n%s", s)
	}
	tm.Line("jobs -p >pids; echo \"$!\" >>pids; sort -u pids | wc -l")
	tm.WaitText("\n1\n")
	tm.Line("wait $!; echo waited=$?")
	tm.WaitText("waited=0")
}
