package shell

import (
	"context"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/lacy-sh/lacy/internal/timelimit"
	"golang.org/x/sys/unix"
	"mvdan.cc/sh/v3/interp"
)

// builtin runs one of lacy's own builtins (see isLacyBuiltin).
func (s *Shell) builtin(ctx context.Context, name string, args []string) error {
	hc := interp.HandlerCtx(ctx)
	var status int
	switch name {
	case "jobs":
		status = s.builtinJobs(hc.Stdout, args)
	case "fg":
		return s.builtinFg(ctx, hc, args)
	case "bg":
		status = s.builtinBg(hc, args)
	case "kill":
		return s.builtinKill(ctx, hc, args)
	case "wait":
		return s.builtinWait(ctx, hc, args)
	case "disown":
		status = s.builtinDisown(hc, args)
	case "umask":
		status = s.builtinUmask(hc, args)
	case "set":
		return s.builtinSet(ctx, hc, args)
	case "shopt":
		return s.builtinShopt(ctx, hc, args)
	case "ulimit":
		status = s.builtinUlimit(hc.Stdout, hc.Stderr, args)
	case "logout": // lacy has no login-shell distinction for leaving
		return hc.Builtin(ctx, append([]string{"exit"}, args...))
	case "complete":
		status = s.builtinComplete(hc.Stdout, s.msgWriter(hc.Stderr), args)
	case "bind":
		if s.bindFn == nil {
			s.ignoreOnce(name)
			return nil
		}
		status = s.bindFn(hc.Stdout, s.placedMsgWriter(hc), args)
	case "compopt":
		status = s.builtinCompopt(hc, args)
	case "compgen":
		status = s.builtinCompgen(hc, args)
	case "enable":
		status = s.builtinEnable(hc, args)
	case "return": // a startup file's top-level return (see Source)
		status := hc.LastExitStatus
		if len(args) > 0 {
			n, err := strconv.Atoi(args[0])
			if err != nil {
				fmt.Fprintf(hc.Stderr, "return: %s: numeric argument required\n", args[0])
				n = 2
			}
			status = n & 0xff
		}
		return errSourceReturn(status)
	case "status": // $? set by lacy itself (see setStatus)
		status, _ = strconv.Atoi(oneArg(args))
	case "promptvalue": // a prompt's expansion (see expandPromptWord)
		s.prompt.out = oneArg(args)
	case "wordvalue": // a word's expansion (see ExpandLine)
		s.prompt.out = strings.Join(args, " ")
	case "history":
		if s.historyFn == nil {
			// No history (a script, lacy -c): bash keeps none either, but
			// still checks the arguments.
			status = checkHistoryArgs(s.msgWriter(hc.Stderr), args)
			break
		}
		// Getenv sees the command's own environment meanwhile
		// (HISTTIMEFORMAT='%F ' history).
		s.cmdEnv = hc.Env
		status = s.historyFn(hc.Stdout, s.msgWriter(hc.Stderr), args)
		s.cmdEnv = nil
	}
	if status != 0 {
		return interp.ExitStatus(status)
	}
	return nil
}

// findJob resolves a job spec (%N, %+, %%, %-, %name, or a PGID); the caller
// holds s.jobs.mu.
func (s *Shell) findJob(spec string) (*Job, error) {
	t := s.jobs
	if spec == "" || spec == "%" || spec == "%%" || spec == "%+" {
		if t.cur == nil {
			return nil, fmt.Errorf("current: no such job")
		}
		return t.cur, nil
	}
	if spec == "%-" {
		for i := len(t.jobs) - 1; i >= 0; i-- {
			if t.jobs[i] != t.cur {
				return t.jobs[i], nil
			}
		}
		return nil, fmt.Errorf("%s: no such job", spec)
	}
	if rest, ok := strings.CutPrefix(spec, "%"); ok {
		if n, err := strconv.Atoi(rest); err == nil {
			for _, j := range t.jobs {
				if j.ID == n {
					return j, nil
				}
			}
			return nil, fmt.Errorf("%s: no such job", spec)
		}
		for i := len(t.jobs) - 1; i >= 0; i-- {
			if strings.HasPrefix(t.jobs[i].Text, rest) {
				return t.jobs[i], nil
			}
		}
		return nil, fmt.Errorf("%s: no such job", spec)
	}
	if n, err := strconv.Atoi(spec); err == nil {
		for _, j := range t.jobs {
			if j.Pgid == n {
				return j, nil
			}
		}
	}
	return nil, fmt.Errorf("%s: no such job", spec)
}

