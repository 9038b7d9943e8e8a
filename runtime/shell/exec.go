package shell

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"golang.org/x/term"
	"time"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
)

// builtinPrefix marks the commands that callHandler rewrote to lacy's own
// builtins; the exec middleware runs them. The NUL byte keeps them from ever
// matching a real program.
const builtinPrefix = "\x00lacy:"

// isLacyBuiltin reports whether name is a builtin lacy implements itself
// because mvdan/sh lists it as a builtin but does not support it (job
// control, umask, history). A switch, not a map: nothing to build at
// initialisation.
func isLacyBuiltin(name string) bool {
	switch name {
	case "jobs", "fg", "bg", "kill", "wait", "disown", "umask", "history",
		// bash's, which mvdan/sh rejects: see compat.go
		"shopt", "ulimit", "logout", "bind", "complete", "compopt", "compgen", "enable":
		return true
	}
	return false
}

// Builtins lists the names of the builtins a session understands (mvdan/sh's
// and lacy's own), for routing and completion.
func Builtins() []string {
	names := []string{
		":", "true", "false", "exit", "set", "shift", "unset", "echo", "printf",
		"break", "continue", "pwd", "cd", "wait", "builtin", "trap", "type",
		"source", ".", "command", "dirs", "pushd", "popd", "umask", "alias",
		"unalias", "fg", "bg", "getopts", "eval", "test", "[", "exec",
		"return", "read", "mapfile", "readarray", "shopt", "export", "local",
		"declare", "typeset", "readonly", "nameref", "let", "jobs", "kill",
		"disown", "history", "fc", "hash", "ulimit", "logout", "bind", "complete", "compopt", "compgen",
		"enable", "caller", "times",
	}
	return names
}

// HistoryFunc implements the `history` builtin over the session's history.
type HistoryFunc func(stdout, stderr io.Writer, args []string) int

// FcFunc implements `fc`: it prints a listing (fc -l) itself, or returns
// the commands to run (fc -s, fc -e), which the shell then evaluates.
type FcFunc func(stdout, stderr io.Writer, args []string) (run string, status int)

// BindFunc implements the `bind` builtin over the line editor.
type BindFunc func(stdout, stderr io.Writer, args []string) int

// SetBindFunc installs the implementation of the `bind` builtin.
func (s *Shell) SetBindFunc(f BindFunc) { s.bindFn = f }

// SetFcFunc installs the implementation of the `fc` builtin.
func (s *Shell) SetFcFunc(f FcFunc) { s.fcFn = f }

// SetHistoryFunc installs the implementation of the `history` builtin.
func (s *Shell) SetHistoryFunc(f HistoryFunc) { s.historyFn = f }

