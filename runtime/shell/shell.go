// Package shell runs bash-syntax code for lacy on one long-lived mvdan.cc/sh
// runner per session, so the working directory, variables, functions and
// aliases persist from one line to the next.
//
// On top of the interpreter it adds what an interactive shell needs and
// mvdan/sh leaves out: bash's error messages and exit codes, aborting a whole
// line on Ctrl-C, job control (process groups, the terminal's foreground
// group, Ctrl-Z, jobs/fg/bg/kill/wait) and a tap on standard error that keeps
// the tail of a failed command's output while the program still writes to a
// terminal.
package shell

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"github.com/lacy-sh/lacy/internal/starttrace"
)

// Options configure a Shell.
type Options struct {
	// Stdin, Stdout and Stderr are the session's standard streams. Pass the
	// real *os.File values so that programs see a terminal.
	Stdin          io.Reader
	Stdout, Stderr io.Writer

	// Dir is the starting directory; "" means the process's.
	Dir string
	// Env is the starting environment as KEY=value pairs; nil means the
	// process's environment.
	Env []string
	// Name is $0 and the name used in error messages ("lacy" by default).
	Name string
	// Params are the positional parameters $1...
	Params []string

	// Login marks a login shell (-l, --login, argv[0] "-lacy"): `shopt -q
	// login_shell` holds and, when Interactive, $0 reads "-" + Name.
	Login bool

	// Interactive enables alias expansion and, when TTY is set, job control
	// and the stderr tap.
	Interactive bool
	// TTY is the controlling terminal (usually os.Stdin) for job control.
	// Nil disables job control: children then share lacy's process group,
	// as in a non-interactive bash.
	TTY *os.File
	// JobSignalsCaught, when set, reports whether the caller has caught
	// SIGTTIN and SIGTTOU already (waiting until it knows): then New does
	// not catch them itself. The first signal.Notify of a signal waits for
	// the runtime's signal thread; lacy's line editor has that done at its
	// very start, beside the instant prompt (runtime/repl, catchSignals).
	JobSignalsCaught func() bool

	// DashFlags are added to $- to say how the shell was started: "c" for
	// a -c string, "s" for a script on standard input, as in bash.
	DashFlags string

	// Logf receives diagnostics (a logger's printf); nil discards them. It is
	// a function rather than a logger type so that `lacy -c` links no
	// logging package.
	Logf func(format string, args ...any)
}

// Shell is one shell session. It is not safe for concurrent use, except for
// the methods documented otherwise.
type Shell struct {
	nestingSaid atomic.Bool // the maximum-nesting message was shown (nesting.go)

	opts   Options
	runner *interp.Runner
	parser *syntax.Parser
	logf   func(format string, args ...any)

	jobs *jobTable
	tty  *terminal // nil without job control
	tap  *stderrTap

	mu       sync.Mutex
	aliases  map[string]string
	editMode string          // set -o vi|emacs
	shopts   map[string]bool // shopt options set in the session
	ignored  map[string]bool // bash-only things already logged as ignored
	compSpec []string        // `complete` lines, as bash source (see CompleteSpecs)

	// Also guarded by mu (completespec.go).
	compLines []compLine // `complete` lines as complete -p prints them
	tempFiles []string   // sourced pipes kept as files

	// The runner's standard streams, to restore after Source.
	stdin          *os.File
	stdout, stderr io.Writer
	src            *sourcing // the startup file Source is running, if any

	lastStatus    int
	exited        bool
	extraTerminal map[string]bool // guarded by mu
	compOpts      map[string]bool // compopt's options while RunCompletion runs; guarded by mu
	capture       bool            // standard output goes into the tap too (capture.go)
	undrained     bool            // a declaration ran since the tap was last drained (declare.go)
	historyFn     HistoryFunc
	confine       *Confinement           // see Confine; nil in the user's session
	inheritedOpen interp.OpenHandlerFunc // a Subshell's: its parent's open handler

	// The bash-setup layer (prompt.go, interactive.go, exec.go).
	fcFn        FcFunc
	bindFn      BindFunc
	cmdEnv      expand.Environ // a lacy builtin's environment while it runs
	nativeI     bool           // the interpreter's $- holds i itself
	sourceNext  atomic.Bool    // the next open is a `source` reading its file
	defaultOpen interp.OpenHandlerFunc
	prompt      promptState // PS0/PS1/PS2 rendering
}

