// Copyright (c) 2017, Daniel Martí <mvdan@mvdan.cc>
// See LICENSE for licensing information

package interp

import (
	"bytes"
	"strconv"

	"mvdan.cc/sh/v3/syntax"
)

// lacy patch: the runner's background statements for a jobs builtin (in a
// shell without job control, where they are the only jobs).

// BackgroundJob is one background statement (cmd &) of a Runner.
type BackgroundJob struct {
	Num     int    // the job number, as in %1
	ID      string // what $! said for it: the program's PID, or gN
	Done    bool   // it has finished
	Status  uint8  // its exit status, once done
	Command string // the statement, as written
}

// recordJob remembers the statement of a background job.
func (r *Runner) recordJob(done chan struct{}, st *syntax.Stmt) {
	c := r.cs()
	if c.jobStmts == nil {
		c.jobStmts = map[chan struct{}]*syntax.Stmt{}
	}
	c.jobStmts[done] = st
}

// BackgroundJobs lists the background statements that have not been
// waited for, oldest first (process substitutions are not jobs); a
// finished one is listed once. It is a lacy patch.
func (r *Runner) BackgroundJobs() []BackgroundJob {
	var jobs []BackgroundJob
	c := r.cs()
	for i, bg := range r.bgProcs {
		st, ok := c.jobStmts[bg.done]
		if !ok || bg.waited != nil && *bg.waited {
			continue
		}
		j := BackgroundJob{Num: i + 1, ID: "g" + strconv.Itoa(i+1)}
		if bg.pid != nil {
			if bg.waitPID { // a program: its PID comes as it starts, as for $!
				<-bg.pid.ready
			}
			select {
			case <-bg.pid.ready:
				if bg.pid.pid > 0 {
					j.ID = strconv.Itoa(bg.pid.pid)
				}
			default:
			}
		}
		select {
		case <-bg.done:
			j.Done, j.Status = true, bg.exit.code
			delete(c.jobStmts, bg.done) // reported once, then forgotten, as in bash
		default:
		}
		var buf bytes.Buffer
		st2 := *st
		st2.Background = false
		syntax.NewPrinter(syntax.SingleLine(true)).Print(&buf, &st2)
		j.Command = buf.String()
		jobs = append(jobs, j)
	}
	return jobs
}

// ForgetBackgroundJobs forgets the background jobs that have finished, as
// bash does once `wait` waited for them. It is a lacy patch.
func (r *Runner) ForgetBackgroundJobs() {
	c := r.cs()
	for done := range c.jobStmts {
		select {
		case <-done:
			delete(c.jobStmts, done)
		default:
		}
	}
}
