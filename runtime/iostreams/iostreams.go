// Package iostreams is the seam between lacy's commands and the terminal, in
// the style of cli/cli's IOStreams: every command reads and writes through an
// IO value, so tests can run commands without a terminal.
package iostreams

import (
	"bytes"
	"io"
	"os"

	"golang.org/x/term"
)

// IO carries a command's standard streams and what is known about them.
type IO struct {
	In     io.Reader
	Out    io.Writer
	ErrOut io.Writer

	// InFile, OutFile and ErrFile are the *os.File behind In, Out and ErrOut
	// when there is one (programs run by the shell need real files to see a
	// terminal). They are nil for in-memory streams.
	InFile, OutFile, ErrFile *os.File

	stdinTTY, stdoutTTY, stderrTTY bool
}

// System returns the process's standard streams.
func System() *IO {
	return &IO{
		In: os.Stdin, Out: os.Stdout, ErrOut: os.Stderr,
		InFile: os.Stdin, OutFile: os.Stdout, ErrFile: os.Stderr,
		stdinTTY:  term.IsTerminal(int(os.Stdin.Fd())),
		stdoutTTY: term.IsTerminal(int(os.Stdout.Fd())),
		stderrTTY: term.IsTerminal(int(os.Stderr.Fd())),
	}
}

// Test returns an IO backed by buffers: stdin reads from in, and the returned
// buffers collect stdout and stderr. None of the streams is a terminal.
func Test(in string) (*IO, *bytes.Buffer, *bytes.Buffer) {
	out, errOut := &bytes.Buffer{}, &bytes.Buffer{}
	return &IO{In: bytes.NewBufferString(in), Out: out, ErrOut: errOut}, out, errOut
}

// IsStdinTTY reports whether stdin is a terminal.
func (s *IO) IsStdinTTY() bool { return s.stdinTTY }

// IsStdoutTTY reports whether stdout is a terminal.
func (s *IO) IsStdoutTTY() bool { return s.stdoutTTY }

// IsStderrTTY reports whether stderr is a terminal.
func (s *IO) IsStderrTTY() bool { return s.stderrTTY }

// SetTTY overrides the terminal flags (for tests).
func (s *IO) SetTTY(stdin, stdout, stderr bool) {
	s.stdinTTY, s.stdoutTTY, s.stderrTTY = stdin, stdout, stderr
}
