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

	pending []byte // bytes read after the last key (typed ahead)
}

// IsTerminal reports whether keys can be read one at a time.
func (t *Terminal) IsTerminal() bool {
	return t.In != nil && term.IsTerminal(int(t.In.Fd()))
}

// Key waits for one key press and returns its bytes: one character (a
// UTF-8 sequence for a letter such as é), a control byte, or a whole escape
// sequence (an arrow key). The terminal is in raw mode only while it waits.
// It returns ctx's error when ctx ends first.
func (t *Terminal) Key(ctx context.Context) (string, error) {
	return t.raw(func(fd int) (string, error) { return t.readKey(ctx, fd) })
}

// raw runs read with the terminal in raw mode, restoring its mode after.
func (t *Terminal) raw(read func(fd int) (string, error)) (string, error) {
	if !t.IsTerminal() {
		return "", ErrNotTerminal
	}
	fd := int(t.In.Fd())
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

// next takes one key off the pending bytes: an escape sequence (ESC and all
// that came with it in one read: terminals send a key's sequence whole),
// else one character.
func (t *Terminal) next() string {
	n := len(t.pending)
	if t.pending[0] != 0x1b {
		_, n = utf8.DecodeRune(t.pending)
	}
	k := string(t.pending[:n])
	t.pending = t.pending[n:]
	return k
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
