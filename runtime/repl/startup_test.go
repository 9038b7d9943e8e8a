package repl

import (
	"bytes"
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

// BenchmarkFirstPrompt is the interactive start's in-process part to the
// prompt's bytes on the terminal: newApp, then the first readLine until
// the route marker of the drawn prompt reaches the pseudo-terminal (the
// prompt is then left with Ctrl-D, untimed). The process-wide start (the
// runtime, the packages' initialisation, the exec hop) is not in it: see
// benchstartup -trace.
func BenchmarkFirstPrompt(b *testing.B) {
	startHome(b)
	// A small PATH: the index of a real one (thousands of lstat calls)
	// starts with the prompt and, in this process, starves the goroutine
	// that reads the terminal; benchstartup measures it from outside.
	bin := b.TempDir()
	for _, name := range []string{"ls", "git", "make"} {
		if err := os.WriteFile(bin+"/"+name, []byte("#!/bin/sh\n"), 0o755); err != nil {
			b.Fatal(err)
		}
	}
	b.Setenv("PATH", bin)
	m, s, err := pty.Open()
	if err != nil {
		b.Skipf("no pty: %v", err)
	}
	defer m.Close()
	defer s.Close()
	_ = pty.Setsize(m, &pty.Winsize{Rows: 40, Cols: 120})
	out := make(chan []byte, 64)
	go func() {
		for {
			buf := make([]byte, 4096)
			n, err := m.Read(buf)
			if n > 0 {
				out <- buf[:n]
			}
			if err != nil {
				close(out)
				return
			}
		}
	}()
	// readline reads os.Stdin and draws on os.Stdout.
	stdin, stdout := os.Stdin, os.Stdout
	os.Stdin, os.Stdout = s, s
	defer func() { os.Stdin, os.Stdout = stdin, stdout }()
	ios := &iostreams.IO{In: s, Out: s, ErrOut: s, InFile: s, OutFile: s, ErrFile: s}
	ios.SetTTY(true, true, true)
	for b.Loop() {
		a, err := newApp(ios, zap.NewNop(), invocation.Invocation{})
		if err != nil {
			b.Fatal(err)
		}
		done := make(chan struct{})
		go func() {
			defer close(done)
			a.readLine()
		}()
		var seen []byte
		for !bytes.Contains(seen, []byte(marker)) {
			chunk, ok := <-out
			if !ok {
				b.Fatal("the terminal closed before the prompt")
			}
			seen = append(seen, chunk...)
		}
		b.StopTimer()
		for {
			_, _ = m.Write([]byte{4}) // Ctrl-D at the empty prompt
			select {
			case <-done:
			case <-out:
				continue
			}
			break
		}
		// The background work of this start (the classifier, the PATH
		// index, the history) ends before the next start is timed.
		a.Classifier()
		a.Names.Path.Len()
		if a.Hist != nil {
			<-a.Hist.Loaded()
		}
		a.close()
		drain(out)
		b.StartTimer()
	}
}

// drain empties what the terminal has written so far.
func drain(out chan []byte) {
	for {
		select {
		case <-out:
		default:
			return
		}
	}
}
