// Command lacy is an AI-native interactive shell: it runs bash-syntax
// commands, routes English to an AI agent, and is configured in Lua.
//
// This package holds the command line only: flags and subcommands. The work
// happens in runtime/, lua/, stdlib/ and agents/.
package main

import (
	"os"

	"github.com/lacy-sh/lacy/runtime/iostreams"
)

func main() {
	os.Exit(run(os.Args[1:], iostreams.System()))
}
