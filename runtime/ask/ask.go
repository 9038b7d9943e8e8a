// Package ask reads the answers to lacy's own questions (may a tool run, run
// this fix?) straight from the terminal: one key in raw mode, or a word ended
// by Enter. It stays outside the line editor on purpose, so nothing a line
// editor adds (history, ghost text, completion, a redraw that erases the
// question) comes between a question and its answer.
package ask

import (
	"context"
	"errors"
	"io"
	"os"
	"unicode/utf8"

	"golang.org/x/sys/unix"
	"golang.org/x/term"
)

// Keys a question may treat specially.
const (
	KeyEnter     = "\r"
	KeyEsc       = "\x1b"
	KeyCtrlC     = "\x03"
	KeyCtrlD     = "\x04"
	KeyBackspace = "\x7f"
)

// ErrNotTerminal is returned when the input is not a terminal: the caller
// falls back to reading lines.
var ErrNotTerminal = errors.New("not a terminal")

// Terminal reads keys from In, a terminal, and echoes to Out.
type Terminal struct {
	In  *os.File
	Out io.Writer

	pending []byte        // bytes read after the last key (typed ahead)
	before  []byte        // bytes typed before the question was drawn (see Begin)
	saved   *unix.Termios // the terminal's mode before Begin; nil when not begun
}

// Begin starts a question; call it before the question is drawn. The
// terminal goes raw until End, and every byte already waiting (keys typed
// before the question could be seen: a burst of type-ahead, the Enter of a
// line typed while the last command ran) is put aside: it never answers the
// question, and TypedBefore hands it back, as typed, for the next prompt.
// Only keys that arrive after Begin answer.
func (t *Terminal) Begin() error {
	if !t.IsTerminal() {
		return ErrNotTerminal
	}
	if t.saved != nil {
		return nil
	}
	fd := int(t.In.Fd())
	old, err := rawInput(fd)
	if err != nil {
		return err
	}
	t.saved = old
	t.before = append(t.before, t.pending...)
	t.pending = nil
	t.before = append(t.before, drain(fd)...)
	return nil
}

// End restores the terminal's mode after Begin. Keys still unread stay in
// the terminal for whoever reads next.
func (t *Terminal) End() {
	if t.saved == nil {
		return
	}
	_ = unix.IoctlSetTermios(int(t.In.Fd()), ioctlSetTermios, t.saved)
	t.saved = nil
}

// rawInput puts the terminal's input in raw mode (each key readable at
// once, no echo, no signals from Ctrl-C) as term.MakeRaw does, but keeps
// output processing, so a question drawn with "\n" still starts its lines
// at the left edge. It returns the mode to restore.
func rawInput(fd int) (*unix.Termios, error) {
	old, err := unix.IoctlGetTermios(fd, ioctlGetTermios)
	if err != nil {
		return nil, err
	}
	raw := *old
	raw.Iflag &^= unix.IGNBRK | unix.BRKINT | unix.PARMRK | unix.ISTRIP | unix.INLCR | unix.IGNCR | unix.ICRNL | unix.IXON
	raw.Lflag &^= unix.ECHO | unix.ECHONL | unix.ICANON | unix.ISIG | unix.IEXTEN
	raw.Cflag &^= unix.CSIZE | unix.PARENB
	raw.Cflag |= unix.CS8
	raw.Cc[unix.VMIN] = 1
	raw.Cc[unix.VTIME] = 0
	if err := unix.IoctlSetTermios(fd, ioctlSetTermios, &raw); err != nil {
		return nil, err
	}
	return old, nil
}

// TypedEarly reports whether keys were typed before Begin (see TypedBefore).
func (t *Terminal) TypedEarly() bool { return len(t.before) > 0 }

// TypedBefore returns and forgets the keys that were typed before Begin.
func (t *Terminal) TypedBefore() []byte {
	b := t.before
	t.before = nil
	return b
}

// drain reads every byte waiting on fd without waiting for more. A
// canonical-mode line still being typed becomes readable once the terminal
// is raw, so this takes it too.
func drain(fd int) []byte {
	var out []byte
	buf := make([]byte, 256)
	for {
		fds := []unix.PollFd{{Fd: int32(fd), Events: unix.POLLIN}}
		n, err := unix.Poll(fds, 0)
		if errors.Is(err, unix.EINTR) {
			continue
		}
		if err != nil || n == 0 || fds[0].Revents&unix.POLLIN == 0 {
			return out
		}
		m, err := unix.Read(fd, buf)
		if m <= 0 || err != nil {
			return out
		}
		out = append(out, buf[:m]...)
	}
}

// IsTerminal reports whether keys can be read one at a time.
func (t *Terminal) IsTerminal() bool {
	return t.In != nil && term.IsTerminal(int(t.In.Fd()))
}

// Key waits for one key press and returns its bytes: one character (a
// UTF-8 sequence for a letter such as é), a control byte, or a whole escape
// sequence (an arrow key). The terminal is in raw mode only while it waits
// (or from Begin to End). It returns ctx's error when ctx ends first.
//
// Call Begin before drawing the question: without it, a key typed before
// the question was on screen may be taken as its answer.
func (t *Terminal) Key(ctx context.Context) (string, error) {
	return t.raw(func(fd int) (string, error) { return t.readKey(ctx, fd) })
}

