package repl

import (
	"sync"

	"github.com/lacy-sh/lacy/runtime/complete"
)

// bashCompleter holds the bash-completion bridge, started on the first Tab
// (never before the first prompt) and nil where bash or bash-completion is
// missing: completion is then lacy's own commands and paths.
type bashCompleter struct {
	once   sync.Once
	bridge *complete.Bridge
}

// bashBridge returns the bridge with the session's `complete` lines queued
// for replay, or nil.
func (a *App) bashBridge() *complete.Bridge {
	a.bash.once.Do(func() {
		a.bash.bridge = complete.NewBridge("", "")
		if a.bash.bridge == nil {
			a.log.Info("bash-completion not found; Tab completes commands and paths only")
		}
	})
	if b := a.bash.bridge; b != nil {
		b.Replay(a.sh.CompleteSpecs())
		return b
	}
	return nil
}

// bashComplete asks bash-completion for the word at req's cursor; ok is
// false when lacy's own completion should answer.
func (a *App) bashComplete(req complete.Request) (complete.Result, bool) {
	b := a.bashBridge()
	if b == nil {
		return complete.Result{}, false
	}
	return b.Complete(req)
}

func (c *bashCompleter) close() {
	if c.bridge != nil {
		c.bridge.Close()
	}
}
