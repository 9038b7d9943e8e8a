// Copyright (c) 2017, Daniel Martí <mvdan@mvdan.cc>
// See LICENSE for licensing information

package interp

// lacy patch: bash's trap: signals (by name, SIG name or number), DEBUG,
// RETURN, trap -p, trap -l, trap - SIG, several conditions at once.

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// pseudoSignals are trap's conditions that are not signals, after the
// signals in bash's listing order (EXIT comes first).
var pseudoSignals = []string{"DEBUG", "ERR", "RETURN"}

// trapCondition returns the canonical name of a trap condition ("EXIT",
// "SIGINT", "DEBUG") and its order in listings.
func trapCondition(spec string) (string, int, bool) {
	up := strings.ToUpper(spec)
	if n, err := strconv.Atoi(spec); err == nil {
		if n == 0 {
			return "EXIT", 0, true
		}
		if name, ok := signalName(n); ok {
			return name, n, true
		}
		return "", 0, false
	}
	switch up {
	case "EXIT", "SIGEXIT":
		return "EXIT", 0, true
	}
	if i := slices.Index(pseudoSignals, up); i >= 0 {
		return up, 1000 + i, true
	}
	if !strings.HasPrefix(up, "SIG") {
		up = "SIG" + up
	}
	if n, ok := signalNumber(up); ok {
		return up, n, true
	}
	return "", 0, false
}

func trapOrder(name string) int {
	_, n, _ := trapCondition(name)
	return n
}

// shQuote quotes s in single quotes, as bash's trap -p and alias print.
func shQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

func (r *Runner) builtinTrap(ctx context.Context, args []string) exitStatus {
	var exit exitStatus
	l := r.lx()
	fp := flagParser{remaining: args}
	list, print := false, false
	for fp.more() {
		switch flag := fp.flag(); flag {
		case "-l":
			list = true
		case "-p":
			print = true
		case "-":
			// `trap - SIG`: handled below, as the action
			fp.remaining = append([]string{"-"}, fp.remaining...)
			goto done
		default:
			r.errf("trap: %s: invalid option\n", flag)
			r.errf("trap: usage: trap [-lp] [[arg] signal_spec ...]\n")
			exit.code = 2
			return exit
		}
	}
done:
	args = fp.args()
	if list {
		r.listSignals()
		return exit
	}
	if print || len(args) == 0 {
		names := args
		if len(names) == 0 {
			for name := range l.traps {
				names = append(names, name)
			}
			slices.SortFunc(names, func(a, b string) int { return trapOrder(a) - trapOrder(b) })
		}
		for _, spec := range names {
			name, _, ok := trapCondition(spec)
			if !ok {
				r.errf("trap: %s: invalid signal specification\n", spec)
				exit.code = 1
				continue
			}
			if action, ok := l.traps[name]; ok {
				r.outf("trap -- %s %s\n", shQuote(action), name)
			}
		}
		return exit
	}
	action, reset := args[0], false
	conds := args[1:]
	switch {
	case len(args) == 1:
		// `trap SIG` resets SIG.
		reset, conds = true, args
	case action == "-":
		reset = true
	default:
		// POSIX: a first operand that is a number is a condition too.
		if _, err := strconv.ParseUint(action, 10, 32); err == nil {
			reset, conds = true, args
		}
	}
	for _, spec := range conds {
		name, _, ok := trapCondition(spec)
		if !ok {
			r.errf("trap: %s: invalid signal specification\n", spec)
			exit.code = 1
			continue
		}
		if reset {
			delete(l.traps, name)
		} else {
			if l.traps == nil {
				l.traps = map[string]string{}
			}
			l.traps[name] = action
		}
		switch name {
		case "EXIT":
			r.callbackExit = ""
			if !reset {
				r.callbackExit = action
			}
		case "ERR":
			r.callbackErr = ""
			if !reset {
				r.callbackErr = action
			}
		case "DEBUG", "RETURN":
		default:
			if !l.sub {
				r.setSignalTrap(name, action, reset)
			}
		}
	}
	return exit
}

// listSignals prints the signals as bash's trap -l does.
func (r *Runner) listSignals() {
	var sb strings.Builder
	col := 0
	for n := 1; n < 65; n++ {
		name, ok := signalName(n)
		if !ok {
			continue
		}
		if col > 0 {
			sb.WriteByte('\t')
		}
		fmt.Fprintf(&sb, "%2d) %s", n, name)
		if col++; col == 5 {
			sb.WriteByte('\n')
			col = 0
		}
	}
	if col > 0 {
		sb.WriteByte('\n')
	}
	r.out(sb.String())
}

// debugTrap runs the DEBUG trap before a simple command, as bash does.
func (r *Runner) debugTrap(ctx context.Context, line uint) {
	// Functions, subshells and command substitutions do not inherit the
	// DEBUG trap (without set -T), so a trap whose action has a $(…) does
	// not run again inside it (bash-preexec's __bp_preexec_invoke_exec).
	if r.lacy == nil || r.lacy.sub || r.lacy.internal || r.handlingTrap || r.inFunc {
		return
	}
	if action, ok := r.lacy.traps["DEBUG"]; ok && action != "" {
		old := r.ecfg.Lineno
		r.ecfg.Lineno = line
		r.trapCallback(ctx, action, "DEBUG")
		r.ecfg.Lineno = old
	}
}

// pipeDebugTraps runs the DEBUG trap, in the parent shell and in order,
// for the simple commands of a pipeline's elements that run in subshells
// (st, the left side of a pipe), as bash does before it forks each element:
// bash-preexec then sees the pipeline once, before any of it runs.
func (r *Runner) pipeDebugTraps(ctx context.Context, st *syntax.Stmt) {
	if r.lacy == nil || r.lacy.traps["DEBUG"] == "" {
		return
	}
	switch cm := st.Cmd.(type) {
	case *syntax.BinaryCmd:
		if cm.Op == syntax.Pipe || cm.Op == syntax.PipeAll {
			r.pipeDebugTraps(ctx, cm.X)
			r.pipeDebugTraps(ctx, cm.Y)
		}
	case *syntax.CallExpr, *syntax.ArithmCmd, *syntax.LetClause, *syntax.CaseClause,
		*syntax.TestClause, *syntax.DeclClause, *syntax.ForClause:
		r.debugTrapFor(ctx, cm)
	}
}

// returnTrap runs the RETURN trap after a function or sourced file.
func (r *Runner) returnTrap(ctx context.Context) {
	if r.lacy == nil || r.handlingTrap {
		return
	}
	if action, ok := r.lacy.traps["RETURN"]; ok && action != "" {
		r.trapCallback(ctx, action, "RETURN")
	}
}

// signalTraps runs the actions of the trapped signals that arrived.
func (r *Runner) signalTraps(ctx context.Context) {
	if r.lacy == nil || r.lacy.sub || r.lacy.sigs == nil || r.handlingTrap {
		return
	}
	for _, name := range r.lacy.sigs.pending() {
		if action := r.lacy.traps[name]; action != "" {
			r.trapCallback(ctx, action, name)
		}
	}
}

// Trapped reports whether the shell has a trap action for a condition
// ("SIGINT", "EXIT", ...). It is a lacy patch.
func (r *Runner) Trapped(name string) bool {
	if r.lacy == nil {
		return false
	}
	action, ok := r.lacy.traps[name]
	return ok && action != ""
}