// ErrInterrupted is returned by Run when the line was aborted by Ctrl-C.
var ErrInterrupted = errors.New("interrupted")

// New creates a Shell.
func New(opts Options) (*Shell, error) {
	if opts.Name == "" {
		opts.Name = "lacy"
	}
	if opts.Stdin == nil {
		opts.Stdin = os.Stdin
	}
	if opts.Stdout == nil {
		opts.Stdout = os.Stdout
	}
	if opts.Stderr == nil {
		opts.Stderr = os.Stderr
	}
	logf := opts.Logf
	if logf == nil {
		logf = func(string, ...any) {}
	}
	s := &Shell{
		opts:    opts,
		parser:  syntax.NewParser(),
		logf:    logf,
		jobs:    newJobTable(),
		aliases: map[string]string{},
	}
	if opts.Interactive && opts.TTY != nil {
		t, err := newTerminal(opts.TTY, opts.JobSignalsCaught)
		starttrace.Mark("shell.New: terminal (concurrent)")
		if err != nil {
			logf("job control disabled: %v", err)
		} else {
			s.tty = t
			s.tap = newStderrTap(opts.Stderr, opts.TTY, logf)
		}
	}
	starttrace.Mark("shell.New: terminal and stderr tap (concurrent)")
	env := opts.Env
	if env == nil {
		env = os.Environ()
	}
	stdout, stderr := opts.Stdout, opts.Stderr
	if s.tap != nil {
		// One tap for both streams, so they keep their order (see tap.go).
		stderr = s.tap.writer()
		if isTerminalWriter(opts.Stdout) {
			stdout = s.tap.writer()
		}
	}
	stdin, err := stdinFile(opts.Stdin)
	if err != nil {
		return nil, err
	}
	s.stdin, s.stdout, s.stderr = stdin, stdout, stderr
	starttrace.Mark("shell.New: streams (concurrent)")
	ropts := []interp.RunnerOption{
		interp.StdIO(stdin, stdout, stderr),
		interp.Env(newBashEnv(expand.ListEnviron(env...), selfPath(opts.Name))),
		interp.Interactive(opts.Interactive),
		interp.CallHandler(s.callHandler),
		interp.ExecHandlers(s.execMiddleware),
		interp.OpenHandler(s.openHandler),
		interp.DashFlags(dashFlags(opts)),
	}
	s.defaultOpen = interp.DefaultOpenHandler()
	starttrace.Mark("shell.New: bash environment (concurrent)")
	if opts.Dir != "" {
		ropts = append(ropts, interp.Dir(opts.Dir))
	}
	if len(opts.Params) > 0 {
		ropts = append(ropts, interp.Params(append([]string{"--"}, opts.Params...)...))
	}
	ropts = append(ropts, interp.PromptEscapes(s.promptEscapes))
	r, err := interp.New(ropts...)
	if err != nil {
		return nil, err
	}
	s.runner = r
	starttrace.Mark("shell.New: interpreter (concurrent)")
	importFuncs(r, env)
	starttrace.Mark("shell.New: exported functions (concurrent)")
	if opts.Interactive {
		s.setArgv0()
		starttrace.Mark("shell.New: argv0 (concurrent)")
		s.initDefaultPrompts()
		starttrace.Mark("shell.New: default prompts (concurrent)")
		s.nativeI = s.interpKnowsInteractive()
	}
	return s, nil
}

// dashFlags are the flags $- gets besides set's: i in an interactive shell
// (everywhere: sourced files, eval strings, functions, subshells, so that
// `${-#*e}` and `$-` agree, as nvm's recursion guard needs), then how the
// shell started (c, s).
func dashFlags(opts Options) string {
	if opts.Interactive && !strings.Contains(opts.DashFlags, "i") {
		return "i" + opts.DashFlags
	}
	return opts.DashFlags
}

// setArgv0 sets argv0Var, which $0 reads in statements run one at a time.
func (s *Shell) setArgv0() {
	name := s.opts.Name
	if s.opts.Login && !strings.HasPrefix(name, "-") {
		name = "-" + name // as login(1) names a login shell; profiles test $0
	}
	q, _ := syntax.Quote(name, syntax.LangBash)
	if f, err := s.parser.Parse(strings.NewReader(argv0Var+"="+q), ""); err == nil {
		_ = s.runner.RunInternal(context.Background(), f.Stmts[0])
	}
}