// callHandler runs for every simple command after expansion. It keeps track
// of aliases and sends the builtins mvdan/sh does not support to lacy's own.
func (s *Shell) callHandler(ctx context.Context, args []string) ([]string, error) {
	if tooDeep() {
		return s.nestingRefused(interp.HandlerCtx(ctx), &s.nestingSaid), nil
	}
	if r := s.rewriteCommand(ctx, args); r != nil {
		return r, nil // autocd, cdspell, command_not_found_handle (interactive.go)
	}
	// `builtin NAME` reaches lacy's builtins too (fzf runs `builtin fc`).
	forced := false
	if len(args) > 1 && args[0] == "builtin" && (isLacyBuiltin(args[1]) || args[1] == "fc") {
		args, forced = args[1:], true
	}
	name := args[0]
	if (name == "cd" || name == "builtin" && len(args) > 1 && args[1] == "cd") && slices.Contains(args, "--") {
		args = cdWithoutDashDash(args) // fzf's Alt-C runs `builtin cd -- dir`
		name = args[0]
	}
	switch {
	case name == "alias" || name == "unalias":
		s.trackAlias(name, args[1:])
	case (name == "source" || name == ".") && len(args) > 1 && isBashCompletion(args[1]):
		// bash's completion scripts configure bash's own completion, which
		// lacy replaces; they are large and bash-only. The completion
		// bridge loads bash-completion and its completions itself.
		if filepath.Base(args[1]) == "fzf" {
			// fzf's ** completion runs fzf in a completion function: it
			// is loaded here too (the bridge tells lacy to run that
			// function in the session, with the terminal) and given to
			// the bridge, which has not loaded it.
			args = s.forwardCompletionScript(ctx, args)
			s.sourceNext.Store(s.opts.Interactive && !s.nativeI)
			break
		}
		s.ignoreOnce(name + " " + args[1])
		args = []string{"true"}
	case name == "source" || name == ".":
		args = s.forwardCompletionScript(ctx, args)
		s.sourceNext.Store(len(args) > 1 && s.opts.Interactive && !s.nativeI)
	case name == "eval" && len(args) > 1 && s.opts.Interactive && !s.nativeI:
		if src := strings.Join(args[1:], " "); strings.Contains(src, "$-") || strings.Contains(src, "${-}") {
			args = []string{"eval", string(withInteractiveFlag([]byte(src)))}
		}
	case (name == "_completion_loader" || name == "__load_completion") && s.runner.Funcs[name] == nil:
		// bash-completion's loaders, which an rc calls before reusing a
		// command's completion (`_completion_loader git; complete -F _git
		// g`): the completion bridge, which has bash-completion, runs them.
		s.mu.Lock()
		s.compSpec = append(s.compSpec, strings.Join(quoteAll(args), " "))
		s.mu.Unlock()
		args = []string{"true"}
	case name == "__git_complete" && s.runner.Funcs[name] == nil:
		// git's completion helper for aliases (`__git_complete g _git`,
		// oh-my-bash's git plugin), after a `source` of git's completion
		// that lacy leaves to the bridge: the bridge's bash loads git's
		// completion and runs it.
		s.mu.Lock()
		s.compSpec = append(s.compSpec, "declare -F __git_complete >/dev/null || __load_completion git; "+strings.Join(quoteAll(args), " "))
		s.mu.Unlock()
		args = []string{"true"}
	case name == "return" && s.src != nil && s.src.returns[interp.HandlerCtx(ctx).Pos.Offset()] && s.src.inStmt(interp.HandlerCtx(ctx).Pos):
		args = append([]string{builtinPrefix + "return"}, args[1:]...)
	case name == "fc" && s.fcFn != nil && (forced || s.runner.Funcs["fc"] == nil):
		// fc runs what it finds in the history: as eval, in the session.
		hc := interp.HandlerCtx(ctx)
		run, status := s.fcFn(hc.Stdout, s.msgWriter(hc.Stderr), args[1:])
		if run != "" {
			return []string{"eval", run}, nil
		}
		return []string{builtinPrefix + "status", strconv.Itoa(status)}, nil
	case isLacyBuiltin(name) || name == "set" && (len(args) == 1 || setsEditingMode(args)):
		if _, isFunc := s.runner.Funcs[name]; !isFunc || forced {
			args = append([]string{builtinPrefix + name}, args[1:]...)
		}
	}
	return args, nil
}

// cdWithoutDashDash drops the -- that mvdan/sh's cd refuses, keeping a
// directory that starts with - from reading as an option.
func cdWithoutDashDash(args []string) []string {
	out := make([]string, 0, len(args))
	i := 0
	for ; i < len(args) && args[i] != "--"; i++ {
		out = append(out, args[i])
	}
	for _, a := range args[i+1:] {
		if strings.HasPrefix(a, "-") {
			a = "./" + a
		}
		out = append(out, a)
	}
	return out
}

// trackAlias mirrors alias definitions so that routing and completion know
// them (the runner keeps its own table private).
func (s *Shell) trackAlias(cmd string, args []string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, a := range args {
		if cmd == "unalias" {
			if a == "-a" {
				clear(s.aliases)
			}
			delete(s.aliases, a)
			continue
		}
		if name, value, ok := strings.Cut(a, "="); ok {
			s.aliases[name] = value
		}
	}
}

// execMiddleware is lacy's exec handler: it runs lacy's builtins and starts
// programs itself instead of mvdan/sh's default handler, for job control and
// bash's error messages.
func (s *Shell) execMiddleware(next interp.ExecHandlerFunc) interp.ExecHandlerFunc {
	return func(ctx context.Context, args []string) error {
		if name, ok := strings.CutPrefix(args[0], builtinPrefix); ok {
			return s.builtin(ctx, name, args[1:])
		}
		return s.execProgram(ctx, args)
	}
}

