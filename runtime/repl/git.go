package repl

import (
	"time"

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
	if t, ok := a.Cfg.Extra["git"].(map[string]any); ok {
		if n, ok := t["timeout_ms"].(float64); ok && n > 0 {
			r.Timeout = time.Duration(n) * time.Millisecond
		}
	}
}
