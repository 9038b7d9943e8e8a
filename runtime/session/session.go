// Package session assembles what a lacy process needs from the user's
// configuration: the Lua VM and its Config, the routing classifier with its
// PATH index, and the agents manager. The REPL and the CLI subcommands
// (classify, ask, run) share it, so every entry point sees the same config.
package session

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"

	"go.uber.org/zap"

	"github.com/lacy-sh/lacy/internal/atomicfile"
	"github.com/lacy-sh/lacy/lua"
	"github.com/lacy-sh/lacy/runtime/logging"
	"github.com/lacy-sh/lacy/runtime/names"
	"github.com/lacy-sh/lacy/runtime/redact"
	"github.com/lacy-sh/lacy/runtime/route"
	"github.com/lacy-sh/lacy/runtime/safety"
	"github.com/lacy-sh/lacy/runtime/sandbox"
	"github.com/lacy-sh/lacy/runtime/shell"
	"github.com/lacy-sh/lacy/runtime/undo"
)

// StateDir is $XDG_STATE_HOME/lacy (default ~/.local/state/lacy), read at
// each call. It is "" when there is no home to keep state in: HOME unset,
// relative or not an existing directory (and no absolute XDG_STATE_HOME).
// lacy never creates a home, nor state relative to the working directory.
func StateDir() string {
	if d := os.Getenv("XDG_STATE_HOME"); filepath.IsAbs(d) {
		return filepath.Join(d, "lacy")
	}
	home := os.Getenv("HOME")
	if !filepath.IsAbs(home) {
		return ""
	}
	if fi, err := os.Stat(home); err != nil || !fi.IsDir() {
		return ""
	}
	return filepath.Join(home, ".local", "state", "lacy")
}

// WriteStateFile replaces the state file name (under StateDir) with data
// atomically: a temporary file renamed over it, so a full disk or a crash
// leaves the old content rather than an empty or cut file.
func WriteStateFile(name string, data []byte) error {
	dir := StateDir()
	if dir == "" {
		return errNoHome
	}
	return atomicfile.Write(dir, name, data)
}

var errNoHome = errors.New("no home directory to keep state in")

// OpenLog opens lacy's log file under StateDir at the level from LACY_LOG
// (default info). It never writes to the terminal; on failure it returns a
// no-op logger.
func OpenLog() (*zap.Logger, func()) {
	dir := StateDir()
	if dir == "" {
		return zap.NewNop(), func() {}
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return zap.NewNop(), func() {}
	}
	log, closeFn, err := logging.New(filepath.Join(dir, "lacy.log"), os.Getenv("LACY_LOG"))
	if err != nil {
		return zap.NewNop(), func() {}
	}
	return log, closeFn
}

// ConfigOptions say how to load the Lua configuration.
type ConfigOptions struct {
	Print, ErrOut io.Writer
	Logger        *zap.Logger
	// Sandbox is true for the interactive config VM and false for scripts.
	Sandbox bool
	// Extend adds fields to the lacy module (the script stdlib).
	Extend lua.Options
}

// LoadConfig creates the Lua VM and runs the embedded defaults, then the
// user's files. Errors have been printed (one line each) when it returns.
func LoadConfig(opts ConfigOptions) (*lua.VM, lua.Config) {
	o := opts.Extend
	o.Print, o.ErrOut, o.Logger, o.Sandbox = opts.Print, opts.ErrOut, opts.Logger, opts.Sandbox
	vm := lua.New(o)
	cfg, _ := vm.LoadConfig(lua.DefaultSources()...)
	if cfg.LogLevel != "" && os.Getenv("LACY_LOG") == "" {
		_ = logging.SetLevel(cfg.LogLevel)
	}
	return vm, cfg
}

// NewClassifier builds the routing classifier from the config's word lists
// and what can run here (set: PATH, builtins, the session's functions and
// aliases; see Names).
func NewClassifier(cfg lua.Config, set *names.Set) (*route.Classifier, error) {
	store, _ := Learned() // routes the user taught (lacy rules)
	c, err := route.New(route.Config{
		Words: route.Words{
			Agent: cfg.Words.Agent, Reserved: cfg.Words.Reserved,
			NL: cfg.Words.NL, Shell: cfg.Words.Shell,
		},
		Knowledge:       &route.Knowledge{Path: set.Path, Builtins: set.Builtins(), Defined: set.Defined, Learned: learnedRoute(store)},
		TranslatePrefix: cfg.Translate.Get().Prefix,
	})
	return c, err
}

// withoutSecrets drops the variables whose names say they hold secrets
// (OPENAI_API_KEY, GITHUB_TOKEN, DB_PASSWORD…) from a sandboxed command's
// environment: `env | base64` cannot carry them past redaction.
func withoutSecrets(env []string) []string {
	out := env[:0:0]
	for _, kv := range env {
		if k, _, _ := strings.Cut(kv, "="); !redact.IsSecretName(k) {
			out = append(out, kv)
		}
	}
	return out
}

// Definitions returns what the safety judge needs of sh's functions and
// aliases: a call of one is judged by its body (agents.Manager.SetDefinitions).
func Definitions(sh *shell.Shell) safety.Definitions {
	return func(name string) (string, safety.DefKind) {
		if src, ok := sh.FunctionSource(name); ok {
			return src, safety.Function
		}
		if v, ok := sh.Aliases()[name]; ok {
			return v, safety.Alias
		}
		return "", safety.NotDefined
	}
}

// UndoStore is where the agents' undo snapshots live:
// $XDG_STATE_HOME/lacy/undo/; nil when there is no state directory.
func UndoStore() *undo.Store {
	if d := stateSubdir("undo"); d != "" {
		return undo.New(d)
	}
	return nil
}

// stateSubdir is StateDir()/name, or "" when there is no state directory.
func stateSubdir(name string) string {
	if d := StateDir(); d != "" {
		return filepath.Join(d, name)
	}
	return ""
}

// ShellFunc runs one command of the agents' shell tool and returns its
// output and exit status; it is agents.ShellFunc's type, named here so the
// session does not link the agent stack.
type ShellFunc = func(ctx context.Context, command string) (output string, exit int, err error)

// SubshellRunner returns the agents' shell tool for sh: each command runs in
// a copy of sh's state (a script's fresh shell, or the interactive
// session's), with stdout and stderr captured together. When ctx carries a
// sandbox policy (sandbox.WithPolicy) every program it starts runs under
// it, and the files the interpreter opens itself are checked against it. A command that
// fails, syntax errors included, is a result for the model, not an error;
// only an interrupt is.
func SubshellRunner(sh *shell.Shell) ShellFunc {
	return func(ctx context.Context, command string) (string, int, error) {
		var out strings.Builder
		w := &lockedWriter{w: &out}
		sub := sh.Subshell(w, w)
		if p, ok := sandbox.FromContext(ctx); ok && !p.Off && sandbox.Available() {
			launcher, lerr := sandbox.Launcher()
			if lerr != nil {
				return "", 126, lerr
			}
			sub.Confine(shell.Confinement{
				Wrap:  func(path string, args []string) []string { return p.Command(launcher, path, args) },
				Check: p.Check,
				Env:   withoutSecrets,
			})
		}
		status, err := sub.Run(ctx, command, "tool")
		if !errors.Is(err, shell.ErrInterrupted) {
			err = nil
		}
		return out.String(), status, err
	}
}
