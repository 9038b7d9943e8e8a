package repl

import (
	"fmt"
	"io"
	"time"

	"github.com/lacy-sh/lacy/runtime/session"
)

// slashUndo is /undo (restore the last agent change), /undo list and /undo
// ID.
func (a *App) slashUndo(args []string) int {
	return RunUndo(a.io.Out, a.io.ErrOut, "/undo", args)
}

// RunUndo restores the last agent change (or the one named), or lists the
// kept snapshots with "list"; what is the name used in messages ("/undo",
// "lacy undo").
func RunUndo(out, errOut io.Writer, what string, args []string) int {
	s := session.UndoStore()
	if s == nil {
		fmt.Fprintf(errOut, "lacy: %s: no state directory, so no agent change is kept\n", what)
		return 1
	}
	if len(args) > 0 && args[0] == "list" {
		list := s.List()
		if len(list) == 0 {
			fmt.Fprintln(out, "no agent change is kept")
			return 0
		}
		now := time.Now()
		for _, snap := range list {
			fmt.Fprintln(out, snap.Line(now))
		}
		return 0
	}
	id := ""
	if len(args) > 0 {
		id = args[0]
	}
	_, msg, err := s.Undo(id)
	if err != nil {
		fmt.Fprintf(errOut, "lacy: %s: %v\n", what, err)
		return 1
	}
	fmt.Fprintln(out, msg)
	return 0
}
