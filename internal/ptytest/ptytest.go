// Package ptytest runs the real lacy binary in a pseudo-terminal for
// end-to-end tests: it types keys, and reads the screen through a vt10x
// terminal emulator, as a person would see it.
package ptytest

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/creack/pty"
	"github.com/hinshun/vt10x"

	"github.com/lacy-sh/lacy/internal/timelimit"
)

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
)

// builtDir is the temporary folder Binary built into.
var builtDir string

// RemoveBuilt deletes what Binary built; a package's TestMain calls it
// after m.Run so that test runs leave nothing in $TMPDIR.
func RemoveBuilt() {
	if builtDir != "" {
		_ = os.RemoveAll(builtDir)
	}
}

// Binary builds cmd/lacy and cmd/lacy-full once per test process, side by
// side, and returns the path of lacy.
func Binary(t testing.TB) string {
	t.Helper()
	buildOnce.Do(func() {
		_, file, _, _ := runtime.Caller(0)
		root := filepath.Join(filepath.Dir(file), "..", "..")
		dir, err := os.MkdirTemp("", "lacy-e2e-")
		if err != nil {
			buildErr = err
			return
		}
		builtDir = dir
		binPath = filepath.Join(dir, "lacy")
		cmd := exec.Command("go", "build", "-o", dir+"/", "./cmd/lacy", "./cmd/lacy-full")
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binPath
}

// Env returns an environment for a test session rooted at home: HOME and
// the XDG folders inside it, no inputrc, a plain TERM, and lacy's time
// limits ten times longer (LACY_TIME_SCALE).
func Env(home string, extra ...string) []string {
	env := []string{
		"HOME=" + home,
		"XDG_CONFIG_HOME=" + filepath.Join(home, ".config"),
		"XDG_STATE_HOME=" + filepath.Join(home, ".local", "state"),
		"XDG_CACHE_HOME=" + filepath.Join(home, ".cache"),
		"INPUTRC=/dev/null",
		"TERM=xterm-256color",
		"PATH=" + os.Getenv("PATH"),
		"LANG=C.UTF-8",
		// Generous limits on lacy's own work: the tests run on busy
		// machines (see internal/timelimit).
		"LACY_TIME_SCALE=10",
	}
	return append(env, extra...)
}

// Term is a running program in a pseudo-terminal with an emulated screen.
type Term struct {
	t    testing.TB
	cmd  *exec.Cmd
	ptmx *os.File
	vt   vt10x.Terminal
	done chan struct{}

	rawMu sync.Mutex
	raw   []byte // every byte the program wrote
}

// Start runs bin with args in a 100x30 pseudo-terminal.
func Start(t testing.TB, env []string, dir, bin string, args ...string) *Term {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env, cmd.Dir = env, dir
	ptmx, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 30, Cols: 100})
	if err != nil {
		t.Fatal(err)
	}
	tm := &Term{t: t, cmd: cmd, ptmx: ptmx, done: make(chan struct{})}
	// The emulator answers the terminal queries (cursor position) itself.
	tm.vt = vt10x.New(vt10x.WithSize(100, 30), vt10x.WithWriter(ptmx))
	go func() {
		defer close(tm.done)
		r := bufio.NewReader(io.TeeReader(ptmx, rawWriter{tm}))
		for {
			if err := tm.vt.Parse(r); err != nil {
				return
			}
		}
	}()
	t.Cleanup(tm.Close)
	return tm
}

// Resize changes the terminal's size, as a window resize does (vt10x, like
// xterm, does not reflow wrapped lines).
func (tm *Term) Resize(cols, rows int) {
	tm.t.Helper()
	tm.vt.Resize(cols, rows)
	if err := pty.Setsize(tm.ptmx, &pty.Winsize{Rows: uint16(rows), Cols: uint16(cols)}); err != nil {
		tm.t.Fatal(err)
	}
}

// Signal sends sig to the program.
func (tm *Term) Signal(sig os.Signal) error { return tm.cmd.Process.Signal(sig) }

// Raw returns every byte the program has written to the terminal so far.
func (tm *Term) Raw() []byte {
	tm.rawMu.Lock()
	defer tm.rawMu.Unlock()
	return append([]byte(nil), tm.raw...)
}

type rawWriter struct{ tm *Term }

func (w rawWriter) Write(p []byte) (int, error) {
	w.tm.rawMu.Lock()
	w.tm.raw = append(w.tm.raw, p...)
	w.tm.rawMu.Unlock()
	return len(p), nil
}

