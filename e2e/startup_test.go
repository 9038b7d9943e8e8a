package e2e

import (
	"fmt"
	"os"
	"runtime"
	"strconv"
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

// An idle shell with a 200k-entry history holds its entries and their
// prefix index compactly (docs/performance.md, Memory): after a command
// (whose empty prompt builds the index), its anonymous memory (the Go
// heap, stacks and runtime structures, not the binary's pages) settles
// under 14 MB once the garbage of the load and of the index build is
// returned; it is 11.6–12.3 MB here, and was 18.5 MB with a string and a
// 40-byte record per entry and an index that kept its scratch.
func TestIdleMemoryWithLargeHistory(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads /proc")
	}
	var b strings.Builder
	cmds := []string{"git status", "ls -la", "cd src", "go test ./...", "make build", "vim main.go", "docker ps", "kubectl get pods -A"}
	at := time.Now().Add(-200_000 * time.Second).UnixMilli()
	for i := range 200_000 {
		fmt.Fprintf(&b, "%d\t12\t0\tbench\t/home/u\t%s %d\n", at+int64(i)*1000, cmds[i%len(cmds)], i%977)
	}
	tm, _ := start(t, map[string]string{".local/state/lacy/history": b.String()})
	tm.Line("history 2 | head -n 1") // waits for the load
	tm.WaitText("200000  kubectl get pods -A 691")
	const limitKB = 14 << 10
	path := fmt.Sprintf("/proc/%d/status", tm.Pid())
	anon := 0
	deadline := time.Now().Add(15 * time.Second)
	for {
		st, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(string(st), "\n") {
			if v, ok := strings.CutPrefix(l, "RssAnon:"); ok {
				anon, _ = strconv.Atoi(strings.Fields(v)[0])
			}
		}
		if anon <= limitKB {
			t.Logf("idle with 200k history entries: %d kB of anonymous memory", anon)
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("idle with 200k history entries: %d kB of anonymous memory, want ≤ %d", anon, limitKB)
		}
		time.Sleep(50 * time.Millisecond) // polling /proc: the garbage is returned a second after the load
	}
}