// builtinJobs lists the jobs as bash does: -l adds process IDs, -p prints
// only them, -r and -s keep running or stopped jobs.
func (s *Shell) builtinJobs(w io.Writer, args []string) int {
	t := s.jobs
	t.mu.Lock()
	defer t.mu.Unlock()
	var long, pidsOnly, running, stopped bool
	for _, a := range args {
		if !strings.HasPrefix(a, "-") || a == "-" {
			continue
		}
		for _, c := range a[1:] {
			switch c {
			case 'l':
				long = true
			case 'p':
				pidsOnly = true
			case 'r':
				running = true
			case 's':
				stopped = true
			}
		}
	}
	if len(t.jobs) == 0 && s.tty == nil && !stopped {
		// No job control: the interpreter's background statements.
		s.printBackgroundJobs(w, pidsOnly, running)
		return 0
	}
	for _, j := range slices.Clone(t.jobs) {
		st := j.stateOf()
		if running && st != Running || stopped && st != Stopped {
			continue
		}
		if pidsOnly {
			fmt.Fprintln(w, j.Pgid)
			continue
		}
		if long {
			fmt.Fprintln(w, t.formatLong(j, st))
		} else {
			fmt.Fprintln(w, t.format(j, st))
		}
		j.notified = st
		if st == Done {
			t.forget(j)
		}
	}
	return 0
}

func oneArg(args []string) string {
	if len(args) > 0 {
		return args[0]
	}
	return ""
}

// builtinFg continues a job in the foreground and waits for it.
func (s *Shell) builtinFg(ctx context.Context, hc interp.HandlerContext, args []string) error {
	if s.tty == nil {
		fmt.Fprintf(hc.Stderr, "%s: fg: no job control\n", s.opts.Name)
		return interp.ExitStatus(1)
	}
	t := s.jobs
	t.mu.Lock()
	j, err := s.findJob(oneArg(args))
	if err != nil {
		t.mu.Unlock()
		fmt.Fprintf(hc.Stderr, "%s: fg: %v\n", s.opts.Name, err)
		return interp.ExitStatus(1)
	}
	t.cur = j
	modes := j.modes
	j.modes = nil
	t.mu.Unlock()

	fmt.Fprintln(hc.Stdout, strings.TrimSuffix(j.Text, " &"))
	pgid := t.pgid(j)
	s.tty.give(pgid, modes)
	s.signalGroup(pgid, syscall.SIGCONT)
	stop := context.AfterFunc(ctx, func() { s.signalGroup(t.pgid(j), syscall.SIGINT) })
	defer stop()

	t.mu.Lock()
	// Mark it running now: the watcher's CLD_CONTINUED may come later.
	for _, p := range j.procs {
		if p.state == Stopped {
			p.state = Running
		}
	}
	st := j.stateOf()
	for st == Running {
		t.cond.Wait()
		st = j.stateOf()
	}
	var status int
	var werr error
	if st == Stopped {
		j.modes = s.tty.modes()
		j.notified = Stopped
		status = 128 + int(syscall.SIGTSTP)
	} else {
		status, werr = s.jobStatus(j)
		t.remove(j)
	}
	t.mu.Unlock()
	s.tty.reclaim(st == Done && werr == nil)
	if st == Stopped {
		fmt.Fprintf(hc.Stderr, "\n%s\n", s.formatJob(j))
	}
	if werr != nil {
		return werr
	}
	if status != 0 {
		return interp.ExitStatus(status)
	}
	return nil
}

// formatJob renders a job with the table's lock held.
func (s *Shell) formatJob(j *Job) string {
	s.jobs.mu.Lock()
	defer s.jobs.mu.Unlock()
	return s.jobs.format(j, j.stateOf())
}

// jobStatus is the exit status of a finished job; the caller holds
// s.jobs.mu. A foreground job killed by Ctrl-C reports ErrInterrupted so the
// line is aborted.
func (s *Shell) jobStatus(j *Job) (int, error) {
	status := s.jobs.statusLocked(j)
	if status == 128+int(syscall.SIGINT) {
		return status, ErrInterrupted
	}
	return status, nil
}

// builtinBg continues stopped jobs in the background.
func (s *Shell) builtinBg(hc interp.HandlerContext, args []string) int {
	if len(args) == 0 {
		args = []string{""}
	}
	t := s.jobs
	status := 0
	for _, a := range args {
		t.mu.Lock()
		j, err := s.findJob(a)
		if err == nil {
			for _, p := range j.procs {
				if p.state == Stopped {
					p.state = Running
				}
			}
			j.notified = Running
			if !strings.HasSuffix(j.Text, "&") {
				j.Text += " &"
			}
		}
		t.mu.Unlock()
		if err != nil {
			fmt.Fprintf(hc.Stderr, "%s: bg: %v\n", s.opts.Name, err)
			status = 1
			continue
		}
		s.signalGroup(t.pgid(j), syscall.SIGCONT)
		fmt.Fprintf(hc.Stdout, "[%d]+ %s\n", j.ID, j.Text)
	}
	return status
}

