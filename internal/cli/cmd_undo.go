package cli

import (
	"github.com/lacy-sh/lacy/internal/app"
	"github.com/lacy-sh/lacy/runtime/repl"
)

// cmdUndo is `lacy undo [list | ID]`: /undo outside the shell.
func cmdUndo(f *app.Factory, args []string) error {
	return app.Status(repl.RunUndo(f.IO.Out, f.IO.ErrOut, "lacy undo", args))
}
