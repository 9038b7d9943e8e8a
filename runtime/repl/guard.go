package repl

import (
	"fmt"
	"runtime/debug"
	"sync"

	"go.uber.org/zap"
)

// panicked records a recovered panic: the stack goes to the log, one line
// to the user (once per place), and the shell goes on. A bug in a widget or
// in the agent's rendering must never take the shell away.
func (a *App) panicked(where string, r any) {
	a.log.Error("recovered panic", zap.String("where", where), zap.Any("panic", r), zap.ByteString("stack", debug.Stack()))
	if _, seen := a.reported.LoadOrStore(where, true); !seen {
		fmt.Fprintf(a.io.ErrOut, "\r\nlacy: internal error in %s: %v (details in the log; the shell goes on)\r\n", where, r)
	}
}

// reportedPanics is the set of places that already reported a panic.
type reportedPanics = sync.Map
