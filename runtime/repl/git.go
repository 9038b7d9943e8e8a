package repl

import (
	"time"

	"github.com/lacy-sh/lacy/internal/timelimit"
	"github.com/lacy-sh/lacy/runtime/gitinfo"
	"github.com/lacy-sh/lacy/runtime/shell"
)

// gitHoldWait bounds how long a command line waits for lacy's own git
// reads, sent SIGTERM, to exit before it starts (they hold no lock; this
// only keeps them from running beside the user's command).
var gitHoldWait = timelimit.Scale(2 * time.Second)

// setupGit makes gitinfo.Default the session's one git-state reader (the
// agent's context and model prediction read through it): it never starts
// git while a git of the user's runs, and its time limit is
// lacy.config{ git = { timeout_ms = N } } (default gitinfo.DefaultTimeout).
func (a *App) setupGit() {
	r := gitinfo.Default
	r.Busy = func() bool { return shell.ProgramRuns("git") }
	if t := a.cfg.Git.Timeout; t > 0 {
		r.Timeout = t
	}
}

// holdGit stops lacy's git reads while a command line runs; call the
// returned func when it ends.
func (a *App) holdGit() func() {
	gitinfo.Default.Hold(gitHoldWait)
	return gitinfo.Default.Release
}
