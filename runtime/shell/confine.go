package shell

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// Confinement bounds what a subshell may do; the agents' sandbox sets it
// (runtime/sandbox). The user's own session never has one.
type Confinement struct {
	// Wrap returns the argv that runs the program at path with args
	// (args[0] is its name) confined: a launcher that applies the
	// sandbox, then execs it.
	Wrap func(path string, args []string) []string
	// Check is asked before the interpreter itself opens a file
	// (redirections, source, $(<f)); an error refuses the open.
	Check func(path string, write bool) error
	// Env, if set, filters the environment a program gets (KEY=value
	// pairs).
	Env func(env []string) []string
}

// Confine makes every program this shell starts run through c.Wrap and
// every file it opens pass c.Check. Call it on a Subshell, before Run.
func (s *Shell) Confine(c Confinement) {
	s.confine = &c
	if c.Check == nil {
		return
	}
	next := s.inheritedOpen // the runner copied its parent's handler; keep it behind the check
	if next == nil {
		next = interp.DefaultOpenHandler()
	}
	interp.OpenHandler(func(ctx context.Context, path string, flag int, perm os.FileMode) (io.ReadWriteCloser, error) {
		p := path
		if !filepath.IsAbs(p) {
			p = filepath.Join(interp.HandlerCtx(ctx).Dir, p)
		}
		write := flag&(os.O_WRONLY|os.O_RDWR|os.O_APPEND|os.O_CREATE|os.O_TRUNC) != 0
		if err := c.Check(p, write); err != nil {
			return nil, &os.PathError{Op: "open", Path: path, Err: err}
		}
		return next(ctx, path, flag, perm)
	})(s.runner)
}

type confineKey struct{}

// withConfinement passes the shell's confinement to its exec handler,
// which a subshell shares with its parent (mvdan/sh copies the handler
// chain, bound to the parent), through the context of the run.
func (s *Shell) withConfinement(ctx context.Context) context.Context {
	if s.confine == nil {
		return ctx
	}
	return context.WithValue(ctx, confineKey{}, s.confine)
}

// confined returns the argv that starts path and its environment: through
// the confinement's launcher, filtered, when the run has one.
func confined(ctx context.Context, path string, args, env []string) (string, []string, []string, bool) {
	c, _ := ctx.Value(confineKey{}).(*Confinement)
	if c == nil || c.Wrap == nil {
		return path, args, env, false
	}
	if c.Env != nil {
		env = c.Env(env)
	}
	argv := c.Wrap(path, args)
	return argv[0], argv, env, true
}

// FunctionSource returns the body of a session function as shell source,
// for judging what a call of it runs.
func (s *Shell) FunctionSource(name string) (string, bool) {
	body, ok := s.runner.Funcs[name]
	if !ok || body == nil {
		return "", false
	}
	var b strings.Builder
	if err := syntax.NewPrinter().Print(&b, body); err != nil {
		return "", false
	}
	return b.String(), true
}
