package ask

import (
	"context"
	"errors"
	"io"
	"os"
	"testing"
	"time"

	"github.com/creack/pty"
	"golang.org/x/sys/unix"
	"golang.org/x/term"
)

// newTerminal returns a Terminal reading from a pseudo-terminal and the
// master side to type into.
func newTerminal(t *testing.T) (*Terminal, *os.File) {
	t.Helper()
	master, slave, err := pty.Open()
	if err != nil {
		t.Skipf("no pty: %v", err)
	}
	t.Cleanup(func() { master.Close(); slave.Close() })
	// Raw before anything is typed, as it is while a question waits: the
	// line discipline then passes every byte as typed.
	if _, err := term.MakeRaw(int(slave.Fd())); err != nil {
		t.Fatal(err)
	}
	go io.Copy(io.Discard, master) //nolint:errcheck // drain the echo
	return &Terminal{In: slave, Out: slave}, master
}

func TestKey(t *testing.T) {
	tests := []struct {
		name  string
		typed string
		want  []string // keys in order
		ahead string   // left over
	}{
		{"letter", "y", []string{"y"}, ""},
		{"accented letter", "é", []string{"é"}, ""},
		{"arrow", "\x1b[A", []string{"\x1b[A"}, ""},
		{"escape alone", "\x1b", []string{"\x1b"}, ""},
		{"escape, then typing", "\x1becho\r", []string{"\x1b", "e"}, "cho\r"},
		{"arrow, then typing", "\x1b[1;5Cls", []string{"\x1b[1;5C", "l"}, "s"},
		{"SS3 key, then typing", "\x1bOFx", []string{"\x1bOF", "x"}, ""},
		{"paste start", "\x1b[200~ls", []string{"\x1b[200~"}, "ls"},
		{"ctrl-c", "\x03", []string{"\x03"}, ""},
		{"typed ahead", "ab\r", []string{"a", "b"}, "\r"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tm, master := newTerminal(t)
			if _, err := master.Write([]byte(tt.typed)); err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			for _, want := range tt.want {
				got, err := tm.Key(ctx)
				if err != nil || got != want {
					t.Fatalf("Key() = %q, %v; want %q", got, err, want)
				}
			}
			if got := string(tm.TypedAhead()); got != tt.ahead {
				t.Fatalf("TypedAhead() = %q, want %q", got, tt.ahead)
			}
		})
	}
}

func TestKeyStopsWithTheContext(t *testing.T) {
	tm, _ := newTerminal(t)
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	if _, err := tm.Key(ctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Key() error = %v, want the context's", err)
	}
}

func TestWord(t *testing.T) {
	tests := []struct {
		typed string
		want  string
		err   error
	}{
		{"yes\r", "yes", nil},
		{"yez\x7fs\r", "yes", nil},
		{"y\r", "y", nil},
		{"ye\x1b", KeyEsc, ErrCancelled},
		{"ye\x03", KeyCtrlC, ErrCancelled},
	}
	for _, tt := range tests {
		tm, master := newTerminal(t)
		if _, err := master.Write([]byte(tt.typed)); err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		got, err := tm.Word(ctx)
		cancel()
		if got != tt.want || !errors.Is(err, tt.err) {
			t.Errorf("Word() after %q = %q, %v; want %q, %v", tt.typed, got, err, tt.want, tt.err)
		}
	}
}

func TestNotATerminal(t *testing.T) {
	f, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tm := &Terminal{In: f, Out: io.Discard}
	if _, err := tm.Key(context.Background()); !errors.Is(err, ErrNotTerminal) {
		t.Fatalf("Key() error = %v, want ErrNotTerminal", err)
	}
}

// Keys typed before Begin never answer the question: they come back from
// TypedBefore, as typed; the key typed after Begin is the answer.
func TestKeysTypedBeforeTheQuestionAreNotAnswers(t *testing.T) {
	for _, early := range []string{"\r", "echo next\r", "e", "ab\x1b[A"} {
		tm, master := newTerminal(t)
		if _, err := master.Write([]byte(early)); err != nil {
			t.Fatal(err)
		}
		waitReadable(t, tm.In, len(early))
		if err := tm.Begin(); err != nil {
			t.Fatal(err)
		}
		if _, err := master.Write([]byte("y")); err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		got, err := tm.Key(ctx)
		cancel()
		tm.End()
		if err != nil || got != "y" {
			t.Errorf("typed %q before the question: Key() = %q, %v; want \"y\"", early, got, err)
		}
		if b := string(tm.TypedBefore()); b != early {
			t.Errorf("TypedBefore() = %q, want %q", b, early)
		}
	}
}

// waitReadable waits until n bytes written to the master can be read on f
// (the pty passes them on asynchronously).
func waitReadable(t *testing.T, f *os.File, n int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		if got, err := unix.IoctlGetInt(int(f.Fd()), unix.TIOCINQ); err == nil && got >= n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d bytes never arrived", n)
		}
		time.Sleep(time.Millisecond)
	}
}

// FuzzKeyLen: every key takes at least one byte and never more than there are.
func FuzzKeyLen(f *testing.F) {
	for _, s := range []string{"y", "é", "\x1b", "\x1b[A", "\x1bOF", "\x1becho", "\x1b[200~x", "\x1b[1;5\x03"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) == 0 {
			return
		}
		if n := keyLen(b); n < 1 || n > len(b) {
			t.Fatalf("keyLen(%q) = %d", b, n)
		}
	})
}
