package shell

import (
	"path/filepath"
	"sync"
	"time"

	"github.com/lacy-sh/lacy/internal/timelimit"
)

// bgStartWait bounds how long `cmd &` waits for the job's first process
// to start, to print "[1] PID" (scaled by LACY_TIME_SCALE).
func bgStartWait() time.Duration { return timelimit.Scale(200 * time.Millisecond) }

// running counts the external programs that shells of this process have
// started and that have not exited, by base name, so that lacy's own
// helpers (the git-state reader) stay away from a program of the user's
// while it runs.
var running = struct {
	sync.Mutex
	n map[string]int
}{} // n is made by the first program

// trackProgram counts path as running until the returned func is called.
func trackProgram(path string) func() {
	name := filepath.Base(path)
	running.Lock()
	if running.n == nil {
		running.n = map[string]int{}
	}
	running.n[name]++
	running.Unlock()
	return func() {
		running.Lock()
		if running.n[name]--; running.n[name] <= 0 {
			delete(running.n, name)
		}
		running.Unlock()
	}
}

// ProgramRuns reports whether a program named name (a base name: "git"),
// started by any shell of the session, in the foreground or as a
// background job, is running. A job stopped with Ctrl-Z is not counted.
func ProgramRuns(name string) bool {
	running.Lock()
	defer running.Unlock()
	return running.n[name] > 0
}
