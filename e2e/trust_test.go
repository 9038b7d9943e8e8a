package e2e

import (
	"syscall"
	"testing"

	"github.com/lacy-sh/lacy/agents/llmtest"
)

// Issue 18 (terminal trust, round 2): nothing a user types or owns is
// taken. Each test here failed before its fix.

// A pasted snippet that begins with a comment or a shebang is shell code:
// it runs, and nothing of it reaches a model (issue 18, item 8).
func TestPastedScriptWithCommentRunsInTheShell(t *testing.T) {
	srv := llmtest.New(t)
	tm, _ := start(t, agentConfig(srv))
	tm.Type("\x1b[200~# show the sum\necho pasted-$((2+3))\n\x1b[201~")
	tm.WaitText("echo pasted-$((2+3))")
	tm.Type("\r")
	tm.WaitText("\npasted-5\n")
	tm.Type("\x1b[200~#!/bin/bash\necho shebang-$((3+4))\x1b[201~")
	tm.WaitText("echo shebang-$((3+4))")
	tm.Type("\r")
	tm.WaitText("\nshebang-7\n")
	tm.Line("echo done-$((1+1))")
	tm.WaitText("\ndone-2\n")
	if n := len(srv.Requests()); n != 0 {
		t.Fatalf("%d requests reached the model; the pastes were shell code", n)
	}
}

// A SIGINT that reaches lacy while it waits at the prompt does not abort
// the next command line (issue 18, item 7).
func TestStraySigintAtIdleKeepsTheNextLine(t *testing.T) {
	tm, _ := start(t, nil)
	tm.Line("echo ready-$((1+1))")
	tm.WaitText("\nready-2\n")
	if err := tm.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	tm.WaitSignalsTaken()
	tm.Line("sleep 0.2; echo after-$((2+2))")
	tm.WaitText("\nafter-4\n")
}
