package e2e

import (
	"bytes"
	"context"
	"os/exec"
	"testing"
	"time"

	"github.com/lacy-sh/lacy/internal/ptytest"
)

// TestProcSubstDoesNotHangExit: a script whose last line starts `cat
// <(...) &` ends, and whoever reads its output gets end of file once the
// background cat is done, as with bash. The process substitution is a
// goroutine of lacy that dies with it; before interp.ReleaseProcSubsts the
// cat could wait for ever to open its FIFO (about 1 run in 6), holding
// lacy's stdout open (process-sub#8).
func TestProcSubstDoesNotHangExit(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end")
	}
	bin := ptytest.Binary(t)
	script := "cat <(seq 3; sleep 0.01) & wait\necho sync\ncat <(sleep 0.01) &\necho fork\n"
	for i := range 12 {
		// The deadline only bounds a hang; a run takes milliseconds.
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		cmd := exec.CommandContext(ctx, bin, "-c", script)
		var out bytes.Buffer
		cmd.Stdout = &out           // a pipe: Wait returns once every writer closed it
		cmd.WaitDelay = time.Second // then a leftover writer fails the run
		err := cmd.Run()
		cancel()
		if err != nil || out.String() != "1\n2\n3\nsync\nfork\n" {
			t.Fatalf("run %d: err %v, out %q", i, err, out.String())
		}
	}
}
