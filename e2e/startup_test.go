package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// A large history loads after the first prompt, and its prefix index is
// built on the first ghost text (docs/performance.md): the history builtin
// and ↑ find the newest entry, and an entry older than the newest 50k
// (beyond the scan that serves keystrokes until the index exists) is
// suggested once the index is built.
func TestLargeHistoryLoadsAfterFirstPrompt(t *testing.T) {
	var b strings.Builder
	at := time.Now().Add(-24 * time.Hour).UnixMilli()
	fmt.Fprintf(&b, "%d\t1\t0\told\t/x\tzz-oldest-unique cmd\n", at)
	for i := 1; i < 60_000; i++ {
		fmt.Fprintf(&b, "%d\t1\t0\told\t/x\techo filler %d\n", at+int64(i), i)
	}
	fmt.Fprintf(&b, "%d\t1\t0\told\t/x\techo newest-entry\n", at+60_000)
	tm, _ := start(t, map[string]string{".local/state/lacy/history": b.String()})

	// The history builtin waits for the load (↑ waits at most
	// history.LoadWait, which a loaded machine can exceed).
	tm.Line("history 2 | head -n 1") // the last is this line itself, as in bash
	tm.WaitText("60001  echo newest-entry")
	tm.Type("\x1b[A\x1b[A")
	tm.WaitText("▌ echo newest-entry")
	tm.Type("\x15zz-old")
	tm.WaitText("▌ zz-old")
	polls := 0
	tm.WaitFor("the oldest entry as ghost text", 20*time.Second, func(s string) bool {
		if strings.Contains(s, "▌ zz-oldest-unique cmd") {
			return true
		}
		// Ghost text is asked for on a keystroke: retype the last
		// character now and then until the index answers.
		if polls++; polls%10 == 0 {
			tm.Type("\x7fd")
		}
		return false
	})
}