// stdinFile gives the runner an *os.File for stdin, as mvdan/sh would make
// one itself, once, so that its streams can be set again later.
func stdinFile(r io.Reader) (*os.File, error) {
	switch r := r.(type) {
	case nil:
		return nil, nil
	case *os.File:
		return r, nil
	}
	pr, pw, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	go func() {
		_, _ = io.Copy(pw, r)
		pw.Close()
	}()
	return pr, nil
}

// HangUp sends SIGHUP to every job (SIGCONT too, so stopped ones see it),
// as bash does when its terminal hangs up. It is safe to call from another
// goroutine.
func (s *Shell) HangUp() { s.jobs.hangUp() }

// Close releases the terminal resources of the session and hangs up its
// remaining jobs, as bash does on exit.
func (s *Shell) Close() {
	s.jobs.hangUp()
	s.RemoveTempFiles()
	if s.tap != nil {
		s.tap.close()
	}
	if s.tty != nil {
		s.tty.release()
	}
}

// Run parses src and runs it statement by statement. It returns the exit
// status of the last statement. A syntax error is printed in bash's words and
// gives status 2. Ctrl-C (ctx cancelled, or a foreground program killed by
// SIGINT) aborts the rest of src and gives 130 with ErrInterrupted.
func (s *Shell) Run(ctx context.Context, src, name string) (int, error) {
	f, err := s.parser.Parse(strings.NewReader(src), name)
	if err != nil {
		s.printSyntaxError(err)
		s.lastStatus = 2
		return 2, err
	}
	return s.RunFile(ctx, f)
}

// RunFile runs an already parsed file statement by statement (running a whole
// File at once would imply an exit and fire the EXIT trap).
func (s *Shell) RunFile(ctx context.Context, f *syntax.File) (int, error) {
	ctx = s.withConfinement(ctx)
	if s.tap != nil {
		s.tap.reset()
	}
	if !s.opts.Interactive {
		// A script runs as one File: $0 is its name and the EXIT trap fires
		// at its end, as in bash.
		if f.Name == "" {
			f.Name = s.opts.Name
		}
		status, err := statusOf(ctx, s.runner.Run(ctx, f))
		s.lastStatus = status
		s.exited = s.runner.Exited()
		return status, err
	}
	defer s.settle()
	status := 0
	for _, st := range f.Stmts {
		var err error
		if s.tty != nil && isExit(st) && s.WarnStoppedJobs(s.opts.Stderr, "exit") {
			// bash refuses the first exit with stopped jobs and goes on.
			s.lastStatus = 1
			return 1, nil
		}
		if st.Background && s.tty != nil {
			status, err = s.startBackground(ctx, st)
		} else {
			status, err = s.runStmt(ctx, st)
			// An interrupt halts the runner as if it exited; the session
			// goes on. Only a real `exit` ends it.
			s.exited = err == nil && s.runner.Exited()
		}
		s.lastStatus = status
		if err != nil || s.exited {
			return status, err
		}
	}
	return status, nil
}

// runStmt runs one foreground statement and maps the runner's result to a
// status.
func (s *Shell) runStmt(ctx context.Context, st *syntax.Stmt) (int, error) {
	fg := &fgJob{stmt: st}
	stopMirror := func() {}
	tty, declaration := s.tty, isDeclaration(st)
	if declaration {
		// No program runs: no terminal modes to follow; what it may
		// print (an error, set -x's trace) is waited for once, at the
		// end of the line or file (declare.go).
		tty = nil
	}
	if tty != nil {
		s.tty.saveModes()
		if s.tap != nil {
			stopMirror = s.tap.mirror(s.tty)
		}
	}
	nameArgv0(st)
	if s.opts.Interactive && !s.nativeI {
		addInteractiveFlag(st)
	}
	if s.tty != nil {
		renameParam(st, "!", bgPIDVar)
	}
	err := s.runTimed(withJob(ctx, fg), st)
	stopMirror()
	if tty != nil {
		s.tty.reclaim(s.cleanExit(fg))
	}
	status, err := statusOf(ctx, err)
	if s.tap != nil {
		if declaration && status == 0 {
			s.undrained = true
		} else {
			s.tap.drain()
			s.undrained = false
		}
	}
	return status, err
}