func (s *Shell) killTarget(target string, sig syscall.Signal) error {
	if !strings.HasPrefix(target, "%") {
		pid, err := strconv.Atoi(target)
		if err != nil {
			return fmt.Errorf("%s: arguments must be process or job IDs", target)
		}
		if pid == os.Getpid() {
			err := killSelf(sig)
			if err == nil && s.runner != nil {
				// bash runs a trap for a signal it sent itself before its
				// next command; Go hands it over from another goroutine.
				s.runner.AwaitSignal(unix.SignalName(sig), selfSignalWait())
			}
			return err
		}
		return syscall.Kill(pid, sig)
	}
	s.jobs.mu.Lock()
	j, err := s.findJob(target)
	pgid := 0
	if err == nil {
		pgid = j.Pgid
	}
	s.jobs.mu.Unlock()
	if err != nil {
		return err
	}
	if pgid <= 0 { // a job of builtins only: no process to signal (kill(0) would hit lacy)
		return nil
	}
	if err := syscall.Kill(-pgid, sig); err != nil {
		return fmt.Errorf("(%d) - %v", pgid, err)
	}
	if sig == syscall.SIGTERM || sig == syscall.SIGHUP || sig == syscall.SIGINT {
		_ = syscall.Kill(-pgid, syscall.SIGCONT) // a stopped job must run to die
	}
	return nil
}

// parseSignal reads "9", "KILL" or "SIGKILL"; 0 means unknown.
// killSelf sends sig to this thread, so that it is handled before the
// statement after `kill $$` runs: sent to the process (as the kill program
// does) it may be handled by another thread while this one finishes the
// script and exits 0 (bash dies of the signal there, 128+N).
// selfSignalWait bounds how long kill to $$ waits for its trap's signal to
// arrive (microseconds when the machine is idle).
func selfSignalWait() time.Duration { return timelimit.Scale(200 * time.Millisecond) }

func killSelf(sig syscall.Signal) error {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	return unix.Tgkill(os.Getpid(), unix.Gettid(), sig)
}

// parseSignal reads a signal's number or name (TERM, SIGTERM, 15; 0 tests
// that the process exists); -1 means it is not a signal.
func parseSignal(name string) syscall.Signal {
	if n, err := strconv.Atoi(name); err == nil && n >= 0 {
		return syscall.Signal(n)
	}
	name = strings.TrimPrefix(strings.ToUpper(name), "SIG")
	if sig := unix.SignalNum("SIG" + name); sig != 0 {
		return sig
	}
	return -1
}

// builtinWait waits for background jobs (all, or the ones named), then for
// the runner's own background statements.
func (s *Shell) builtinWait(ctx context.Context, hc interp.HandlerContext, args []string) error {
	t := s.jobs
	stop := context.AfterFunc(ctx, func() {
		t.mu.Lock()
		t.cond.Broadcast()
		t.mu.Unlock()
	})
	defer stop()
	t.mu.Lock()
	var targets []*Job
	status := 0
	if len(args) == 0 {
		targets = append(targets, t.jobs...)
	} else {
		for _, a := range args {
			j, err := s.findJob(a)
			if err != nil {
				// A background job already reported Done: its status,
				// once, as bash answers for a remembered PID.
				if pid, perr := strconv.Atoi(a); perr == nil {
					if st, ok := t.finished[pid]; ok {
						delete(t.finished, pid)
						status = st
						continue
					}
				}
				t.mu.Unlock()
				return hc.Builtin(ctx, append([]string{"wait"}, args...))
			}
			targets = append(targets, j)
		}
	}
	for _, j := range targets {
		for j.stateOf() == Running && ctx.Err() == nil {
			t.cond.Wait()
		}
		if j.stateOf() == Done {
			status, _ = s.jobStatus(j)
		}
	}
	t.mu.Unlock()
	if ctx.Err() != nil {
		return ErrInterrupted
	}
	if len(args) == 0 {
		if err := hc.Builtin(ctx, []string{"wait"}); err != nil {
			return err
		}
		s.runner.ForgetBackgroundJobs() // jobs lists them no more
	}
	if status != 0 {
		return interp.ExitStatus(status)
	}
	return nil
}

func (s *Shell) builtinDisown(hc interp.HandlerContext, args []string) int {
	t := s.jobs
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(args) == 0 {
		args = []string{""}
	}
	for _, a := range args {
		if a == "-a" {
			t.jobs, t.cur = nil, nil
			continue
		}
		j, err := s.findJob(a)
		if err != nil {
			fmt.Fprintf(hc.Stderr, "%s: disown: %v\n", s.opts.Name, err)
			return 1
		}
		t.remove(j)
	}
	return 0
}

