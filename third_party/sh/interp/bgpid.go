// Copyright (c) 2017, Daniel Martí <mvdan@mvdan.cc>
// See LICENSE for licensing information

package interp

// lacy patch: $! is the real PID of a background command's process, and
// wait takes PIDs, job specs (%1, %+, %-) and -n.

import (
	"context"
	"reflect"
	"strconv"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/syntax"
)

// bgPID is the PID of the first program a background statement started.
type bgPID struct {
	once  sync.Once
	ready chan struct{} // closed once pid is known, or the statement ended
	pid   int
}

type bgPIDKey struct{}

func (b *bgPID) set(pid int) {
	b.once.Do(func() {
		b.pid = pid
		close(b.ready)
	})
}

// ReportPID tells the runner the PID of a program an ExecHandlerFunc
// started, so that a background statement's $! is that PID, as in bash.
// Exec handlers call it right after starting a program.
func ReportPID(ctx context.Context, pid int) {
	if b, ok := ctx.Value(bgPIDKey{}).(*bgPID); ok {
		b.set(pid)
	}
}

// startsProgram reports whether a background statement's first act is to
// start a program, so that $! can wait for its PID.
func (r *Runner) startsProgram(st *syntax.Stmt) bool {
	call, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) == 0 {
		return false
	}
	name := call.Args[0].Lit()
	if name == "" || IsBuiltin(name) || syntax.IsKeyword(name) {
		return false
	}
	_, isFunc := r.Funcs[name]
	return !isFunc
}

// lastBgPID is $!.
func (r *Runner) lastBgPID() string {
	n := len(r.bgProcs)
	bg := r.bgProcs[n-1]
	if bg.pid != nil {
		if bg.waitPID {
			<-bg.pid.ready
		} else {
			select {
			case <-bg.pid.ready:
			default:
			}
		}
		if bg.pid.pid > 0 {
			return strconv.Itoa(bg.pid.pid)
		}
	}
	return "g" + strconv.Itoa(n)
}

// findBg finds the background statement a wait argument names: gN, a PID
// or a job spec.
func (r *Runner) findBg(arg string) (int, bool) {
	n := len(r.bgProcs)
	switch arg {
	case "%", "%%", "%+":
		return n - 1, n > 0
	case "%-":
		return n - 2, n > 1
	}
	if rest, ok := strings.CutPrefix(arg, "%"); ok {
		i, err := strconv.Atoi(rest)
		return i - 1, err == nil && i >= 1 && i <= n
	}
	if rest, ok := strings.CutPrefix(arg, "g"); ok {
		i, err := strconv.Atoi(rest)
		return i - 1, err == nil && i >= 1 && i <= n
	}
	pid, err := strconv.Atoi(arg)
	if err != nil {
		return 0, false
	}
	for i, bg := range r.bgProcs {
		if bg.pid != nil {
			select {
			case <-bg.pid.ready:
				if bg.pid.pid == pid {
					return i, true
				}
			default:
			}
		}
	}
	return 0, false
}

func (r *Runner) builtinWait(ctx context.Context, args []string) exitStatus {
	var exit exitStatus
	anyOne := false
	fp := flagParser{remaining: args}
	for fp.more() {
		switch flag := fp.flag(); flag {
		case "-n":
			anyOne = true
		case "-f":
		default:
			r.errf("wait: %s: invalid option\nwait: usage: wait [-fn] [-p var] [id ...]\n", flag)
			exit.code = 2
			return exit
		}
	}
	args = fp.args()
	if anyOne {
		var cases []reflect.SelectCase
		var idx []int
		for i, bg := range r.bgProcs {
			if bg.waited != nil && *bg.waited {
				continue
			}
			cases = append(cases, reflect.SelectCase{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(bg.done)})
			idx = append(idx, i)
		}
		if len(cases) == 0 {
			exit.code = 127
			return exit
		}
		cases = append(cases, reflect.SelectCase{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(ctx.Done())})
		chosen, _, _ := reflect.Select(cases)
		if chosen == len(idx) {
			exit.code = 130
			return exit
		}
		bg := r.bgProcs[idx[chosen]]
		*bg.waited = true
		return *bg.exit
	}
	if len(args) == 0 {
		// Note that "wait" without arguments always returns exit status zero.
		for _, bg := range r.bgProcs {
			<-bg.done
		}
		return exit
	}
	for _, arg := range args {
		i, ok := r.findBg(arg)
		if ok && strings.HasPrefix(arg, "%") && *r.bgProcs[i].waited {
			ok = false // a job is forgotten once waited for
		}
		if _, err := strconv.Atoi(arg); !ok && err != nil && !strings.HasPrefix(arg, "%") {
			r.errf("wait: `%s': not a pid or valid job spec\n", arg)
			exit.code = 1
			continue
		}
		if !ok {
			if strings.HasPrefix(arg, "%") {
				r.errf("wait: %s: no such job\n", arg)
			} else {
				r.errf("wait: pid %s is not a child of this shell\n", arg)
			}
			exit.code = 127
			continue
		}
		bg := r.bgProcs[i]
		<-bg.done
		if bg.waited != nil {
			*bg.waited = true
		}
		exit = *bg.exit
	}
	return exit
}

// BackgroundPID resolves a job spec (%1, %%, %+, %-) or gN naming one of the
// runner's background statements to the PID of its program, for a kill
// builtin. It is a lacy patch.
func (r *Runner) BackgroundPID(spec string) (int, bool) {
	i, ok := r.findBg(spec)
	if !ok {
		return 0, false
	}
	bg := r.bgProcs[i]
	if bg.pid == nil {
		return 0, false
	}
	select {
	case <-bg.pid.ready:
	case <-bg.done:
	}
	return bg.pid.pid, bg.pid.pid > 0
}

// InBackground reports whether ctx is that of a command of a background
// statement (`cmd &`), which a non-interactive shell starts with SIGINT
// and SIGQUIT ignored. It is a lacy patch.
func InBackground(ctx context.Context) bool {
	_, ok := ctx.Value(bgPIDKey{}).(*bgPID)
	return ok
}
