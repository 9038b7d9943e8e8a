package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/lacy-sh/lacy/internal/ptytest"
)

// startTyping starts lacy in a home holding files and returns at once,
// before its first prompt: what the test types then is typeahead.
func startTyping(t *testing.T, files map[string]string) *ptytest.Term {
	t.Helper()
	if testing.Short() {
		t.Skip("end-to-end")
	}
	bin := ptytest.Binary(t)
	home := homeWith(t, files, 0o644)
	return ptytest.Start(t, ptytest.Env(home), home, bin)
}

// A line typed before the first prompt is drawn (while the classifier's
// word lists, the PATH index and the history still load) runs once the
// prompt is up, routed to the shell, and the next prompt follows.
func TestTypeaheadBeforeFirstPrompt(t *testing.T) {
	tm := startTyping(t, nil)
	tm.Line("echo typed-$((2+3))")
	tm.WaitText("typed-5")
	tm.Line("echo second-$((3+4))")
	tm.WaitText("second-7")
}

// Tab at the first prompt completes a function the start-up file defined
// (the names are ready with the prompt), and Enter runs the completed line.
func TestTabAtFirstPrompt(t *testing.T) {
	tm := startTyping(t, map[string]string{".lacyrc": "zzfirstfn() { echo \"fn-ran-$1\"; }\n"})
	tm.WaitText("▌")
	tm.Type("zzfirstf\t")
	tm.WaitText("▌ zzfirstfn")
	tm.Line(" x")
	tm.WaitText("fn-ran-x")
}

// Ctrl-C at the first prompt drops the line typed so far, as later; the
// shell keeps reading.
func TestCtrlCAtFirstPrompt(t *testing.T) {
	tm := startTyping(t, nil)
	tm.WaitText("▌")
	tm.Type("echo dropped-line\x03")
	tm.Line("echo kept-$((1+1))")
	screen := tm.WaitText("kept-2")
	if containsLine(screen, "dropped-line") {
		t.Fatalf("the line before Ctrl-C ran:\n%s", screen)
	}
}

// containsLine reports whether a screen line is exactly s (the output of
// a command, not the command echoed after the prompt).
func containsLine(screen, s string) bool {
	for _, l := range strings.Split(screen, "\n") {
		if strings.TrimRight(l, " ") == s {
			return true
		}
	}
	return false
}

// A declaration runs without waiting for the stderr tap after it, but what
// it prints (here set -x's trace) is still on the screen before the next
// prompt: the tap is drained once at the end of the line.
func TestTracedDeclarationsLandBeforeThePrompt(t *testing.T) {
	tm, _ := start(t, nil)
	tm.Line("set -x")
	tm.Line("DECL_X=1; DECL_Y=2")
	tm.WaitFor("both traces, then the next prompt", 20*time.Second, func(screen string) bool {
		var lines []string
		for _, l := range strings.Split(screen, "\n") {
			if l = strings.TrimRight(l, " "); l != "" {
				lines = append(lines, l)
			}
		}
		// Both traces at the start of their own lines, and a prompt after
		// them: drawn before them, the prompt would hold the first. (What
		// lacy's own bookkeeping after the line traces, + HISTCMD=…, may
		// come before or after that prompt: it is not the line's.)
		for i := 1; i < len(lines); i++ {
			if strings.HasPrefix(lines[i-1], "+ DECL_X=1") && strings.HasPrefix(lines[i], "+ DECL_Y=2") {
				for _, l := range lines[i+1:] {
					if strings.HasPrefix(l, "lacy ~ ▌") {
						return true
					}
				}
			}
		}
		return false
	})
}
