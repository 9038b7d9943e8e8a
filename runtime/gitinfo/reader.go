package gitinfo

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/lacy-sh/lacy/internal/timelimit"
)

// DefaultTimeout bounds one read of a Reader whose Timeout is zero (scaled
// by LACY_TIME_SCALE; a function, so that no package initialisation runs for it).
func DefaultTimeout() time.Duration { return timelimit.Scale(500 * time.Millisecond) }

// Reader is a session's one way of asking git about a work tree: the
// prompt, the agent's context and model prediction all read through it.
// It is safe for concurrent use; the zero value is ready.
//
// What it promises the user's repository:
//   - git runs with GIT_OPTIONAL_LOCKS=0 (and --no-optional-locks), so a
//     read never takes .git/index.lock;
//   - git is never killed with SIGKILL: past the time limit it gets SIGTERM
//     (git removes its lock files on SIGTERM), the read answers "unknown" at
//     once, and the process is reaped in the background;
//   - no git is started while the user's own command runs: between Hold
//     and Release (the REPL holds the reader around every command line), or
//     while Busy reports a git of the user's running (a background job).
type Reader struct {
	// Timeout bounds one read; zero means DefaultTimeout.
	Timeout time.Duration
	// Busy reports that a git command of the user's is running; no read
	// starts git then. Nil means never.
	Busy func() bool
	// Git is the program to run; "" means "git" found on PATH.
	Git string

	mu      sync.Mutex
	held    int
	running map[*os.Process]chan struct{} // each closes when its process is reaped
}

// ErrBusy is the error of a read refused because the user's command runs.
var ErrBusy = errors.New("gitinfo: the user's command is running")

// State is what State reads.
type State struct {
	Branch string // the branch, as Branch reports it ("" for none)
	Dirty  bool   // tracked files have changes
}

// State reads the branch and whether tracked files have changes in the work
// tree containing dir, with `git status --porcelain=v1 --branch
// --untracked-files=no`. ok is false outside a repository, when git is
// missing, slow or fails, or when the user's command runs.
func (r *Reader) State(ctx context.Context, dir string) (State, bool) {
	out, err := r.run(ctx, dir, "status", "--porcelain=v1", "--branch", "--untracked-files=no")
	if err != nil {
		return State{}, false
	}
	return parseStatus(out)
}

// Dirty reports whether the work tree containing dir has changes, untracked
// files included (`git status --porcelain`). ok is false as for State.
func (r *Reader) Dirty(ctx context.Context, dir string) (dirty, ok bool) {
	out, err := r.run(ctx, dir, "status", "--porcelain")
	if err != nil {
		return false, false
	}
	return len(bytes.TrimSpace(out)) > 0, true
}

// parseStatus reads `git status --porcelain=v1 --branch` output.
func parseStatus(out []byte) (State, bool) {
	lines := strings.Split(strings.TrimRight(string(out), "\n"), "\n")
	head, ok := strings.CutPrefix(lines[0], "## ")
	if !ok {
		return State{}, false
	}
	head, _, _ = strings.Cut(head, "...")
	head = strings.TrimPrefix(head, "No commits yet on ")
	head = strings.TrimPrefix(head, "Initial commit on ")
	head, _, _ = strings.Cut(head, " ")
	if head == "HEAD" { // "## HEAD (no branch)": detached
		head = ""
	}
	return State{Branch: head, Dirty: len(lines) > 1}, true
}

// Hold stops git reads until Release: running ones get SIGTERM, and Hold
// waits for them to exit, up to wait (they hold no lock: this is so that no
// git of lacy's runs beside the user's at all). Holds nest.
func (r *Reader) Hold(wait time.Duration) {
	r.mu.Lock()
	r.held++
	var exited []chan struct{}
	for p, done := range r.running {
		terminate(p)
		exited = append(exited, done)
	}
	r.mu.Unlock()
	if len(exited) == 0 {
		return
	}
	timer := time.NewTimer(wait)
	defer timer.Stop()
	for _, done := range exited {
		select {
		case <-done:
		case <-timer.C:
			return
		}
	}
}

// Release ends a Hold.
func (r *Reader) Release() {
	r.mu.Lock()
	if r.held > 0 {
		r.held--
	}
	r.mu.Unlock()
}

// run runs git args in dir and returns its standard output.
func (r *Reader) run(ctx context.Context, dir string, args ...string) ([]byte, error) {
	timeout := r.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout()
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	if r.Busy != nil && r.Busy() {
		return nil, ErrBusy
	}
	git := r.Git
	if git == "" {
		git = "git"
	}
	cmd := exec.Command(git, append([]string{"--no-optional-locks"}, args...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_OPTIONAL_LOCKS=0", "LC_ALL=C", "GIT_TERMINAL_PROMPT=0")
	var out bytes.Buffer
	cmd.Stdout = &out
	// Its own process group: a Ctrl-C at the terminal is the user's
	// command's, not this read's.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	// A child git leaves behind (a wrapper's `sleep`, a hook) may hold the
	// output pipe open after git exits: Wait does not wait for it.
	cmd.WaitDelay = pipeWait

	r.mu.Lock()
	if r.held > 0 {
		r.mu.Unlock()
		return nil, ErrBusy
	}
	if err := cmd.Start(); err != nil {
		r.mu.Unlock()
		return nil, err
	}
	done := make(chan struct{})
	if r.running == nil {
		r.running = map[*os.Process]chan struct{}{}
	}
	r.running[cmd.Process] = done
	r.mu.Unlock()

	var werr error
	go func() {
		werr = cmd.Wait()
		r.mu.Lock()
		delete(r.running, cmd.Process)
		r.mu.Unlock()
		close(done)
	}()
	select {
	case <-done:
		if werr != nil {
			return nil, werr
		}
		return out.Bytes(), nil
	case <-ctx.Done():
		// Never SIGKILL: git cleans up its lock files on SIGTERM. The
		// answer is dropped; the goroutine above reaps the process.
		terminate(cmd.Process)
		return nil, ctx.Err()
	}
}

// pipeWait bounds how long a read waits for git's output pipe to close
// once git has exited.
const pipeWait = 100 * time.Millisecond

// terminate sends SIGTERM to p's process group (each read runs in its own):
// git and whatever it started (a wrapper script's children, a hook) end
// together, and none is left holding the read's pipe.
func terminate(p *os.Process) {
	if err := syscall.Kill(-p.Pid, syscall.SIGTERM); err != nil {
		_ = p.Signal(syscall.SIGTERM)
	}
}

// Default is the reader of code that has no session (lacy ask, lacy fix).
var Default = &Reader{}
