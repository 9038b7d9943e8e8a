package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lacy-sh/lacy/agents/llmtest"
)

// context.output = true: the agent gets the last command's output tail,
// standard output and error in the order written (and the screen shows
// that order); a line starting with a space is neither captured nor kept
// in history; /private pauses both.
func TestOutputCapture(t *testing.T) {
	srv := llmtest.New(t)
	srv.Push(llmtest.Reply{Text: "reply-one"}, llmtest.Reply{Text: "reply-two"}, llmtest.Reply{Text: "reply-three"}, llmtest.Reply{Text: "reply-four"})
	files := agentConfig(srv)
	files[".lacyrc.lua"] += `lacy.config{ context = { output = true } }` + "\n"
	tm, home := start(t, files)

	tm.Line("echo out-1; echo err-2 >&2; printf '\\033[31mout-3\\033[0m\\n'; ls -d /nonexistent-capture 2>&1 | cat; echo out-5")
	screen := tm.WaitText("out-5")
	if i, j, k := strings.Index(screen, "out-1"), strings.Index(screen, "err-2"), strings.Index(screen, "out-3"); !(i >= 0 && i < j && j < k) {
		t.Fatalf("output out of order on the screen:\n%s", screen)
	}
	tm.Line("@what happened?")
	tm.WaitText("reply-one")
	sys := srv.Last(t).System
	if !strings.Contains(sys, "the last command's output (echo out-1;") ||
		!strings.Contains(sys, "  out-1\n  err-2\n  out-3\n") || strings.Contains(sys, "\x1b[31m") || !strings.Contains(sys, "out-5") {
		t.Fatalf("output tail not sent in order, cleaned:\n%s", sys)
	}
	tm.Line("/context")
	tm.WaitText("command output: the last command's")

	// A program alternating between its two streams: one pty, one order.
	// (sh itself is a terminal program: it keeps the real terminal.)
	tm.Line(`awk 'BEGIN { for (i = 1; i <= 6; i++) { print "ord-o" i; fflush(); print "ord-e" i > "/dev/stderr"; fflush("/dev/stderr") } }'`)
	screen = tm.WaitText("ord-e6")
	want := "ord-o1\nord-e1\nord-o2\nord-e2\nord-o3\nord-e3\nord-o4\nord-e4\nord-o5\nord-e5\nord-o6\nord-e6"
	if !strings.Contains(screen, want) {
		t.Fatalf("stdout and stderr interleaved out of order:\n%s", screen)
	}
	tm.Line("@and this one?")
	tm.WaitText("reply-two")
	if sys := srv.Last(t).System; !strings.Contains(sys, strings.ReplaceAll("  "+want, "\n", "\n  ")) {
		t.Fatalf("the agent got another order:\n%s", sys)
	}

	// A line starting with a space: not captured, not in history.
	tm.Line(" echo private-line-$((6*7))")
	tm.WaitText("private-line-42")
	tm.Line("@and now?")
	tm.WaitText("reply-three")
	if sys := srv.Last(t).System; strings.Contains(sys, "private-line") || strings.Contains(sys, "the last command's output") {
		t.Fatalf("a private line reached the model, or an older output stood for it:\n%s", sys)
	}

	// /private pauses capture and history for the session.
	tm.Line("/private")
	tm.WaitText("history and output capture are paused")
	tm.WaitText("lacy (private) ~")
	tm.Line("echo paused-$((1+1))")
	tm.WaitText("paused-2")
	tm.Line("@still there?")
	tm.WaitText("reply-four")
	if sys := srv.Last(t).System; strings.Contains(sys, "paused-") {
		t.Fatalf("output captured while private:\n%s", sys)
	}
	tm.Line("/private")
	tm.WaitText("private off")
	tm.Line("echo public-again")
	tm.WaitCount("public-again", 2)

	b, err := os.ReadFile(filepath.Join(home, ".local", "state", "lacy", "history"))
	if err != nil {
		t.Fatal(err)
	}
	hist := string(b)
	if !strings.Contains(hist, "echo out-1") || !strings.Contains(hist, "public-again") || strings.Contains(hist, "private-line") || strings.Contains(hist, "paused-") {
		t.Fatalf("history:\n%s", hist)
	}
}