// Close kills the program if it is still running.
func (tm *Term) Close() {
	if tm.cmd.ProcessState == nil {
		// As a terminal that closes: SIGHUP, so lacy cleans up after
		// itself (jobs, temporary files); SIGKILL if it does not leave.
		_ = tm.cmd.Process.Signal(syscall.SIGHUP)
		exited := make(chan struct{})
		go func() {
			_, _ = tm.cmd.Process.Wait()
			close(exited)
		}()
		select {
		case <-exited:
		case <-time.After(timelimit.Scale(2 * time.Second)):
			_ = tm.cmd.Process.Kill()
			<-exited
		}
	}
	tm.ptmx.Close()
}

// Type sends keys as typed (use "\r" for Enter, "\x03" for Ctrl-C).
func (tm *Term) Type(s string) {
	tm.t.Helper()
	if _, err := tm.ptmx.Write([]byte(s)); err != nil {
		tm.t.Fatalf("type %q: %v", s, err)
	}
}

// Line types a line and Enter.
func (tm *Term) Line(s string) { tm.Type(s + "\r") }

// Screen returns the visible screen, trailing spaces trimmed.
func (tm *Term) Screen() string {
	return trimScreen(tm.vt.String()) // String takes the emulator's lock itself
}

// WaitFor waits until the screen satisfies ok, failing the test with the
// screen after timeout.
func (tm *Term) WaitFor(what string, timeout time.Duration, ok func(screen string) bool) string {
	tm.t.Helper()
	return waitScreen(tm.t, what, timeout, tm.Screen, ok)
}

// waitScreen polls screen until ok holds, failing t after timeout.
func waitScreen(t testing.TB, what string, timeout time.Duration, screen func() string, ok func(string) bool) string {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		s := screen()
		if ok(s) {
			return s
		}
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s; screen:\n%s", what, s)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// trimScreen trims the blanks a terminal pads its rows with.
func trimScreen(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.TrimRight(strings.Join(lines, "\n"), "\n")
}

// WaitTimeout is how long WaitText and WaitCount wait: generous, as the
// tests run on busy machines (a failure only costs the wait).
const WaitTimeout = 30 * time.Second

// WaitText waits until the screen contains text.
func (tm *Term) WaitText(text string) string {
	tm.t.Helper()
	return tm.WaitFor(fmt.Sprintf("%q", text), WaitTimeout, func(s string) bool { return strings.Contains(s, text) })
}

// WaitCount waits until text appears at least n times on the screen.
func (tm *Term) WaitCount(text string, n int) string {
	tm.t.Helper()
	return tm.WaitFor(fmt.Sprintf("%d × %q", n, text), WaitTimeout, func(s string) bool { return strings.Count(s, text) >= n })
}

// Cell returns the glyph at column x, row y of the screen.
func (tm *Term) Cell(x, y int) vt10x.Glyph {
	tm.vt.Lock()
	defer tm.vt.Unlock()
	return tm.vt.Cell(x, y)
}

// FindCell locates the first occurrence of text on the screen and returns the
// glyph of its first character.
func (tm *Term) FindCell(text string) (vt10x.Glyph, bool) {
	for y, line := range strings.Split(tm.Screen(), "\n") {
		if i := strings.Index(line, text); i >= 0 {
			x := len([]rune(line[:i]))
			return tm.Cell(x, y), true
		}
	}
	return vt10x.Glyph{}, false
}

// Pid returns the program's process id.
func (tm *Term) Pid() int { return tm.cmd.Process.Pid }

// Wait waits for the program to exit and returns its exit code.
func (tm *Term) Wait(timeout time.Duration) int {
	tm.t.Helper()
	ch := make(chan error, 1)
	go func() { ch <- tm.cmd.Wait() }()
	select {
	case <-ch:
		return tm.cmd.ProcessState.ExitCode()
	case <-time.After(timeout):
		tm.t.Fatalf("program did not exit; screen:\n%s", tm.Screen())
		return -1
	}
}

// WaitSignalsTaken waits until no signal sent to the program is still
// pending in the kernel (Linux: /proc/PID/status SigPnd and ShdPnd): the
// program's handlers have them. Elsewhere it returns at once.
func (tm *Term) WaitSignalsTaken() {
	tm.t.Helper()
	path := fmt.Sprintf("/proc/%d/status", tm.cmd.Process.Pid)
	deadline := time.Now().Add(10 * time.Second)
	for {
		b, err := os.ReadFile(path)
		if err != nil {
			return
		}
		pending := false
		for _, l := range strings.Split(string(b), "\n") {
			if k, v, ok := strings.Cut(l, ":"); ok && (k == "SigPnd" || k == "ShdPnd") && strings.Trim(strings.TrimSpace(v), "0") != "" {
				pending = true
			}
		}
		if !pending {
			return
		}
		if time.Now().After(deadline) {
			tm.t.Fatalf("signals still pending: %s", b)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// Cursor returns the cursor's column and row.
func (tm *Term) Cursor() (x, y int) {
	tm.vt.Lock()
	defer tm.vt.Unlock()
	c := tm.vt.Cursor()
	return c.X, c.Y
}
