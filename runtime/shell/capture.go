package shell

import (
	"os/exec"

	"mvdan.cc/sh/v3/interp"
)

// SetOutputCapture turns output capture on or off for the lines that
// follow (lacy.config{ context = { output = true } }): whether OutputTail
// reports the tap's tail. Standard output of foreground programs and
// builtins goes into the tap whenever lacy's stdout is a terminal (see
// tap.go: one pty for both streams keeps their order); when it is not,
// capture puts it there. Background jobs and terminal programs (see
// AddTerminalPrograms) keep the real terminal. It reports whether capture
// is possible (an interactive session with the tap).
func (s *Shell) SetOutputCapture(on bool) bool {
	if s.tap == nil || s.tap.slave == nil {
		return false
	}
	out := s.stdout
	if on {
		out = s.tap.slave
	}
	s.capture = on
	_ = interp.StdIO(s.stdin, out, s.stderr)(s.runner)
	return true
}

// OutputTail returns the end of the last line's output (standard output
// and error together) when capture was on for it; "" otherwise.
func (s *Shell) OutputTail() string {
	if !s.capture || s.tap == nil {
		return ""
	}
	return s.tap.tail()
}

// uncaptured gives a program the real standard output when capture would
// put it on the tap but it runs in the background or is a terminal
// program.
func (s *Shell) uncaptured(cmd *exec.Cmd, background bool, path string) {
	if !s.capture || s.tap == nil || !s.tap.isTapWriter(cmd.Stdout) {
		return
	}
	if background || s.usesTerminal(path) {
		cmd.Stdout = s.opts.Stdout
		return
	}
	s.tap.resize()
}
