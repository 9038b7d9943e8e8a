// updatemaxprocs=0: the runtime starts no goroutine to follow a change of the
// cgroup's CPU limit, and sysmon does not re-read the cgroup files every
// second: a shell keeps the GOMAXPROCS it started with (docs/performance.md).

//go:debug updatemaxprocs=0

// Command lacy is an AI-native interactive shell: it runs bash-syntax
// commands, routes English to an AI agent, and is configured in Lua.
//
// This one binary is both the interactive shell (the shell, line editor,
// Lua, history, routing and the agents) and the runner of scripts (`lacy -c
// 'cmds'`, `lacy script.sh`, a script on stdin), so a terminal session
// starts without an exec hop. A script runs before anything the terminal
// session needs is built: main decides from the command line alone and
// hands it to the shell (internal/batch); the interactive packages
// initialise their tables on first use, so linking them costs `-c` little.
// The model and MCP clients are not linked here: they run in `lacy-full
// agent-serve`, started on the first request that needs a model or an MCP
// server (runtime/agentproc). The subcommands (`lacy run`, `lacy ask`, …)
// are lacy-full's too; it is installed beside this binary, which replaces
// itself with it (exec, same process) for them.
package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/lacy-sh/lacy/internal/app"
	"github.com/lacy-sh/lacy/internal/app/commands"
	"github.com/lacy-sh/lacy/internal/batch"
	"github.com/lacy-sh/lacy/internal/invocation"
	_ "github.com/lacy-sh/lacy/internal/stackgrow" // one stack growth while shallow, not three deep (package doc)
	"github.com/lacy-sh/lacy/internal/starttrace"
	"github.com/lacy-sh/lacy/runtime/agentproc"
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
		// Started as a login shell ("-lacy"): the same as --login.
		args = append([]string{"--login"}, args...)
	}
	if len(args) > 0 && isSubcommand(args[0]) {
		execFull(args)
	}
	ios := iostreams.System()
	if inv, err := invocation.Parse(args); err == nil && batch.Wanted(ios, inv) {
		// -c, a script file or a script on stdin: the shell alone.
		os.Exit(batch.Invoke(ios, inv))
	}
	// A terminal session (or --help, --version, an option error). Models
	// and MCP servers are reached through the agent process, started on
	// first use; it ends when this process does (its stdin closes).
	agents := &agentproc.Client{Command: agentproc.Self}
	agents.Install()
	// The composition root, with no subcommands: those are lacy-full's.
	os.Exit(app.Main(args, app.New(ios), nil))
}

// isSubcommand reports whether the first argument is one of lacy-full's
// commands (run, ask, …: the one table, internal/app/commands) rather
// than an option or a script.
func isSubcommand(arg string) bool {
	return !strings.HasPrefix(arg, "-") && !commands.IsScript(arg)
}

// execFull replaces this process with lacy-full, found beside this binary or
// on PATH, as "lacy".
func execFull(args []string) {
	full := find("lacy-full")
	if full == "" {
		fmt.Fprintln(os.Stderr, "lacy: lacy-full not found beside lacy or on PATH (run `make build`)")
		os.Exit(127)
	}
	argv := append([]string{"lacy"}, args...)
	starttrace.Mark("exec lacy-full")
	starttrace.Done()
	err := syscall.Exec(full, argv, os.Environ())
	fmt.Fprintf(os.Stderr, "lacy: %s: %v\n", full, err)
	os.Exit(126)
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

func fileExists(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && !fi.IsDir()
}
