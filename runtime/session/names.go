package session

import (
	"os"

	"github.com/lacy-sh/lacy/runtime/names"
	"github.com/lacy-sh/lacy/runtime/shell"
)

// Names returns what can run in this process: the programs on $PATH,
// lacy's builtins and, when sh is not nil, its functions and aliases.
func Names(sh *shell.Shell) *names.Set {
	set := names.New(os.Getenv("PATH"), shell.Builtins(), nil)
	if sh != nil {
		set.SetSession(sh)
	}
	return set
}
