package depcheck

import (
	"os"
	"testing"
)

// A role is what a binary is for. Today cmd/lacy runs scripts and `-c`
// (lean), cmd/lacy-shell is the interactive shell and cmd/lacy-full holds
// everything; should one binary take two roles (the shell running `-c`
// itself), the rules of the heavier role apply to it.
type role int

const (
	leanRole  role = iota // runs -c, script files and stdin scripts
	shellRole             // the interactive shell
	fullRole              // the subcommands and the agent process
)

// binaryFor returns the command (a directory under cmd/) that has a role,
// or "" when none has it alone (the lean role is the shell's when there is
// no separate shell binary).
func binaryFor(t *testing.T, r role) string {
	t.Helper()
	exists := func(cmd string) bool {
		fi, err := os.Stat("../../cmd/" + cmd)
		return err == nil && fi.IsDir()
	}
	switch r {
	case leanRole:
		if exists("lacy-shell") {
			return "lacy"
		}
		return ""
	case shellRole:
		if exists("lacy-shell") {
			return "lacy-shell"
		}
		return "lacy"
	default:
		if !exists("lacy-full") {
			t.Fatal("no cmd/lacy-full")
		}
		return "lacy-full"
	}
}
