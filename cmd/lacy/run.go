package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/lacy-sh/lacy/runtime/iostreams"
	"github.com/lacy-sh/lacy/runtime/repl"
	"github.com/lacy-sh/lacy/runtime/shell"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

const usage = `lacy — an AI-native shell, configured in Lua

Usage:
  lacy                        interactive shell (a script from stdin when it is not a terminal)
  lacy -c 'cmds' [name [args…]]  run a command string, like bash -c
  lacy script.sh [args…]      run a bash-syntax script
  lacy run file.lua [args…]   run a Lua automation with the lacy stdlib
  lacy classify [text…]       print route<TAB>rule<TAB>text for each line (args or stdin)
  lacy ask [--agent NAME] [text]  one-shot agent answer; stdin is added as context
  lacy lua-defs [DIR]         write LuaLS definitions for the lacy API
  lacy doctor                 config files, models and paths in use
  lacy --version | --help

Config: $XDG_CONFIG_HOME/lacy/init.lua, ~/.lacyrc.lua (Lua), ~/.lacyrc (bash syntax).
Docs: docs/ in the source tree.
`

// run dispatches the command line and returns the exit status.
func run(args []string, ios *iostreams.IO) int {
	if len(args) == 0 {
		if ios.IsStdinTTY() {
			return repl.Run(repl.Options{IO: ios})
		}
		return runStdinScript(ios)
	}
	switch a := args[0]; a {
	case "-c":
		if len(args) < 2 {
			fmt.Fprintln(ios.ErrOut, "lacy: -c: option requires an argument")
			return 2
		}
		return runCommandString(ios, args[1], args[2:])
	case "-h", "--help", "help":
		fmt.Fprint(ios.Out, usage)
		return 0
	case "--version", "-V":
		fmt.Fprintln(ios.Out, "lacy", version)
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
	return runScriptFile(ios, args[0], args[1:])
}

// subcommands are the `lacy NAME` commands other than scripts.
var subcommands = map[string]func(*iostreams.IO, []string) int{}

// newBatchShell makes a non-interactive shell on the process's streams.
func newBatchShell(ios *iostreams.IO, name string, params []string) (*shell.Shell, error) {
	return shell.New(shell.Options{
		Stdin: ios.In, Stdout: ios.Out, Stderr: ios.ErrOut,
		Name: name, Params: params,
	})
}

// runCommandString implements `lacy -c 'cmds' [name [args…]]`.
func runCommandString(ios *iostreams.IO, src string, rest []string) int {
	name := "lacy"
	if len(rest) > 0 {
		name, rest = rest[0], rest[1:]
	}
	sh, err := newBatchShell(ios, name, rest)
	if err != nil {
		fmt.Fprintf(ios.ErrOut, "lacy: %v\n", err)
		return 1
	}
	status, _ := sh.Run(context.Background(), src, "")
	return status
}

// runScriptFile implements `lacy script.sh [args…]`.
func runScriptFile(ios *iostreams.IO, path string, params []string) int {
	src, err := os.ReadFile(path)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		fmt.Fprintf(ios.ErrOut, "lacy: %s: %v\n", path, err)
		if errors.Is(err, os.ErrNotExist) {
			return 127
		}
		return 126
	}
	sh, err := newBatchShell(ios, path, params)
	if err != nil {
		fmt.Fprintf(ios.ErrOut, "lacy: %v\n", err)
		return 1
	}
	status, _ := sh.Run(context.Background(), string(src), path)
	return status
}

// runStdinScript runs a script read from a non-terminal stdin.
func runStdinScript(ios *iostreams.IO) int {
	src, err := io.ReadAll(ios.In)
	if err != nil {
		fmt.Fprintf(ios.ErrOut, "lacy: %v\n", err)
		return 1
	}
	sh, err := newBatchShell(ios, "lacy", nil)
	if err != nil {
		fmt.Fprintf(ios.ErrOut, "lacy: %v\n", err)
		return 1
	}
	status, _ := sh.Run(context.Background(), string(src), "")
	return status
}
