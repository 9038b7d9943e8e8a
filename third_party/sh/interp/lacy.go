// Copyright (c) 2017, Daniel Martí <mvdan@mvdan.cc>
// See LICENSE for licensing information

package interp

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
	for k, v := range r.lacy.traps {
		l.traps[k] = v
	}
	return l
}
