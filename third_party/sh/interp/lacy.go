// Copyright (c) 2017, Daniel Martí <mvdan@mvdan.cc>
// See LICENSE for licensing information

package interp

import (
	"context"
	"time"

	"mvdan.cc/sh/v3/syntax"
)

// lacy patch: state that lacy's patches add to a Runner, kept in one
// struct so that the patches touch Runner's own fields as little as
// possible.

// lacyState is the Runner state of lacy's patches.
type lacyState struct {
	// traps are the trap actions set, by condition: "EXIT", "ERR",
	// "DEBUG", "RETURN" and signal names ("SIGINT"); "" ignores a signal.
	traps map[string]string
	// sigs receives the trapped signals; only the runner that set the
	// traps (not a subshell) runs their actions.
	sigs *sigState
	sub  bool
	// internal is set while the embedding shell runs its own statements
	// (RunInternal): they are not the user's commands, so no DEBUG trap
	// and no xtrace (`set -x` traces what the user runs, as in bash).
	internal bool
	// secondsBase and secondsOffset are the time and value of the last
	// assignment to SECONDS, when secondsSet.
	secondsSet    bool
	secondsBase   time.Time
	secondsOffset int
}

// lx returns the runner's lacy state, creating it on first use.
func (r *Runner) lx() *lacyState {
	if r.lacy == nil {
		r.lacy = &lacyState{}
	}
	return r.lacy
}

// subLacy is the lacy state of a subshell of r: it lists the parent's traps
// (as bash's `$(trap)` does) but runs no signal traps.
func (r *Runner) subLacy() *lacyState {
	if r.lacy == nil {
		return nil
	}
	l := &lacyState{sub: true, traps: make(map[string]string, len(r.lacy.traps))}
	l.secondsSet, l.secondsBase, l.secondsOffset = r.lacy.secondsSet, r.lacy.secondsBase, r.lacy.secondsOffset
	for k, v := range r.lacy.traps {
		l.traps[k] = v
	}
	return l
}

// runsInternal reports whether the statement running is the embedding
// shell's own (RunInternal), not the user's.
func (r *Runner) runsInternal() bool { return r.lacy != nil && r.lacy.internal }

// RunInternal runs node as Run does, but as the embedding shell's own work
// (setting $?, COLUMNS or $!, rendering a prompt), not a command of the
// user's: the DEBUG trap does not run for it, as bash runs none for its own
// prompt handling (bash-preexec would take each for a command), and `set -x`
// does not trace it. It is a lacy patch.
func (r *Runner) RunInternal(ctx context.Context, node syntax.Node) error {
	l := r.lx()
	old := l.internal
	l.internal = true
	defer func() { l.internal = old }()
	return r.Run(ctx, node)
}
