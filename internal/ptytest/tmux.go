package ptytest

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// Tmux is a program running in a tmux pane, for what only a real terminal
// does: reflowing wrapped lines on a resize, as tmux, kitty and iTerm2 do
// and vt10x does not. Each Tmux has its own server socket.
type Tmux struct {
	t      testing.TB
	socket string
}

// StartTmux runs bin with args in a tmux pane of cols×rows, with env and in
// dir. It skips the test when tmux is not installed.
func StartTmux(t testing.TB, env []string, dir string, cols, rows int, bin string, args ...string) *Tmux {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed")
	}
	tm := &Tmux{t: t, socket: filepath.Join(t.TempDir(), "tmux.sock")}
	// What tmux sets in its panes.
	env = append(env, "TERM=tmux-256color", "TMUX="+tm.socket+",0,0")
	cmdline := append([]string{"env", "-i"}, env...)
	cmdline = append(cmdline, bin)
	cmdline = append(cmdline, args...)
	tm.run("-f", "/dev/null", "new-session", "-d", "-x", strconv.Itoa(cols), "-y", strconv.Itoa(rows), "-c", dir, strings.Join(quoteAll(cmdline), " "))
	pid, _ := strconv.Atoi(strings.TrimSpace(tm.run("display-message", "-p", "#{pane_pid}")))
	t.Cleanup(func() {
		_ = exec.Command("tmux", "-S", tm.socket, "kill-server").Run()
		// The program may still be writing in the test's directories (its
		// history, its log) as it dies: wait for it before they go.
		for deadline := time.Now().Add(5 * time.Second); pid > 0 && time.Now().Before(deadline); {
			if err := syscall.Kill(pid, 0); err != nil || zombie(pid) {
				return
			}
			time.Sleep(10 * time.Millisecond)
		}
	})
	return tm
}

func quoteAll(args []string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
	}
	return out
}

func (tm *Tmux) run(args ...string) string {
	tm.t.Helper()
	out, err := exec.Command("tmux", append([]string{"-S", tm.socket}, args...)...).CombinedOutput()
	if err != nil {
		tm.t.Fatalf("tmux %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// Type sends text as typed, literally.
func (tm *Tmux) Type(s string) { tm.run("send-keys", "-l", s) }

// Line types a line and Enter.
func (tm *Tmux) Line(s string) {
	tm.Type(s)
	tm.run("send-keys", "Enter")
}

// Resize makes the window cols×rows and returns once the program's
// terminal has the new size: tmux reflows its screen at once but tells the
// pane's tty a moment later, and a key typed in between is drawn at the old
// width (as it would be for a person typing while dragging the window).
func (tm *Tmux) Resize(cols, rows int) {
	tm.t.Helper()
	tm.run("resize-window", "-x", strconv.Itoa(cols), "-y", strconv.Itoa(rows))
	tty := strings.TrimSpace(tm.run("display-message", "-p", "#{pane_tty}"))
	f, err := os.Open(tty)
	if err != nil {
		tm.t.Fatal(err)
	}
	defer f.Close()
	deadline := time.Now().Add(10 * time.Second)
	for {
		ws, err := unix.IoctlGetWinsize(int(f.Fd()), unix.TIOCGWINSZ)
		if err == nil && int(ws.Col) == cols && int(ws.Row) == rows {
			return
		}
		if time.Now().After(deadline) {
			tm.t.Fatalf("the pane's tty did not become %dx%d", cols, rows)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// Screen returns the visible pane, trailing blanks trimmed.
func (tm *Tmux) Screen() string { return trimScreen(tm.run("capture-pane", "-p")) }

// WaitFor waits until the screen satisfies ok.
func (tm *Tmux) WaitFor(what string, ok func(screen string) bool) string {
	tm.t.Helper()
	return waitScreen(tm.t, what, 10*time.Second, tm.Screen, ok)
}

// WaitText waits until the screen contains text.
func (tm *Tmux) WaitText(text string) string {
	tm.t.Helper()
	return tm.WaitFor(fmt.Sprintf("%q", text), func(s string) bool { return strings.Contains(s, text) })
}

// zombie reports whether process pid has exited and waits to be reaped.
func zombie(pid int) bool {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return true
	}
	i := strings.LastIndexByte(string(b), ')')
	return i < 0 || i+2 >= len(b) || b[i+2] == 'Z'
}