// execProgram finds and runs an external program.
func (s *Shell) execProgram(ctx context.Context, args []string) error {
	hc := interp.HandlerCtx(ctx)
	path, status := s.lookPath(hc, args[0])
	if status != 0 {
		return interp.ExitStatus(status)
	}
	defer trackProgram(path)() // see ProgramRuns
	cmd := exec.Command(path)
	cmd.Args = args
	cmd.Env = execEnv(hc.Env)
	if p, argv, env, ok := confined(ctx, path, args, cmd.Env); ok {
		cmd.Path, cmd.Args, cmd.Env = p, argv, env
	}
	cmd.Dir = hc.Dir
	cmd.Stdin = hc.Stdin
	cmd.Stdout = hc.Stdout
	cmd.Stderr = programStderr(hc.Stderr)
	cmd.ExtraFiles = hc.ExtraFiles // descriptors above 2 (exec 3>file)
	if s.tap != nil && (s.tap.isTapWriter(cmd.Stderr) || s.tap.isTapWriter(cmd.Stdout)) {
		if job := jobFrom(ctx); (job != nil && job.bg) || s.usesTerminal(path) {
			// Background output stays out of the tail; terminal programs
			// get the real terminal on every fd.
			if s.tap.isTapWriter(cmd.Stderr) {
				cmd.Stderr = s.opts.Stderr
			}
			if s.tap.isTapWriter(cmd.Stdout) {
				cmd.Stdout = s.opts.Stdout
			}
		} else {
			s.tap.resize()
			cmd.Env = pagerEnv(cmd.Env, s.tap.isTapWriter(cmd.Stdout))
		}
	}
	if job := jobFrom(ctx); s.capture {
		s.uncaptured(cmd, job != nil && job.bg, path)
	}
	// Programs that outlive us holding our pipes (a daemon started from a
	// command substitution) must not hang the line.
	cmd.WaitDelay = 2 * time.Second

	job := jobFrom(ctx)
	if s.tty != nil && job != nil && !job.bg && interp.InBackground(ctx) {
		// A `cmd &` inside a foreground statement's ( ) or function (z's
		// and autojump's `(… --add "$PWD" &)` from PROMPT_COMMAND) is not
		// the foreground job: as in bash, it gets neither the terminal nor
		// its signals, and outlives the statement.
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
		job = nil
		if f, ok := cmd.Stdin.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
			cmd.Stdin = nil // /dev/null, as bash gives async commands without job control
		}
	}
	if s.tty != nil && job != nil {
		return s.runJobControlled(ctx, cmd, job)
	}
	cmd, err := startCmd(cmd)
	if err != nil {
		return s.startError(hc, args, path, err)
	}
	interp.ReportPID(ctx, cmd.Process.Pid) // $! of `cmd &`
	stop := context.AfterFunc(ctx, func() { _ = cmd.Process.Signal(os.Interrupt) })
	err = cmd.Wait()
	stop()
	return s.exitError(ctx, err)
}

// startError reports a program that could not be started.
func (s *Shell) startError(hc interp.HandlerContext, args []string, path string, err error) error {
	if isErrno(err, syscall.ENOEXEC) {
		return s.runScriptNoShebang(hc, path, args)
	}
	if isErrno(err, syscall.EACCES) {
		s.errorf(hc, "%s: Permission denied", args[0])
		return interp.ExitStatus(126)
	}
	s.errorf(hc, "%s: %v", args[0], unwrapPathError(err))
	return interp.ExitStatus(126)
}

// exitError maps a finished program's wait error to the runner's status.
func (s *Shell) exitError(ctx context.Context, err error) error {
	if err == nil || errors.Is(err, exec.ErrWaitDelay) {
		return nil
	}
	var ee *exec.ExitError
	if !errors.As(err, &ee) {
		return err
	}
	ws, ok := ee.Sys().(syscall.WaitStatus)
	if ok && ws.Signaled() {
		if ws.Signal() == syscall.SIGINT {
			return ErrInterrupted
		}
		return interp.ExitStatus(128 + int(ws.Signal()))
	}
	if ctx.Err() != nil {
		return ErrInterrupted
	}
	return interp.ExitStatus(ee.ExitCode())
}

// lookPath resolves a command name as bash does and prints bash's message
// when it cannot: 127 for a missing command, 126 for one that cannot run.
func (s *Shell) lookPath(hc interp.HandlerContext, name string) (string, int) {
	if strings.Contains(name, "/") {
		p := name
		if !strings.HasPrefix(p, "/") {
			p = hc.Dir + "/" + p
		}
		fi, err := os.Stat(p)
		switch {
		case errors.Is(err, syscall.ENAMETOOLONG):
			s.errorf(hc, "%s: File name too long", name)
			return "", 126
		case err != nil:
			s.errorf(hc, "%s: No such file or directory", name)
			return "", 127
		case fi.IsDir():
			s.errorf(hc, "%s: Is a directory", name)
			return "", 126
		case fi.Mode()&0o111 == 0:
			s.errorf(hc, "%s: Permission denied", name)
			return "", 126
		}
		return p, 0
	}
	path, err := interp.LookPathDir(hc.Dir, hc.Env, name)
	if err != nil {
		s.errorf(hc, "%s: command not found", name)
		return "", 127
	}
	return path, 0
}

