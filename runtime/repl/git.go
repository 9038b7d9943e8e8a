package repl

import (
	"github.com/lacy-sh/lacy/runtime/gitinfo"
	"github.com/lacy-sh/lacy/runtime/shell"
)

// setupGit makes gitinfo.Default the session's one git-state reader (the
// agent's context and model prediction read through it): it never starts
// git while a git of the user's runs, and its time limit is
// lacy.config{ git = { timeout_ms = N } } (default gitinfo.DefaultTimeout).
func (a *App) setupGit() {
	r := gitinfo.Default
	r.Busy = func() bool { return shell.ProgramRuns("git") }
	if t := a.Cfg.Git.Timeout; t > 0 {
		r.Timeout = t
	}
}
