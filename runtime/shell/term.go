package shell

import (
	"errors"
	"os"
	"os/signal"
	"runtime"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"

	"github.com/lacy-sh/lacy/internal/starttrace"
)

// terminal is the controlling terminal of an interactive session: lacy
// keeps its own process group in the foreground while it reads a line, and
// hands the terminal to each foreground job.
type terminal struct {
	fd        int
	shellPgid int
	origPgid  int // the foreground group when lacy started, given back on exit

	mu    sync.Mutex
	saved *unix.Termios // the shell's modes, restored after a job stops or dies
}

// newTerminal takes the terminal for lacy's own process group, as bash does
// when it starts interactively.
func newTerminal(f *os.File, caught func() bool) (*terminal, error) {
	fd := int(f.Fd())
	for try := 0; ; try++ {
		fg, err := unix.IoctlGetInt(fd, unix.TIOCGPGRP)
		if err != nil {
			return nil, err
		}
		if fg == syscall.Getpgrp() {
			break
		}
		if try == 3 {
			// SIGTTIN is ignored (the parent did that): we cannot wait
			// for the terminal, so run without job control.
			return nil, errors.New("not in the terminal's foreground process group")
		}
		// Started in the background: stop until the parent shell gives us
		// the terminal, as bash does.
		_ = syscall.Kill(0, syscall.SIGTTIN)
		time.Sleep(10 * time.Millisecond)
	}
	// Jobs must get the default dispositions of the job-control signals
	// even when lacy's parent ignored them (tmux and some IDEs do): a
	// caught signal is reset to the default on exec, an ignored one is
	// inherited. lacy itself never needs to receive them: it blocks SIGTTOU
	// around its own terminal calls.
	if caught == nil || !caught() {
		signal.Notify(make(chan os.Signal, 1), syscall.SIGTTIN, syscall.SIGTTOU)
	}
	starttrace.Mark("shell.New: SIGTTIN/SIGTTOU caught (concurrent)")
	t := &terminal{fd: fd, origPgid: syscall.Getpgrp()}
	if pid := os.Getpid(); syscall.Getpgrp() != pid {
		if err := syscall.Setpgid(0, 0); err != nil {
			return nil, err
		}
	}
	t.shellPgid = syscall.Getpgrp()
	if err := t.setForeground(t.shellPgid); err != nil {
		return nil, err
	}
	return t, nil
}

// setForeground makes pgid the terminal's foreground process group. SIGTTOU
// is blocked on this thread only for the call: an ignored disposition would
// be inherited by every program lacy starts.
func (t *terminal) setForeground(pgid int) error {
	return withSIGTTOUBlocked(func() error { return unix.IoctlSetPointerInt(t.fd, unix.TIOCSPGRP, pgid) })
}

// withSIGTTOUBlocked runs f with SIGTTOU blocked on the calling thread, for
// terminal calls made while lacy may be in the background.
func withSIGTTOUBlocked(f func() error) error {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var set, old unix.Sigset_t
	set.Val[(unix.SIGTTOU-1)/64] |= 1 << ((uint(unix.SIGTTOU) - 1) % 64)
	if err := unix.PthreadSigmask(unix.SIG_BLOCK, &set, &old); err != nil {
		return err
	}
	defer unix.PthreadSigmask(unix.SIG_SETMASK, &old, nil)
	return f()
}

// saveModes records the shell's terminal modes before a foreground job runs.
func (t *terminal) saveModes() {
	m, err := unix.IoctlGetTermios(t.fd, unix.TCGETS)
	if err == nil {
		t.mu.Lock()
		t.saved = m
		t.mu.Unlock()
	}
}

// modes returns the terminal's current modes (a stopped job's, to give them
// back when it continues).
func (t *terminal) modes() *unix.Termios {
	m, err := unix.IoctlGetTermios(t.fd, unix.TCGETS)
	if err != nil {
		return nil
	}
	return m
}

// setModes applies terminal modes.
func (t *terminal) setModes(m *unix.Termios) {
	if m == nil {
		return
	}
	_ = withSIGTTOUBlocked(func() error { return unix.IoctlSetTermios(t.fd, unix.TCSETSW, m) })
}

// reclaim takes the terminal back after a foreground job. When the job
// exited normally its modes are kept (as after `stty`); when it stopped or
// was killed the shell's saved modes come back.
func (t *terminal) reclaim(clean bool) {
	if fg, err := unix.IoctlGetInt(t.fd, unix.TIOCGPGRP); err == nil && fg != t.shellPgid {
		_ = t.setForeground(t.shellPgid)
	}
	if clean {
		return
	}
	t.mu.Lock()
	m := t.saved
	t.mu.Unlock()
	t.setModes(m)
}

// give hands the terminal to a job's process group with the job's modes.
func (t *terminal) give(pgid int, modes *unix.Termios) {
	t.saveModes()
	t.setModes(modes)
	_ = t.setForeground(pgid)
}

// release gives the terminal back to the process group that had it when
// lacy started.
func (t *terminal) release() {
	if t.origPgid != t.shellPgid {
		_ = t.setForeground(t.origPgid)
	}
}
