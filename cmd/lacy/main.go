// Command lacy is an AI-native interactive shell: it runs bash-syntax
// commands, routes English to an AI agent, and is configured in Lua.
//
// This binary is deliberately lean. Running a script (`lacy -c 'cmds'`,
// `lacy script.sh`, a script on stdin) links only the shell, so it starts
// about as fast as bash: Go runs every linked package's initialisation
// before main, and the line editor, Lua and the model clients would triple
// the start-up time. A terminal session is lacy-shell (the shell, line
// editor and Lua, no model client); the subcommands (`lacy run`, `lacy
// ask`, …) are lacy-full. Both are installed beside this binary, which
// replaces itself with the one it needs (exec, same process).
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
	"github.com/lacy-sh/lacy/internal/starttrace"
	"github.com/lacy-sh/lacy/runtime/iostreams"
	"github.com/lacy-sh/lacy/runtime/sandbox"
)

func main() {
	starttrace.Begin("lacy") // LACY_TRACE_STARTUP=FILE: the start's phases (docs/performance.md)
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
		// A terminal session, or an option error lacy-shell words with
		// its usage. An install without lacy-shell (older) runs the
		// session in lacy-full.
		if p := find("lacy-shell"); p != "" {
			run(p, args)
		}
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
	full := find("lacy-full")
	if full == "" {
		fmt.Fprintln(os.Stderr, "lacy: lacy-full not found beside lacy or on PATH (run `make build`)")
		os.Exit(127)
	}
	run(full, args)
}

// find returns the path of the program name beside this binary, else on
// PATH, else "".
func find(name string) string {
	if exe, err := os.Executable(); err == nil {
		if p := filepath.Join(filepath.Dir(exe), name); fileExists(p) {
			return p
		}
	}
	for _, dir := range filepath.SplitList(os.Getenv("PATH")) {
		if p := filepath.Join(dir, name); dir != "" && fileExists(p) {
			return p
		}
	}
	return ""
}

// run replaces this process with the program at path, as "lacy".
func run(path string, args []string) {
	argv := append([]string{"lacy"}, args...)
	starttrace.Mark("exec " + filepath.Base(path))
	starttrace.Done()
	err := syscall.Exec(path, argv, os.Environ())
	fmt.Fprintf(os.Stderr, "lacy: %s: %v\n", path, err)
	os.Exit(126)
}

func fileExists(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && !fi.IsDir()
}
