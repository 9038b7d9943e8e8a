package cli

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/lacy-sh/lacy/internal/batch"
	"github.com/lacy-sh/lacy/internal/invocation"

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
  lacy -s [args…]             read commands from stdin; args are $1…
  Options as in bash: -l/--login (run /etc/profile and ~/.lacy_profile or
  ~/.profile first), -i (interactive: ~/.lacyrc too), --noprofile, --norc,
  and set's options (-e, -u, -x, -o pipefail…); grouped as in -lc.
  lacy run file.lua [args…]   run a Lua automation with the lacy stdlib
  lacy classify [text…]       print route<TAB>rule<TAB>text for each line (args or stdin)
  lacy ask [--agent NAME] [text]  one-shot agent answer; stdin is added as context
  lacy fix [--exit N] [--output FILE|-] [--offline] -- CMD…  fixes of a failed command, best first
  lacy rules [forget N|all]   what lacy learned from you: corrections, routes
  lacy suggest [-n N] TEXT    commands for a request, one per line, best first
  lacy explain [--offline] 'CMD'  what a command line does (offline without a model)
  lacy mcp                    serve MCP on stdin/stdout: history, last failure, aliases, fixes (docs/mcp.md)
  lacy lua-defs [DIR]         write LuaLS definitions for the lacy API
  lacy doctor                 config files, models and paths in use
  lacy --version | --help

Config: $XDG_CONFIG_HOME/lacy/init.lua, ~/.lacyrc.lua (Lua), ~/.lacyrc (bash syntax).
Docs: docs/ in the source tree.
`

// Main dispatches lacy's command line and returns the exit status. The
// lean `lacy` binary runs scripts itself and hands everything else here
// (see cmd/lacy). Options are bash's (see package invocation).
func Main(args []string, ios *iostreams.IO) int {
	if len(args) > 0 {
		switch args[0] {
		case "-h", "--help", "help":
			fmt.Fprint(ios.Out, usage)
			return 0
		case "--version", "-V":
			fmt.Fprintln(ios.Out, "lacy", Version)
			return 0
		}
		if cmd, ok := subcommands[args[0]]; ok {
			return cmd(ios, args[1:])
		}
	}
	inv, err := invocation.Parse(args)
	if err != nil {
		fmt.Fprintf(ios.ErrOut, "lacy: %v\n%s", err, usage)
		return 2
	}
	if inv.Command || len(inv.Operands) > 0 && !inv.Stdin || !ios.IsStdinTTY() {
		return batch.Invoke(ios, inv)
	}
	// Programs started from the session see lacy as their shell.
	if self := selfPath(); self != "" {
		_ = os.Setenv("SHELL", self)
		// `lacy doctor` inside a lacy started as ./bin/lacy (make run)
		// runs this lacy's doctor.
		_ = os.Setenv("PATH", pathWithSelf(os.Getenv("PATH"), self))
	}
	return repl.Run(repl.Options{IO: ios, Invocation: inv})
}

// pathWithSelf returns path with self's folder appended when no "lacy" is
// found on it, so that the running binary's own commands resolve in the
// session and in the programs it starts; a lacy already on path stays
// first, and nothing else changes order.
func pathWithSelf(path, self string) string {
	for _, dir := range filepath.SplitList(path) {
		if dir == "" {
			continue
		}
		if fi, err := os.Stat(filepath.Join(dir, "lacy")); err == nil && !fi.IsDir() && fi.Mode()&0o111 != 0 {
			return path
		}
	}
	dir := filepath.Dir(self)
	if path == "" {
		return dir
	}
	return path + string(filepath.ListSeparator) + dir
}

// selfPath is the path of the lacy binary the user runs: the lean lacy
// beside this lacy-full when there is one.
func selfPath() string {
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	if lean := filepath.Join(filepath.Dir(exe), "lacy"); lean != exe {
		if fi, err := os.Stat(lean); err == nil && !fi.IsDir() {
			return lean
		}
	}
	return exe
}

// subcommands are the `lacy NAME` commands other than scripts; each
// cmd_*.go file registers its own.
var subcommands = map[string]func(*iostreams.IO, []string) int{}