// argv0Var holds $0 for statements run one at a time: mvdan/sh only knows
// $0 while running a whole File (which implies an exit).
const argv0Var = "LACY_ARGV0"

// bgPIDVar holds $! in a session with job control: the process group (the
// first process's PID) of the last `cmd &`, which lacy starts itself
// (mvdan/sh's own $! names its internal job, "g1").
const bgPIDVar = "LACY_BGPID"

// nameArgv0 makes $0 in st read argv0Var.
func nameArgv0(st *syntax.Stmt) { renameParam(st, "0", argv0Var) }

// renameParam makes the parameter name in st read the variable to.
func renameParam(st *syntax.Stmt, name, to string) {
	syntax.Walk(st, func(n syntax.Node) bool {
		if pe, ok := n.(*syntax.ParamExp); ok && pe.Param != nil && pe.Param.Value == name {
			pe.Param = &syntax.Lit{ValuePos: pe.Param.ValuePos, ValueEnd: pe.Param.ValueEnd, Value: to}
		}
		return true
	})
}

// addInteractiveFlag makes $- in st include i, as in an interactive bash
// (mvdan/sh leaves it out), so that a copied .bashrc's
// `case $- in *i*)` sees an interactive shell.
func addInteractiveFlag(st *syntax.Stmt) {
	withI := func(parts []syntax.WordPart) []syntax.WordPart {
		for i := 0; i < len(parts); i++ {
			pe, ok := parts[i].(*syntax.ParamExp)
			if !ok || pe.Param == nil || pe.Param.Value != "-" || pe.Length || pe.Width || pe.Excl ||
				pe.Index != nil || pe.Slice != nil || pe.Repl != nil || pe.Exp != nil || pe.Names != 0 {
				continue
			}
			parts = slices.Insert(parts, i+1, syntax.WordPart(&syntax.Lit{ValuePos: pe.End(), ValueEnd: pe.End(), Value: "i"}))
			i++
		}
		return parts
	}
	syntax.Walk(st, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.Word:
			n.Parts = withI(n.Parts)
		case *syntax.DblQuoted:
			n.Parts = withI(n.Parts)
		}
		return true
	})
}

// statusOf turns a runner error into an exit status.
func statusOf(ctx context.Context, err error) (int, error) {
	if err == nil {
		return 0, nil
	}
	var es interp.ExitStatus
	switch {
	case errors.As(err, &es):
		return int(es), nil
	case errors.Is(err, ErrInterrupted), errors.Is(err, context.Canceled) && ctx.Err() != nil:
		return 130, ErrInterrupted
	case errors.Is(err, context.DeadlineExceeded):
		return 124, err
	}
	return 1, err
}

// printSyntaxError prints a parse error as bash users know it.
func (s *Shell) printSyntaxError(err error) {
	fmt.Fprintln(s.opts.Stderr, FormatSyntaxError(s.opts.Name, err))
}

// FormatSyntaxError renders a parse error in bash's words:
// "lacy: line 1: syntax error: reached EOF without closing quote '".
func FormatSyntaxError(name string, err error) string {
	var pe syntax.ParseError
	if errors.As(err, &pe) {
		where := "line " + fmt.Sprint(pe.Pos.Line())
		if pe.Filename != "" && pe.Filename != name {
			where = pe.Filename + ": " + where
		}
		return fmt.Sprintf("%s: %s: syntax error: %s", name, where, pe.Text)
	}
	var le syntax.LangError
	if errors.As(err, &le) {
		return fmt.Sprintf("%s: line %d: syntax error: %s", name, le.Pos.Line(), strings.TrimPrefix(le.Error(), le.Pos.String()+": "))
	}
	return fmt.Sprintf("%s: syntax error: %v", name, err)
}

// Exited reports whether the session ran `exit`.
func (s *Shell) Exited() bool { return s.exited }

// LastStatus is the exit status of the last line run ($?).
func (s *Shell) LastStatus() int { return s.lastStatus }

// Dir is the session's current directory.
func (s *Shell) Dir() string { return s.runner.Dir }

// Getenv returns the value of a shell variable or environment variable.
func (s *Shell) Getenv(name string) string {
	if s.cmdEnv != nil {
		return s.cmdEnv.Get(name).String()
	}
	if v, ok := s.runner.Vars[name]; ok {
		return v.String()
	}
	return s.runner.Env.Get(name).String()
}

