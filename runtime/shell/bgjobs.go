package shell

import (
	"fmt"
	"io"
	"strconv"
)

// printBackgroundJobs is jobs in a shell without job control (a script,
// lacy -c): the interpreter's background statements, as bash lists them
// ("[1]-  Running                 sleep 1 &"); -p gives what $! said for
// each (the program's PID, or gN for a compound statement).
func (s *Shell) printBackgroundJobs(w io.Writer, pidsOnly, running bool) {
	jobs := s.runner.BackgroundJobs()
	for i, j := range jobs {
		if running && j.Done {
			continue
		}
		if pidsOnly {
			fmt.Fprintln(w, j.ID)
			continue
		}
		mark := ' '
		switch i {
		case len(jobs) - 1:
			mark = '+'
		case len(jobs) - 2:
			mark = '-'
		}
		state, cmd := "Running", j.Command+" &"
		if j.Done {
			state, cmd = "Done", j.Command
			if j.Status != 0 {
				state = "Exit " + strconv.Itoa(int(j.Status))
			}
		}
		fmt.Fprintf(w, "[%d]%c  %-24s%s\n", j.Num, mark, state, cmd)
	}
}
