package shell

import (
	"os/exec"
	"os/signal"
	"sync"
	"syscall"
)

// bgStartMu serialises starting background programs with SIGINT and
// SIGQUIT ignored.
var bgStartMu sync.Mutex

// startIgnoringInterrupts starts a program of a background statement of a
// non-interactive shell with SIGINT and SIGQUIT ignored, as POSIX asks
// (bash does the same): a program inherits ignored signals, so lacy
// ignores them for the moment of the start. When the script traps one of
// them (signal.Ignored is false and a trap is listening) it is left alone.
func startIgnoringInterrupts(cmd *exec.Cmd) (*exec.Cmd, error) {
	bgStartMu.Lock()
	defer bgStartMu.Unlock()
	var ignored []syscall.Signal
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGQUIT} {
		if !signal.Ignored(sig) {
			ignored = append(ignored, sig)
		}
	}
	for _, sig := range ignored {
		signal.Ignore(sig)
	}
	cmd, err := startCmd(cmd)
	for _, sig := range ignored {
		signal.Reset(sig)
	}
	return cmd, err
}

// trapsInterrupts reports whether the script traps SIGINT or SIGQUIT.
func (s *Shell) trapsInterrupts() bool {
	return s.runner.Trapped("SIGINT") || s.runner.Trapped("SIGQUIT")
}
