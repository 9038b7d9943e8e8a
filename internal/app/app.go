// Package app is the composition root of both binaries: it builds what the
// commands share (the streams, the log, the Lua config, a shell, the agents
// manager) in one Factory, dispatches the command line through the one
// command table (internal/app/commands) and turns what a command returns
// into the process's exit status, in one place. The commands themselves live
// in internal/cli; cmd/lacy-full passes them in (cmd/lacy, the interactive
// shell, passes none), so a test can run Main with its own Factory.
package app

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"go.uber.org/zap"

	"github.com/lacy-sh/lacy/agents"
	"github.com/lacy-sh/lacy/internal/app/commands"
	"github.com/lacy-sh/lacy/internal/batch"
	"github.com/lacy-sh/lacy/internal/invocation"
	"github.com/lacy-sh/lacy/lua"
	"github.com/lacy-sh/lacy/runtime/agentsetup"
	"github.com/lacy-sh/lacy/runtime/iostreams"
	"github.com/lacy-sh/lacy/runtime/repl"
	"github.com/lacy-sh/lacy/runtime/session"
	"github.com/lacy-sh/lacy/runtime/shell"
)

// Version is set at build time with -ldflags "-X github.com/lacy-sh/lacy/internal/app.Version=...".
var Version = "dev"

// Factory holds what every command is built from. Each field is a
// constructor a test can replace; New fills them with the real ones.
type Factory struct {
	// IO is the process's standard streams.
	IO *iostreams.IO
	// OpenLog opens lacy's log; the function it returns closes it.
	OpenLog func() (*zap.Logger, func())
	// LoadConfig runs the Lua config and returns what it declared.
	LoadConfig func(session.ConfigOptions) lua.Config
	// NewShell starts a shell interpreter.
	NewShell func(shell.Options) (*shell.Shell, error)
	// NewAgents builds the agents manager for a config; run runs the
	// agents' shell commands (nil: none), cwd is the directory they see.
	NewAgents func(cfg lua.Config, log *zap.Logger, run agents.ShellFunc, cwd func() string) *agents.Manager
	// RunShell runs the interactive shell and returns its exit status.
	RunShell func(repl.Options) int
	// RunBatch runs a script, a -c string or a script on stdin.
	RunBatch func(*iostreams.IO, invocation.Invocation) int
}

// New returns the Factory of a real process on ios.
func New(ios *iostreams.IO) *Factory {
	return &Factory{
		IO:      ios,
		OpenLog: session.OpenLog,
		LoadConfig: func(o session.ConfigOptions) lua.Config {
			_, cfg := session.LoadConfig(o)
			return cfg
		},
		NewShell:  shell.New,
		NewAgents: agentsetup.NewAgents,
		RunShell:  repl.Run,
		RunBatch:  batch.Invoke,
	}
}

// Command runs one subcommand with the arguments after its name. A nil
// error is exit status 0; see ExitError for the others.
type Command func(f *Factory, args []string) error

// ExitError is a command's failure with its exit status. Main prints Err
// (when not nil) as "lacy: COMMAND: Err" and exits with Code.
type ExitError struct {
	Code int
	Err  error
}

func (e *ExitError) Error() string {
	if e.Err == nil {
		return fmt.Sprintf("exit status %d", e.Code)
	}
	return e.Err.Error()
}

func (e *ExitError) Unwrap() error { return e.Err }

// Status is the exit status code with nothing to print (the command has
// said why, or code is a verdict such as "no fix found"); nil for 0.
func Status(code int) error {
	if code == 0 {
		return nil
	}
	return &ExitError{Code: code}
}

// UsageError is a wrong command line: err is printed and the status is 2,
// as bash and flag-parsing programs exit.
func UsageError(err error) error { return &ExitError{Code: 2, Err: err} }

// ExitCode is the exit status for a command's error: 0 for nil, an
// ExitError's code, else 1.
func ExitCode(err error) int {
	var e *ExitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &e):
		return e.Code
	}
	return 1
}

// report prints a command's error, if it has words, and returns its exit
// status: the one place where commands' errors become exit codes.
func report(f *Factory, name string, err error) int {
	var e *ExitError
	if err != nil && (!errors.As(err, &e) || e.Err != nil) {
		fmt.Fprintf(f.IO.ErrOut, "lacy: %s: %v\n", name, err)
	}
	return ExitCode(err)
}

const usageHead = `lacy — an AI-native shell, configured in Lua

Usage:
  lacy                        interactive shell (a script from stdin when it is not a terminal)
  lacy -c 'cmds' [name [args…]]  run a command string, like bash -c
  lacy script.sh [args…]      run a bash-syntax script
  lacy -s [args…]             read commands from stdin; args are $1…
  Options as in bash: -l/--login (run /etc/profile and ~/.lacy_profile or
  ~/.profile first), -i (interactive: ~/.lacyrc too), --noprofile, --norc,
  and set's options (-e, -u, -x, -o pipefail…); grouped as in -lc.
`

const usageTail = `  lacy --version | --help

Config: $XDG_CONFIG_HOME/lacy/init.lua, ~/.lacyrc.lua (Lua), ~/.lacyrc (bash syntax).
Docs: docs/ in the source tree.
`

// Usage is the text of `lacy --help`.
func Usage() string { return usageHead + commands.UsageLines() + usageTail }

// Main dispatches a command line and returns the exit status:
// --help and --version, a subcommand of the table (run with cmds, which
// must hold every name of commands.Table but "help"), else the shell
// (interactive on a terminal, else a script). Options are bash's (see
// package invocation).
func Main(args []string, f *Factory, cmds map[string]Command) int {
	ios := f.IO
	if len(args) > 0 {
		switch args[0] {
		case "-h", "--help", "help":
			fmt.Fprint(ios.Out, Usage())
			return 0
		case "--version", "-V":
			fmt.Fprintln(ios.Out, "lacy", Version)
			return 0
		}
		if _, ok := commands.Lookup(args[0]); ok {
			run := cmds[args[0]]
			if run == nil {
				fmt.Fprintf(ios.ErrOut, "lacy: %s: not in this build\n", args[0])
				return 127
			}
			return report(f, args[0], run(f, args[1:]))
		}
	}
	inv, err := invocation.Parse(args)
	if err != nil {
		fmt.Fprintf(ios.ErrOut, "lacy: %v\n%s", err, Usage())
		return 2
	}
	if batch.Wanted(ios, inv) {
		return f.RunBatch(ios, inv)
	}
	// Programs started from the session see lacy as their shell.
	if self := selfPath(); self != "" {
		_ = os.Setenv("SHELL", self)
		// `lacy doctor` inside a lacy started as ./bin/lacy (make run)
		// runs this lacy's doctor.
		_ = os.Setenv("PATH", pathWithSelf(os.Getenv("PATH"), self))
	}
	return f.RunShell(repl.Options{IO: ios, Invocation: inv})
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

// selfPath is the path of the lacy binary the user runs: the lacy beside
// this lacy-full when there is one, else this binary.
func selfPath() string {
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	if lacy := filepath.Join(filepath.Dir(exe), "lacy"); lacy != exe {
		if fi, err := os.Stat(lacy); err == nil && !fi.IsDir() {
			return lacy
		}
	}
	return exe
}
