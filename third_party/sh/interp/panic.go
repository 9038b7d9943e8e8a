// lacy patch 037: a Go panic in the interpreter is a shell error.

package interp

import (
	"context"
	"fmt"

	"mvdan.cc/sh/v3/syntax"
)

// safeStmt runs a statement; a panic inside it (a bug of the interpreter)
// is reported as an error of that statement, with status 1, and the shell
// goes on with the next one, instead of crashing the program.
func (r *Runner) safeStmt(ctx context.Context, st *syntax.Stmt) {
	oldIn, oldOut, oldErr := r.stdin, r.stdout, r.stderr
	defer func() {
		if p := recover(); p != nil {
			r.stdin, r.stdout, r.stderr = oldIn, oldOut, oldErr
			r.recovered(p)
		}
	}()
	r.stmt(ctx, st)
}

// recovered reports a recovered panic as the failure of the running command.
func (r *Runner) recovered(p any) {
	r.errf("%s: internal error: %v\n", r.errPrefix(), p)
	r.exit = exitStatus{code: 1}
	r.lastExit = r.exit
	r.breakEnclosing, r.contnEnclosing = 0, 0
}

func (r *Runner) errPrefix() string {
	if r.filename != "" {
		return r.filename
	}
	return "sh"
}

// recoverGoroutine is deferred by the goroutines of pipelines and
// background jobs, where a panic would end the whole program.
func (r *Runner) recoverGoroutine() {
	if p := recover(); p != nil {
		r.recovered(fmt.Sprint(p))
	}
}
