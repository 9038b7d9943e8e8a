package shell

import (
	"bytes"
	"io"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"github.com/creack/pty"
	"golang.org/x/sys/unix"
	"golang.org/x/term"

	"github.com/lacy-sh/lacy/internal/starttrace"
	"github.com/lacy-sh/lacy/internal/timelimit"
)

// tailSize is how much of a line's output the tap keeps.
const tailSize = 4096

// drainTimeout bounds how long the prompt waits for the tap to pass on
// what a line wrote (it waits only while output is in flight; a busy
// machine may need long).
func drainTimeout() time.Duration { return timelimit.Scale(2 * time.Second) }

// stderrTap sits between programs' output and the screen: a
// pseudo-terminal whose slave is each foreground program's fd 1 and fd 2
// (so isatty stays true and colours and progress bars work) and whose
// master lacy copies to the real terminal while keeping the last 4 KiB, for
// the post-failure reroute and corrections. Both streams go through the one
// pty, so they reach the screen in the order they were written (a tap on
// stderr alone reordered them). Standard input stays on the real terminal;
// programs that drive the terminal get it on every fd (ttyprograms.go).
type stderrTap struct {
	real io.Writer
	tty  *os.File
	logf func(format string, args ...any)

	master, slave *os.File
	synced        chan struct{}
	winch         chan os.Signal
	winchCaught   chan struct{} // closed once winch is registered (open)

	mu   sync.Mutex
	ring []byte
}

func newStderrTap(real io.Writer, tty *os.File, logf func(string, ...any)) *stderrTap {
	t := &stderrTap{real: real, tty: tty, logf: logf, ring: make([]byte, 0, tailSize), synced: make(chan struct{}, 1)}
	t.open()
	return t
}

// writer is the runner's stderr: the pty slave, so builtins and programs
// alike write into the tap and `test -t 2` holds. Without a pty it is the
// real stderr.
func (t *stderrTap) writer() io.Writer {
	if t.slave == nil {
		return t.real
	}
	return t.slave
}

// isTerminalWriter reports whether w is a terminal: a program's stdout
// goes through the tap only when it would have been a terminal anyway.
func isTerminalWriter(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// isTapWriter reports whether w is the tap's slave.
func (t *stderrTap) isTapWriter(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && t.slave != nil && f == t.slave
}

// mirror keeps the real terminal's modes in step with the pty's while a
// foreground line runs. Some programs set up the terminal through fd 2
// (less, and so git's pager and man): their raw mode lands on the pty, and
// must reach the terminal the keys come from. The pty starts each line with
// the terminal's modes; every 10 ms a change made to it is copied over. The
// returned function stops the mirror after a last copy.
func (t *stderrTap) mirror(term *terminal) (stop func()) {
	if t.slave == nil {
		return func() {}
	}
	fd := int(t.slave.Fd())
	base := term.modes()
	if base == nil {
		return func() {}
	}
	_ = unix.IoctlSetTermios(fd, unix.TCSETS, base)
	last := *base
	sync := func() {
		cur, err := unix.IoctlGetTermios(fd, unix.TCGETS)
		if err != nil || *cur == last {
			return
		}
		last = *cur
		term.setModes(cur)
	}
	done, finished := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(finished)
		tick := time.NewTicker(10 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-tick.C:
				sync()
			case <-done:
				sync()
				return
			}
		}
	}()
	return func() { close(done); <-finished }
}

// resize matches the pty's size to the real terminal before a program runs.
func (t *stderrTap) resize() {
	if t.slave == nil {
		return
	}
	if ws, err := pty.GetsizeFull(t.tty); err == nil {
		_ = pty.Setsize(t.slave, ws)
	}
}

func (t *stderrTap) open() {
	m, s, err := pty.Open()
	starttrace.Mark("shell.New: pty opened (concurrent)")
	if err != nil {
		t.logf("stderr tap unavailable: %v", err)
		return
	}
	// Pass bytes through untouched: the real terminal does its own output
	// processing (\n → \r\n).
	if tio, err := unix.IoctlGetTermios(int(s.Fd()), unix.TCGETS); err == nil {
		tio.Oflag &^= unix.OPOST
		tio.Lflag &^= unix.ECHO | unix.ICANON
		_ = unix.IoctlSetTermios(int(s.Fd()), unix.TCSETS, tio)
	}
	t.master, t.slave = pollable(m), s
	t.resize()
	go t.copy()
	starttrace.Mark("shell.New: tap copier started (concurrent)")
	// Follow the terminal's size while a program runs, for programs that
	// ask fd 2 how wide the screen is.
	// (Caught on the goroutine that follows it: the first Notify of a
	// signal waits for the runtime's signal thread, which the shell's
	// start need not do; a resize before it is caught is caught up with.)
	t.winch, t.winchCaught = make(chan os.Signal, 1), make(chan struct{})
	go func(winch chan os.Signal) {
		signal.Notify(winch, syscall.SIGWINCH)
		close(t.winchCaught)
		t.resize()
		for range winch {
			t.resize()
		}
	}(t.winch)
}

