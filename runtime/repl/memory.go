package repl

import (
	"runtime/debug"
	"time"

	"github.com/lacy-sh/lacy/runtime/history"
)

// freeAfterIndex waits for the history's first prefix index (built on the
// first ghost text or empty-prompt prediction) and then returns the
// build's garbage to the OS, as startBackground does after the load: at
// 200k entries the build allocates about 6 MB and keeps 1 MB, and Go's
// scavenger would otherwise give the rest back only slowly. Run it in the
// goroutine that freed the load's garbage (docs/performance.md, Memory).
func freeAfterIndex(h *history.Store) {
	<-h.Indexed()
	time.Sleep(freeMemoryDelay) // not synchronisation: the moment's work first
	debug.FreeOSMemory()
}
