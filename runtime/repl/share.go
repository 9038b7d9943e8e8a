package repl

import (
	"time"

	"go.uber.org/zap"

	"github.com/lacy-sh/lacy/runtime/lastfail"
	"github.com/lacy-sh/lacy/runtime/redact"
	"github.com/lacy-sh/lacy/runtime/session"
)

// shareFailure saves the failed command and its error tail, redacted, for
// `lacy mcp`'s last_failure (see runtime/lastfail). A private line (see
// private.go) is not saved.
func (a *App) shareFailure(line string, status int, tail string) {
	dir := session.StateDir()
	if dir == "" || a.isPrivate(line) {
		return
	}
	f := lastfail.Failure{Command: line, Exit: status, Cwd: a.sh.Dir(), Time: time.Now(), Tail: tail}
	if err := lastfail.Save(dir, f, redact.String); err != nil {
		a.log.Warn("cannot save the last failure", zap.Error(err))
	}
}