// errorf prints "lacy: msg" to the command's stderr (and so into the tap);
// in a startup file, "lacy: ~/.lacyrc:3: msg" with the command's own line.
func (s *Shell) errorf(hc interp.HandlerContext, format string, a ...any) {
	w, prefix := hc.Stderr, s.opts.Name+": "
	if pw, ok := w.(*prefixWriter); ok {
		w, prefix = pw.w, pw.prefix()
		if src := s.src; src != nil && hc.Pos.IsValid() {
			file, line := src.where(hc)
			prefix = fmt.Sprintf("%s: %s:%d: ", s.opts.Name, file, line)
		}
	}
	fmt.Fprint(w, prefix, fmt.Sprintf(format, a...), "\n")
}

// placedMsgWriter is msgWriter with the file and line of the command
// running (`lacy: ~/.lacyrc:3: `), as errorf prints them: for builtins
// whose messages lacy writes (bind).
func (s *Shell) placedMsgWriter(hc interp.HandlerContext) io.Writer {
	w := s.msgWriter(hc.Stderr)
	pw, ok := w.(*prefixWriter)
	if !ok || s.src == nil || !hc.Pos.IsValid() {
		return w
	}
	file, line := s.src.where(hc)
	prefix := fmt.Sprintf("%s: %s:%d: ", s.opts.Name, file, line)
	return &prefixWriter{w: pw.w, prefix: func() string { return prefix }}
}

// runScriptNoShebang runs a file the kernel refused with ENOEXEC (a script
// without a #! line) with a new lacy process, as bash runs it with a new bash.
func (s *Shell) runScriptNoShebang(hc interp.HandlerContext, path string, args []string) error {
	self, err := os.Executable()
	if err != nil {
		s.errorf(hc, "%s: cannot execute: %v", args[0], err)
		return interp.ExitStatus(126)
	}
	cmd := exec.Command(self, append([]string{path}, args[1:]...)...)
	cmd.Env = execEnv(hc.Env)
	cmd.Dir, cmd.Stdin, cmd.Stdout, cmd.Stderr = hc.Dir, hc.Stdin, hc.Stdout, programStderr(hc.Stderr)
	if err := cmd.Run(); err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return interp.ExitStatus(ee.ExitCode())
		}
		s.errorf(hc, "%s: %v", args[0], err)
		return interp.ExitStatus(126)
	}
	return nil
}

// programStderr is the stderr a program gets: a start-up file's programs
// write as they like, without the shell's "file:line" prefix (see Source).
func programStderr(w io.Writer) io.Writer {
	if pw, ok := w.(*prefixWriter); ok {
		return pw.w
	}
	return w
}

// execEnv lists the exported variables of env as KEY=value pairs.
func execEnv(env expand.Environ) []string {
	list := make([]string, 0, 64)
	for name, vr := range env.Each {
		if !vr.IsSet() {
			// Set globally but unset in the runner: drop the earlier entry.
			for i, kv := range list {
				if strings.HasPrefix(kv, name+"=") {
					list[i] = ""
				}
			}
		}
		if vr.Exported && vr.Kind == expand.String {
			list = append(list, name+"="+vr.String())
		}
	}
	return slices.DeleteFunc(list, func(kv string) bool { return kv == "" })
}

// startCmd starts cmd. A concurrently forked process may briefly hold a
// file just written open for writing, failing the exec with ETXTBSY
// (go.dev/issue/22315); that is retried with backoff on a fresh Cmd.
func startCmd(cmd *exec.Cmd) (*exec.Cmd, error) {
	err := cmd.Start()
	for delay := time.Millisecond; isErrno(err, syscall.ETXTBSY) && delay < 300*time.Millisecond; delay *= 2 {
		time.Sleep(delay)
		cmd = cloneCmd(cmd)
		err = cmd.Start()
	}
	return cmd, err
}

func cloneCmd(c *exec.Cmd) *exec.Cmd {
	n := exec.Command(c.Path)
	n.Args, n.Env, n.Dir = c.Args, c.Env, c.Dir
	n.Stdin, n.Stdout, n.Stderr = c.Stdin, c.Stdout, c.Stderr
	n.ExtraFiles = c.ExtraFiles
	n.SysProcAttr, n.WaitDelay = c.SysProcAttr, c.WaitDelay
	return n
}

func isErrno(err error, errno syscall.Errno) bool {
	var e syscall.Errno
	return errors.As(err, &e) && e == errno
}

func unwrapPathError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
