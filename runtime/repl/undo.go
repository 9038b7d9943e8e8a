package repl

import (
	"io"

	"github.com/lacy-sh/lacy/runtime/repl/core"
)

// RunUndo restores the last agent change (or the one named), or lists the
// kept snapshots with "list"; what is the name used in messages ("/undo",
// "lacy undo"). It is core.RunUndo, kept here for `lacy undo`.
func RunUndo(out, errOut io.Writer, what string, args []string) int {
	return core.RunUndo(out, errOut, what, args)
}
