// Copyright (c) 2017, Daniel Martí <mvdan@mvdan.cc>
// See LICENSE for licensing information

package interp

import (
	"context"

	"mvdan.cc/sh/v3/syntax"
)

// lacy patch: the ERR trap with bash's $LINENO and not for the parts of a
// pipeline; DEBUG before each part of a pipeline; DEBUG before each
// iteration of a for loop.

// errTrap runs the ERR trap after st failed, with $LINENO the line of st,
// as bash does; not for a part of a pipeline (the pipeline as a whole
// fails or not), nor in a subshell unless set -E (errtrace) is on. It is a
// lacy patch.
func (r *Runner) errTrap(ctx context.Context, st *syntax.Stmt) {
	if r.callbackErr == "" || r.calls != nil && r.calls.pipePart {
		return
	}
	if r.inFunc && !r.opts[optErrTrace] {
		return // functions inherit the ERR trap only with set -E, as in bash
	}
	switch st.Cmd.(type) {
	case *syntax.Block, *syntax.IfClause, *syntax.WhileClause, *syntax.ForClause, *syntax.CaseClause:
		return // the command inside that failed ran the trap, as in bash
	}
	old := r.ecfg.Lineno
	r.ecfg.Lineno = st.Pos().Line()
	r.trapCallback(ctx, r.callbackErr, "error")
	r.ecfg.Lineno = old
}

// pipePart marks the last part of a pipeline, which runs in the shell
// itself, until the returned func is called: the ERR trap runs for the
// pipeline, not for its parts. It is a lacy patch.
func (r *Runner) pipePart() func() {
	c := r.cs()
	old := c.pipePart
	c.pipePart = true
	return func() { c.pipePart = old }
}

// pipeDebugTraps runs the DEBUG trap for each simple command of the parts
// of a pipeline that run in subshells (st, the pipeline's left side), as
// bash runs it before each part. It is a lacy patch.
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
		r.debugTrapFor(ctx, cm) // with BASH_COMMAND (patch 122)
	}
}

// forCond runs the DEBUG trap and then reports whether the condition of a
// C-style for loop holds (no condition always does). It is a lacy patch.
func (r *Runner) forCond(ctx context.Context, cm *syntax.ForClause, y *syntax.CStyleLoop) bool {
	r.debugTrap(ctx, cm.Pos().Line())
	return y.Cond == nil || r.arithm(y.Cond) != 0
}