// pollable returns the pty master as a file read through Go's network
// poller. creack/pty asks the master for its descriptor (ptsname, unlockpt),
// which puts it in blocking mode: the copier's Read then held an OS thread
// for the session's whole life, one of the threads an idle shell keeps
// (docs/performance.md, Memory). The master is lacy's alone (close-on-exec;
// programs get the slave), so making it non-blocking changes nothing they
// see. On any error the blocking master is kept.
func pollable(m *os.File) *os.File {
	fd, err := unix.FcntlInt(m.Fd(), unix.F_DUPFD_CLOEXEC, 0)
	if err != nil {
		return m
	}
	if err := unix.SetNonblock(fd, true); err != nil {
		unix.Close(fd)
		return m
	}
	p := os.NewFile(uintptr(fd), m.Name()) // non-blocking: registered with the poller
	m.Close()
	return p
}

// copyBufSize is the copier's read size: a pty master hands over at most
// the line discipline's 4 KiB buffer per read, so a larger buffer only
// stays resident.
const copyBufSize = 4096

// syncMark is written through the pty by drain: when the copier reads it,
// everything written before it has reached the screen. It is a DCS string,
// which a terminal would ignore even if one ever leaked.
const syncMark = "\x1bPlacy-sync\x1b\\"

// copy moves what programs write to the pty onto the screen and the tail,
// taking out the sync marks.
func (t *stderrTap) copy() {
	buf := make([]byte, copyBufSize)
	var pending []byte // a possible start of a sync mark, held back
	var joined []byte  // pending + a read, reused: no allocation per read
	for {
		n, err := t.master.Read(buf)
		if n > 0 {
			data := buf[:n]
			if len(pending) > 0 {
				joined = append(append(joined[:0], pending...), data...)
				data = joined
				pending = pending[:0]
			}
			for {
				i := bytes.Index(data, []byte(syncMark))
				if i < 0 {
					break
				}
				t.emit(data[:i])
				data = data[i+len(syncMark):]
				select {
				case t.synced <- struct{}{}:
				default:
				}
			}
			// Hold back a tail that could be the start of a split mark.
			if k := partialSuffix(data, syncMark); k > 0 {
				pending = append(pending, data[len(data)-k:]...)
				data = data[:len(data)-k]
			}
			t.emit(data)
		}
		if err != nil {
			return
		}
	}
}

func (t *stderrTap) emit(p []byte) {
	if len(p) == 0 {
		return
	}
	t.record(p)
	_, _ = t.real.Write(p)
}

// partialSuffix returns the length of the longest suffix of data that is a
// proper prefix of mark.
func partialSuffix(data []byte, mark string) int {
	for k := min(len(mark)-1, len(data)); k > 0; k-- {
		if string(data[len(data)-k:]) == mark[:k] {
			return k
		}
	}
	return 0
}

// record appends p to the tail, keeping the last tailSize bytes.
func (t *stderrTap) record(p []byte) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(p) >= tailSize {
		t.ring = append(t.ring[:0], p[len(p)-tailSize:]...)
		return
	}
	if over := len(t.ring) + len(p) - tailSize; over > 0 {
		t.ring = append(t.ring[:0], t.ring[over:]...)
	}
	t.ring = append(t.ring, p...)
}

// drain waits until everything written to the pty so far has reached the
// screen, so the prompt never lands in the middle of an error message. It
// sends a sync mark through the pty and waits (at most 100 ms) for the
// copier to see it.
func (t *stderrTap) drain() {
	if t.slave == nil {
		return
	}
	select { // drop a stale acknowledgement
	case <-t.synced:
	default:
	}
	if _, err := t.slave.WriteString(syncMark); err != nil {
		return
	}
	select {
	case <-t.synced:
	case <-time.After(drainTimeout()):
	}
}

// reset forgets the tail at the start of a line.
func (t *stderrTap) reset() {
	t.mu.Lock()
	t.ring = t.ring[:0]
	t.mu.Unlock()
}

// tail returns the kept bytes.
func (t *stderrTap) tail() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.ring)
}

func (t *stderrTap) close() {
	if t.winch != nil {
		<-t.winchCaught // not registered after it is closed
		signal.Stop(t.winch)
		close(t.winch)
	}
	if t.slave != nil {
		t.slave.Close()
		t.master.Close()
	}
}
