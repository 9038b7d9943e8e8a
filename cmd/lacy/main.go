// Command lacy is an AI-native interactive shell: it runs bash-syntax
// commands, routes English to an AI agent, and is configured in Lua.
//
// This binary is deliberately lean. Running a script (`lacy -c 'cmds'`,
// `lacy script.sh`, a script on stdin) links only the shell, so it starts
// about as fast as bash: Go runs every linked package's initialisation
// before main, and the line editor, Lua and the model clients would triple
// the start-up time. Everything else (the interactive shell, `lacy run`,
// `lacy ask`, …) is in lacy-full, installed beside this binary, which this
// one replaces itself with (exec, same process).
package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/lacy-sh/lacy/internal/app/commands"
	"github.com/lacy-sh/lacy/internal/batch"
	"github.com/lacy-sh/lacy/internal/invocation"
	"github.com/lacy-sh/lacy/runtime/iostreams"
	"github.com/lacy-sh/lacy/runtime/sandbox"
)

func main() {
	if len(os.Args) > 1 && os.Args[1] == sandbox.Arg {
		// The agents' sandbox launcher (runtime/sandbox): lacy-full starts
		// it here, where start-up costs a few ms rather than twenty.
		os.Exit(sandbox.Main(os.Args[2:]))
	}
	args := os.Args[1:]
	if invocation.IsLoginName(filepath.Base(os.Args[0])) {
		// Started as a login shell ("-lacy"): say so to lacy-full too.
		args = append([]string{"--login"}, args...)
	}
	ios := iostreams.System()
	if len(args) == 0 || !isSubcommand(args[0]) {
		inv, err := invocation.Parse(args)
		if err == nil && (inv.Command || len(inv.Operands) > 0 && !inv.Stdin || !ios.IsStdinTTY()) {
			os.Exit(batch.Invoke(ios, inv))
		}
		// A terminal session, or an option error lacy-full words with
		// its usage.
	}
	execFull(args)
}

// isSubcommand reports whether the first argument is one of lacy-full's
// commands (run, ask, …: the one table, internal/app/commands) rather
// than an option or a script.
func isSubcommand(arg string) bool {
	return !strings.HasPrefix(arg, "-") && !commands.IsScript(arg)
}

// execFull replaces this process with lacy-full, found beside this binary or
// on PATH.
func execFull(args []string) {
	full := ""
	if exe, err := os.Executable(); err == nil {
		if p := filepath.Join(filepath.Dir(exe), "lacy-full"); fileExists(p) {
			full = p
		}
	}
	if full == "" {
		for _, dir := range filepath.SplitList(os.Getenv("PATH")) {
			if p := filepath.Join(dir, "lacy-full"); dir != "" && fileExists(p) {
				full = p
				break
			}
		}
	}
	if full == "" {
		fmt.Fprintln(os.Stderr, "lacy: lacy-full not found beside lacy or on PATH (run `make build`)")
		os.Exit(127)
	}
	argv := append([]string{"lacy"}, args...)
	err := syscall.Exec(full, argv, os.Environ())
	fmt.Fprintf(os.Stderr, "lacy: %s: %v\n", full, err)
	os.Exit(126)
}

func fileExists(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && !fi.IsDir()
}
