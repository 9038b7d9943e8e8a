package e2e

import (
	"strings"
	"syscall"
	"testing"

	"github.com/lacy-sh/lacy/agents/llmtest"
	"github.com/lacy-sh/lacy/internal/ptytest"
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

// lateFailSession has `late`, a command that fails after a moment, and a
// rule whose fix prints FIXRAN-42 when it runs.
func lateFailSession(t *testing.T) *ptytest.Term {
	t.Helper()
	tm, _ := startWithPath(t, map[string]string{
		"bin/late": "#!/bin/sh\nsleep 0.3\necho 'late: failed' >&2\nexit 1\n",
		".lacyrc.lua": `
local lacy = require("lacy")
lacy.rule("late", { match = function(f) return f.command == "late" end, fix = function() return "echo FIXRAN-$((6*7))" end })
`,
	})
	return tm
}

// Type-ahead is never taken by the fix line: keys typed before it is drawn
// belong to the next prompt, as typed (issue 18, item 1).
func TestTypeAheadIsNeverTakenByTheFixLine(t *testing.T) {
	t.Run("enter-enter in one burst", func(t *testing.T) {
		tm := lateFailSession(t)
		tm.Type("late\r\r")
		tm.WaitCount("▌", 3) // the first prompt, late's, and the empty line's
		tm.Line("echo next-$((1+1))")
		tm.WaitText("\nnext-2\n")
		if s := tm.Screen(); strings.Contains(s, "FIXRAN-42") {
			t.Fatalf("a typed-ahead Enter ran the fix:\n%s", s)
		}
	})
	t.Run("a line typed while the command runs", func(t *testing.T) {
		tm := lateFailSession(t)
		tm.Type("late\r")
		tm.WaitText("▌ late")
		tm.Type("echo ahead-$((2+3))\r") // starts with e: [e] edit
		tm.WaitText("\nahead-5\n")
		if s := tm.Screen(); strings.Contains(s, "FIXRAN-42") || strings.Contains(s, "(edit)") || strings.Contains(s, "$((6*7))echo") {
			t.Fatalf("typed-ahead keys answered the fix line:\n%s", s)
		}
	})
	t.Run("a key after the line is drawn answers it", func(t *testing.T) {
		tm := lateFailSession(t)
		tm.Type("late\r")
		tm.WaitText("[Enter] run")
		tm.Type("\r")
		tm.WaitText("\nFIXRAN-42\n")
	})
}
