package repl

import (
	"runtime/debug"
	"time"
)

// startBackground starts the work the first prompt does not need, as the
// prompt is drawn (DESIGN §7, docs/performance.md): indexing PATH (the
// first keystroke's classification must not read directories) and loading
// the history file (its prefix index waits for the first ghost text). Run
// before this, they would compete with the prompt for the CPU.
func (a *App) startBackground() {
	go a.path.Len()
	if h := a.hist; h != nil {
		h.Start()
		go func() {
			// Loading a large history allocates far more than it keeps;
			// give the garbage back to the OS once, so idle memory stays low.
			<-h.Loaded()
			time.Sleep(time.Second)
			debug.FreeOSMemory()
		}()
	}
}
