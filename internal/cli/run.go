package cli

import (
	"fmt"
	"github.com/lacy-sh/lacy/internal/batch"
	"strings"

	"github.com/lacy-sh/lacy/runtime/iostreams"
	"github.com/lacy-sh/lacy/runtime/repl"
)

// Version is set at build time with -ldflags "-X github.com/lacy-sh/lacy/internal/cli.Version=...".
var Version = "dev"

const usage = `lacy — an AI-native shell, configured in Lua

Usage:
  lacy                        interactive shell (a script from stdin when it is not a terminal)
  lacy -c 'cmds' [name [args…]]  run a command string, like bash -c
  lacy script.sh [args…]      run a bash-syntax script
  lacy run file.lua [args…]   run a Lua automation with the lacy stdlib
  lacy classify [text…]       print route<TAB>rule<TAB>text for each line (args or stdin)
  lacy ask [--agent NAME] [text]  one-shot agent answer; stdin is added as context
  lacy fix [--exit N] [--output FILE|-] [--offline] -- CMD…  fixes of a failed command, best first
  lacy lua-defs [DIR]         write LuaLS definitions for the lacy API
  lacy doctor                 config files, models and paths in use
  lacy --version | --help

Config: $XDG_CONFIG_HOME/lacy/init.lua, ~/.lacyrc.lua (Lua), ~/.lacyrc (bash syntax).
Docs: docs/ in the source tree.
`

// Main dispatches lacy's command line and returns the exit status. The
// lean `lacy` binary runs scripts itself and hands everything else here
// (see cmd/lacy).
func Main(args []string, ios *iostreams.IO) int {
	if len(args) == 0 {
		if ios.IsStdinTTY() {
			return repl.Run(repl.Options{IO: ios})
		}
		return batch.Stdin(ios)
	}
	switch a := args[0]; a {
	case "-c":
		if len(args) < 2 {
			fmt.Fprintln(ios.ErrOut, "lacy: -c: option requires an argument")
			return 2
		}
		return batch.CommandString(ios, args[1], args[2:])
	case "-h", "--help", "help":
		fmt.Fprint(ios.Out, usage)
		return 0
	case "--version", "-V":
		fmt.Fprintln(ios.Out, "lacy", Version)
		return 0
	case "-i":
		return repl.Run(repl.Options{IO: ios})
	}
	if cmd, ok := subcommands[args[0]]; ok {
		return cmd(ios, args[1:])
	}
	if strings.HasPrefix(args[0], "-") && args[0] != "-" {
		fmt.Fprintf(ios.ErrOut, "lacy: %s: invalid option\n%s", args[0], usage)
		return 2
	}
	return batch.ScriptFile(ios, args[0], args[1:])
}

// subcommands are the `lacy NAME` commands other than scripts; each
// cmd_*.go file registers its own.
var subcommands = map[string]func(*iostreams.IO, []string) int{}
