package repl

import (
	"io"
	"os"
	"testing"

	"github.com/creack/pty"
	"go.uber.org/zap"

	"github.com/lacy-sh/lacy/internal/invocation"
	"github.com/lacy-sh/lacy/runtime/iostreams"
)

// ptyIO returns streams on a new pseudo-terminal's slave, as a terminal
// session has them, and drains its master.
func ptyIO(tb testing.TB) *iostreams.IO {
	tb.Helper()
	m, s, err := pty.Open()
	if err != nil {
		tb.Skipf("no pty: %v", err)
	}
	_ = pty.Setsize(m, &pty.Winsize{Rows: 40, Cols: 120})
	go func() { _, _ = io.Copy(io.Discard, m) }()
	tb.Cleanup(func() { s.Close(); m.Close() })
	ios := &iostreams.IO{In: s, Out: s, ErrOut: s, InFile: s, OutFile: s, ErrFile: s}
	ios.SetTTY(true, true, true)
	return ios
}

// startHome gives the session an empty home, as a new user's.
func startHome(tb testing.TB) {
	tb.Helper()
	home := tb.TempDir()
	tb.Setenv("HOME", home)
	tb.Setenv("XDG_STATE_HOME", home+"/state")
	tb.Setenv("XDG_CONFIG_HOME", home+"/.config")
	tb.Setenv("INPUTRC", os.DevNull)
	tb.Setenv("TERM", "xterm-256color")
}

// BenchmarkNewApp is the interactive start's in-process part up to the
// line editor (newApp: shell, config, start-up files, classifier, history,
// editor), in a pseudo-terminal with an empty home.
func BenchmarkNewApp(b *testing.B) {
	startHome(b)
	ios := ptyIO(b)
	b.ReportAllocs()
	for b.Loop() {
		a, err := newApp(ios, zap.NewNop(), invocation.Invocation{})
		if err != nil {
			b.Fatal(err)
		}
		a.Classifier() // built in the background: count it
		a.close()
	}
}