// raw runs read with the terminal in raw mode, restoring its mode after.
func (t *Terminal) raw(read func(fd int) (string, error)) (string, error) {
	if !t.IsTerminal() {
		return "", ErrNotTerminal
	}
	fd := int(t.In.Fd())
	if t.saved != nil { // raw since Begin
		return read(fd)
	}
	old, err := term.MakeRaw(fd)
	if err != nil {
		return "", err
	}
	defer term.Restore(fd, old) //nolint:errcheck // nothing to do if it fails
	return read(fd)
}

// readKey reads what one key press sends; the terminal is raw.
func (t *Terminal) readKey(ctx context.Context, fd int) (string, error) {
	if len(t.pending) > 0 {
		return t.next(), nil
	}
	buf := make([]byte, 64)
	for {
		if err := ctx.Err(); err != nil {
			return "", err
		}
		// Poll with a short timeout so a cancelled context is noticed
		// without a goroutine left blocked in read.
		fds := []unix.PollFd{{Fd: int32(fd), Events: unix.POLLIN}}
		n, err := unix.Poll(fds, 50)
		if err != nil {
			if errors.Is(err, unix.EINTR) {
				continue
			}
			return "", err
		}
		if n == 0 {
			continue
		}
		m, err := unix.Read(fd, buf)
		if err != nil {
			if errors.Is(err, unix.EINTR) || errors.Is(err, unix.EAGAIN) {
				continue
			}
			return "", err
		}
		if m == 0 {
			return "", io.EOF
		}
		t.pending = append(t.pending, buf[:m]...)
		// A letter may arrive split across reads; complete it.
		for !utf8.FullRune(t.pending) && len(t.pending) < 4 {
			more, err := t.readMore(fd, buf)
			if err != nil || more == 0 {
				break
			}
			t.pending = append(t.pending, buf[:more]...)
		}
		return t.next(), nil
	}
}

// next takes one key off the pending bytes: an escape sequence, else one
// character.
func (t *Terminal) next() string {
	n := keyLen(t.pending)
	k := string(t.pending[:n])
	t.pending = t.pending[n:]
	return k
}

// keyLen is the length of the key at the start of b (not empty): a CSI
// sequence (ESC [ … final byte) or an SS3 one (ESC O x), which terminals
// send whole; else ESC alone, for what follows an Esc in the same read is
// what was typed after it (Esc, then the next command, in one burst), not
// one key; else one UTF-8 character.
func keyLen(b []byte) int {
	if b[0] != 0x1b {
		_, n := utf8.DecodeRune(b)
		return n
	}
	if len(b) < 2 {
		return 1
	}
	switch b[1] {
	case '[':
		for i := 2; i < len(b); i++ {
			if b[i] >= 0x40 && b[i] <= 0x7e {
				return i + 1
			}
			if b[i] < 0x20 || b[i] > 0x7e {
				return i // not a sequence: stop before the stray byte
			}
		}
		return len(b)
	case 'O':
		return min(3, len(b))
	}
	return 1
}

// TypedAhead returns and forgets the bytes that arrived after the last key
// (keys typed before the question was answered), so the caller can hand
// them on, for example to the line editor.
func (t *Terminal) TypedAhead() []byte {
	b := t.pending
	t.pending = nil
	return b
}

// readMore reads the rest of a key that arrived split, waiting briefly.
func (t *Terminal) readMore(fd int, into []byte) (int, error) {
	fds := []unix.PollFd{{Fd: int32(fd), Events: unix.POLLIN}}
	if n, err := unix.Poll(fds, 20); err != nil || n == 0 {
		return 0, err
	}
	return unix.Read(fd, into)
}

// Word reads a word ended by Enter, echoing what is typed; Backspace
// erases. Esc, Ctrl-C and Ctrl-D cancel: Word then returns the key that
// cancelled and ErrCancelled.
func (t *Terminal) Word(ctx context.Context) (string, error) {
	return t.raw(func(fd int) (string, error) { return t.readWord(ctx, fd) })
}

// readWord reads Word's word; the terminal is raw.
func (t *Terminal) readWord(ctx context.Context, fd int) (string, error) {
	var word []rune
	for {
		k, err := t.readKey(ctx, fd)
		if err != nil {
			return "", err
		}
		switch k {
		case KeyEnter, "\n":
			io.WriteString(t.Out, "\r\n")
			return string(word), nil
		case KeyEsc, KeyCtrlC, KeyCtrlD:
			io.WriteString(t.Out, "\r\n")
			return k, ErrCancelled
		case KeyBackspace, "\b":
			if len(word) > 0 {
				word = word[:len(word)-1]
				io.WriteString(t.Out, "\b \b")
			}
		default:
			r, _ := utf8.DecodeRuneInString(k)
			if len(k) == utf8.RuneLen(r) && r >= ' ' && r != utf8.RuneError {
				word = append(word, r)
				io.WriteString(t.Out, k)
			}
		}
	}
}

// ErrCancelled is returned by Word when the user pressed Esc, Ctrl-C or
// Ctrl-D.
var ErrCancelled = errors.New("cancelled")
