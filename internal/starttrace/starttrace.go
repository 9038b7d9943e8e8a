// Package starttrace records how long each phase of lacy's start takes,
// when asked: LACY_TRACE_STARTUP=FILE appends one line per phase to FILE,
//
//	PID<TAB>OFFSET_MS<TAB>CPU_MS<TAB>PROCESS<TAB>PHASE
//
// OFFSET_MS is the time since the process started: since
// LACY_TRACE_STARTUP_T0 (Unix nanoseconds, wall clock), which a harness sets
// just before it starts lacy, or else since an estimate, the time main
// started less the CPU time the process had used by then (the Go runtime's
// and the packages' initialisation: exact on an idle machine, short of the
// truth by whatever time the process spent waiting). lacy passes its start
// on to the program it execs (lacy-full, for a subcommand), whose phases are
// then offsets from the same start. CPU_MS is the CPU time (user and system, all
// threads) the process had used by then, a figure a loaded machine does
// not swing; after an exec it includes the first program's.
//
// When LACY_TRACE_STARTUP is unset, Begin is one environment look-up and
// Mark and Done test one boolean: the trace costs nothing else. When set,
// each mark is one write(2), a few microseconds.
// internal/benchstartup's -trace flag runs lacy with it and prints each
// phase's median (docs/performance.md).
package starttrace

import (
	"os"
	"strconv"
	"sync"
	"syscall"
	"time"
)

// EnvFile names the file the trace is appended to; EnvT0 is the process
// start, Unix nanoseconds.
const (
	EnvFile = "LACY_TRACE_STARTUP"
	EnvT0   = "LACY_TRACE_STARTUP_T0"
)

var (
	on      bool // LACY_TRACE_STARTUP was set when Begin ran, and Done has not run
	mu      sync.Mutex
	out     *os.File
	process string
	pid     string
	t0      time.Time
	line    []byte
)

// Begin starts the trace of this process, named proc ("lacy",
// "lacy-full"), when LACY_TRACE_STARTUP is set; main calls it first.
func Begin(proc string) {
	name := os.Getenv(EnvFile)
	if name == "" {
		return
	}
	now := time.Now()
	cpu := cpuTime()
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return
	}
	mu.Lock()
	defer mu.Unlock()
	on, out, process, pid = true, f, proc, strconv.Itoa(os.Getpid())
	if ns, err := strconv.ParseInt(os.Getenv(EnvT0), 10, 64); err == nil && ns > 0 {
		t0 = time.Unix(0, ns)
	} else {
		t0 = now.Add(-cpu)
		// The program this one execs measures from the same start.
		_ = os.Setenv(EnvT0, strconv.FormatInt(t0.UnixNano(), 10))
		write(0, 0, "start (estimated: main less the CPU time before it)")
	}
	write(ms(now), cpu, "main")
}

// On reports whether this process is being traced.
func On() bool { return on }

// Mark records that phase is reached now: one line appended to the file
// (a write per mark, so a trace survives the process being killed right
// after its first prompt).
func Mark(phase string) {
	if !on {
		return
	}
	now := time.Now()
	cpu := cpuTime()
	mu.Lock()
	if on {
		write(ms(now), cpu, phase)
	}
	mu.Unlock()
}

// Done ends the trace: later marks are dropped and the file is closed.
// lacy calls it before it execs lacy-full (which reopens the file), and
// once its first prompt is on the terminal.
func Done() {
	if !on {
		return
	}
	mu.Lock()
	defer mu.Unlock()
	on = false
	_ = out.Close()
}

func ms(at time.Time) float64 { return float64(at.Sub(t0)) / 1e6 }

// write appends one line to the file; mu is held.
func write(offset float64, cpu time.Duration, phase string) {
	line = append(line[:0], pid...)
	line = append(line, '\t')
	line = strconv.AppendFloat(line, offset, 'f', 3, 64)
	line = append(line, '\t')
	line = strconv.AppendFloat(line, float64(cpu)/1e6, 'f', 3, 64)
	line = append(line, '\t')
	line = append(line, process...)
	line = append(line, '\t')
	line = append(line, phase...)
	line = append(line, '\n')
	_, _ = out.Write(line)
}

// cpuTime is the CPU time (user and system) the process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