// VarNames lists the names of the session's shell and environment
// variables, sorted, for $NAME completion.
func (s *Shell) VarNames() []string {
	seen := map[string]bool{}
	for n := range s.runner.Vars {
		seen[n] = true
	}
	s.runner.Env.Each(func(name string, vr expand.Variable) bool {
		if vr.IsSet() {
			seen[name] = true
		}
		return true
	})
	names := make([]string, 0, len(seen))
	for n := range seen {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// Functions lists the names of the functions defined in the session, sorted.
func (s *Shell) Functions() []string {
	names := make([]string, 0, len(s.runner.Funcs))
	for n := range s.runner.Funcs {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// HasFunction reports whether name is a function defined in the session.
func (s *Shell) HasFunction(name string) bool {
	_, ok := s.runner.Funcs[name]
	return ok
}

// Aliases returns a copy of the session's aliases. It is safe to call from
// other goroutines.
func (s *Shell) Aliases() map[string]string {
	s.mu.Lock()
	defer s.mu.Unlock()
	m := make(map[string]string, len(s.aliases))
	for k, v := range s.aliases {
		m[k] = v
	}
	return m
}

// HasAlias reports whether name is an alias. It is safe to call from other
// goroutines.
func (s *Shell) HasAlias(name string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, ok := s.aliases[name]
	return ok
}

// SetAlias defines an alias as `alias name=value` would.
func (s *Shell) SetAlias(ctx context.Context, name, value string) error {
	q, err := syntax.Quote(name+"="+value, syntax.LangBash)
	if err != nil {
		return fmt.Errorf("alias %s: %w", name, err)
	}
	return s.runDeclaration(ctx, "alias "+q, "alias")
}

// Export sets and exports an environment variable, as `export name=value`
// would.
func (s *Shell) Export(ctx context.Context, name, value string) error {
	if !syntax.ValidName(name) {
		return fmt.Errorf("export: %q: not a valid name", name)
	}
	q, err := syntax.Quote(value, syntax.LangBash)
	if err != nil {
		return fmt.Errorf("export %s: %w", name, err)
	}
	return s.runDeclaration(ctx, "export "+name+"="+q, "export")
}

// Subshell returns an independent copy of the session's state (directory,
// variables, functions, aliases) whose output goes to stdout and stderr. It
// may run concurrently with the parent, and nothing it does changes the
// parent: agent tools use it to run commands.
func (s *Shell) Subshell(stdout, stderr io.Writer) *Shell {
	r := s.runner.Subshell()
	interp.StdIO(nil, stdout, stderr)(r)
	c := &Shell{
		opts:    s.opts,
		runner:  r,
		parser:  syntax.NewParser(),
		logf:    s.logf,
		jobs:    newJobTable(),
		aliases: s.Aliases(),
	}
	c.opts.Stdout, c.opts.Stderr, c.opts.Stdin = stdout, stderr, nil
	c.stdout, c.stderr = stdout, stderr
	c.opts.Interactive = false
	c.inheritedOpen = s.openHandler
	return c
}

// StderrTail returns up to the last 4 KiB that the last line's programs
// and builtins wrote to the terminal, stdout and stderr in the order written
// (only with the tap, in interactive sessions; stderr alone when lacy's
// stdout is not a terminal).
func (s *Shell) StderrTail() string {
	if s.tap == nil {
		return ""
	}
	return s.tap.tail()
}

// NeedsMore reports whether src is an incomplete shell line that needs more
// input: an open quote, `if` without `fi`, a trailing `|`, `&&` or `\`.
func NeedsMore(src string) bool {
	p := syntax.NewParser()
	incomplete, failed := false, false
	// Never break out of this loop: with some input (`<<0&`) mvdan/sh's
	// iterator goes on after the body returned false, which panics.
	for _, err := range p.InteractiveSeq(strings.NewReader(src + "\n")) {
		switch {
		case failed:
		case err != nil:
			incomplete, failed = syntax.IsIncomplete(err), true
		default:
			incomplete = p.Incomplete()
		}
	}
	if incomplete {
		return true
	}
	// The interactive parser takes the final newline as part of some open
	// constructs and reports an error (`echo ${x`); like bash, keep reading.
	_, err := syntax.NewParser().Parse(strings.NewReader(src), "")
	return err != nil && syntax.IsIncomplete(err)
}