// checkHistoryArgs checks history's arguments as bash does when there is no
// history to act on: options from -anrwpscd, at most one count.
func checkHistoryArgs(stderr io.Writer, args []string) int {
	if len(args) > 0 && args[0] == "--" {
		args = args[1:]
	} else if len(args) > 0 && len(args[0]) > 1 && args[0][0] == '-' {
		for _, c := range args[0][1:] {
			if !strings.ContainsRune("anrwpscd", c) {
				fmt.Fprintf(stderr, "history: -%c: invalid option\nhistory: usage: history [-c] [-d offset] [n] or history -anrw [filename] or history -ps arg [arg...]\n", c)
				return 2
			}
		}
		return 0 // the option's arguments are files, lines or offsets
	}
	switch {
	case len(args) > 1:
		fmt.Fprintf(stderr, "history: too many arguments\n")
		return 1
	case len(args) == 1:
		if _, err := strconv.Atoi(args[0]); err != nil {
			fmt.Fprintf(stderr, "history: %s: numeric argument required\n", args[0])
			return 1
		}
	}
	return 0
}

// builtinUmask shows or sets the file mode creation mask, as bash's umask:
// an octal mask or a symbolic mode (u+w,g=rx,a-x), -S prints symbolically,
// -p in a form that reads back.
func (s *Shell) builtinUmask(hc interp.HandlerContext, args []string) int {
	symbolic, reusable := false, false
	for len(args) > 0 && len(args[0]) > 1 && args[0][0] == '-' {
		a := args[0]
		args = args[1:]
		if a == "--" {
			break
		}
		for _, c := range a[1:] {
			switch c {
			case 'S':
				symbolic = true
			case 'p':
				reusable = true
			default:
				fmt.Fprintf(hc.Stderr, "%s: umask: -%c: invalid option\numask: usage: umask [-p] [-S] [mode]\n", s.opts.Name, c)
				return 2
			}
		}
	}
	m := unix.Umask(0)
	unix.Umask(m)
	if len(args) > 0 {
		nm, err := umaskMode(m, args[0])
		if err != nil {
			fmt.Fprintf(hc.Stderr, "%s: umask: %v\n", s.opts.Name, err)
			return 1
		}
		m = nm
		unix.Umask(m)
		if !symbolic {
			return 0
		}
	}
	prefix := ""
	if reusable {
		prefix = "umask "
		if symbolic {
			prefix = "umask -S "
		}
	}
	if symbolic {
		fmt.Fprintln(hc.Stdout, prefix+symbolicUmask(m))
	} else {
		fmt.Fprintf(hc.Stdout, "%s%04o\n", prefix, m)
	}
	return 0
}

// parseSymbolicMode applies a symbolic mode (clauses like u+w,go=rx) to
// the permission bits, as bash's umask reads it: who is some of ugoa (none
// is all), the operator + - or =, the permissions some of rwx.
func parseSymbolicMode(mode string, bits int) (int, error) {
	for i := 0; ; {
		who, perm := 0, 0
		for i < len(mode) && strings.IndexByte("agou", mode[i]) >= 0 {
			switch mode[i] {
			case 'u':
				who |= 0o700
			case 'g':
				who |= 0o070
			case 'o':
				who |= 0o007
			case 'a':
				who |= 0o777
			}
			i++
		}
		if i >= len(mode) || strings.IndexByte("+-=", mode[i]) < 0 {
			c := "\x00"
			if i < len(mode) {
				c = mode[i : i+1]
			}
			return 0, fmt.Errorf("`%s': invalid symbolic mode operator", c)
		}
		op := mode[i]
		i++
		for i < len(mode) && strings.IndexByte("rwx", mode[i]) >= 0 {
			switch mode[i] {
			case 'r':
				perm |= 0o444
			case 'w':
				perm |= 0o222
			case 'x':
				perm |= 0o111
			}
			i++
		}
		if i < len(mode) && mode[i] != ',' {
			return 0, fmt.Errorf("`%c': invalid symbolic mode character", mode[i])
		}
		if who != 0 {
			perm &= who
		}
		switch op {
		case '+':
			bits |= perm
		case '-':
			bits &^= perm
		case '=':
			if who == 0 {
				who = 0o777
			}
			bits = bits&^who | perm
		}
		if i >= len(mode) {
			return bits, nil
		}
		i++ // the ','
	}
}

func symbolicUmask(m int) string {
	perm := func(bits int) string {
		var b strings.Builder
		for i, c := range "rwx" {
			if bits&(4>>i) != 0 {
				b.WriteRune(c)
			}
		}
		return b.String()
	}
	allowed := ^m & 0o777
	return fmt.Sprintf("u=%s,g=%s,o=%s", perm(allowed>>6&7), perm(allowed>>3&7), perm(allowed&7))
}
