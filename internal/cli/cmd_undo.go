package cli

import (
	"github.com/lacy-sh/lacy/runtime/iostreams"
	"github.com/lacy-sh/lacy/runtime/repl"
)

func init() { subcommands["undo"] = cmdUndo }

// cmdUndo is `lacy undo [list | ID]`: /undo outside the shell.
func cmdUndo(ios *iostreams.IO, args []string) int {
	return repl.RunUndo(ios.Out, ios.ErrOut, "lacy undo", args)
}
