package shell

import (
	"context"
	"fmt"
	"io"
	"time"

	"golang.org/x/sys/unix"
	"mvdan.cc/sh/v3/syntax"
)

// bash's `time` keyword reports the real time and the user and system CPU
// time the line took; mvdan/sh measures the real time only and prints zeros
// for the others (to standard output). A line that starts with `time` is
// therefore timed here, as bash times it: the CPU time of the shell and of
// the children it waited for, on standard error. `time` inside a compound
// command is still mvdan/sh's.

// timeClause returns st's `time` clause when st is nothing else.
func timeClause(st *syntax.Stmt) (*syntax.TimeClause, bool) {
	tc, ok := st.Cmd.(*syntax.TimeClause)
	if !ok || tc.Stmt == nil || st.Negated || st.Background || st.Coprocess || len(st.Redirs) > 0 {
		return nil, false
	}
	return tc, true
}

// cpuTimes is the user and system time of the shell and its waited-for
// children so far.
type cpuTimes struct{ user, sys time.Duration }

func sampleCPU() cpuTimes {
	var c cpuTimes
	for _, who := range []int{unix.RUSAGE_SELF, unix.RUSAGE_CHILDREN} {
		var ru unix.Rusage
		if unix.Getrusage(who, &ru) == nil {
			c.user += time.Duration(ru.Utime.Nano())
			c.sys += time.Duration(ru.Stime.Nano())
		}
	}
	return c
}

// printTimes writes what bash's `time` prints (its default TIMEFORMAT, or
// POSIX's with -p) for a line that started at start with CPU times before.
func printTimes(w io.Writer, posix bool, start time.Time, before cpuTimes) {
	real := time.Since(start)
	after := sampleCPU()
	user, sys := after.user-before.user, after.sys-before.sys
	if posix {
		fmt.Fprintf(w, "real %.2f\nuser %.2f\nsys %.2f\n", real.Seconds(), user.Seconds(), sys.Seconds())
		return
	}
	fmt.Fprintf(w, "\nreal\t%s\nuser\t%s\nsys\t%s\n", minSec(real), minSec(user), minSec(sys))
}

// minSec formats d as bash's default TIMEFORMAT does: 0m1.234s.
func minSec(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	m := d / time.Minute
	return fmt.Sprintf("%dm%.3fs", m, (d - m*time.Minute).Seconds())
}

// runTimed runs a foreground statement; one that starts with `time` is
// timed as bash times it.
func (s *Shell) runTimed(ctx context.Context, st *syntax.Stmt) error {
	tc, ok := timeClause(st)
	if !ok {
		return s.runner.Run(ctx, st)
	}
	start, before := time.Now(), sampleCPU()
	err := s.runner.Run(ctx, tc.Stmt)
	printTimes(s.stderr, tc.PosixFormat, start, before)
	return err
}
