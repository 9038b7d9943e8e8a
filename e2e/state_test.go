package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/lacy-sh/lacy/internal/ptytest"
	"github.com/lacy-sh/lacy/internal/testfs"
)

// With no HOME, lacy says once that nothing is saved and writes nothing in
// the working directory (it used to create .local/state there).
func TestNoHomeWritesNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end")
	}
	dir := t.TempDir()
	env := []string{"PATH=" + os.Getenv("PATH"), "TERM=xterm-256color", "LANG=C.UTF-8", "INPUTRC=/dev/null"}
	tm := ptytest.Start(t, env, dir, ptytest.Binary(t))
	tm.WaitText("history and settings are not saved")
	tm.Line("echo no-home")
	tm.WaitText("\nno-home\n")
	tm.Line("/mode shell")
	tm.Line("exit")
	tm.Wait(5 * time.Second)
	if entries, _ := os.ReadDir(dir); len(entries) > 0 {
		t.Fatalf("lacy wrote into the working directory without a HOME: %v", entries)
	}
}

// A full state filesystem is reported once, and the shell works on.
func TestFullStateDiskIsReportedOnce(t *testing.T) {
	small := testfs.Small(t, "64k")
	tm, _ := start(t, nil, "XDG_STATE_HOME="+small)
	tm.Line("echo before-full")
	tm.WaitText("\nbefore-full\n")
	testfs.Fill(t, small, 0)
	pad := ": " + strings.Repeat("x", 2000) + "; " // entries longer than the page the history file has
	for _, w := range []string{"one", "two", "three"} {
		tm.Line(pad + "echo full-" + w)
		tm.WaitText("\nfull-" + w + "\n")
	}
	s := string(tm.Raw()) // the long lines scroll it off the screen
	msg := "lacy: history: " + filepath.Join(small, "lacy", "history") + ": no space left on device"
	if n := strings.Count(s, msg); n != 1 {
		t.Fatalf("want the full disk said once (%q), got %d times:\n%s", msg, n, tm.Screen())
	}
}

// SIGHUP (the terminal closed) hangs up background jobs and exits 129.
func TestHangupHangsUpJobs(t *testing.T) {
	tm, _ := start(t, nil)
	marker := fmt.Sprintf("%d", 100000+time.Now().UnixNano()%800000)
	tm.Line("sleep " + marker + " &")
	tm.WaitText("[1]")
	tm.Line("sleep 1" + marker + " &")
	m := regexp.MustCompile(`\[2\] (\d+)`).FindStringSubmatch(tm.WaitText("[2]"))
	if m == nil {
		t.Fatalf("no PID for job 2:\n%s", tm.Screen())
	}
	tm.Line("kill -STOP %2") // a stopped job must be woken to see the hang-up
	waitState(t, m[1], 'T')
	if err := tm.Signal(syscall.SIGHUP); err != nil {
		t.Fatal(err)
	}
	if code := tm.Wait(5 * time.Second); code != 129 {
		t.Fatalf("exit status after SIGHUP = %d, want 129", code)
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		out, _ := exec.Command("pgrep", "-f", "sleep 1?"+marker).Output()
		if len(out) == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("jobs still running after SIGHUP: %s", out)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// A huge Lua config (gopher-lua compiles it in quadratic time) is refused in
// one line and the shell starts at once.
func TestHugeConfigDoesNotHangStartup(t *testing.T) {
	var b strings.Builder
	b.WriteString("local t = {\n")
	for i := 0; b.Len() < 2_400_000; i++ {
		fmt.Fprintf(&b, "  { name = \"item%d\", value = %d },\n", i, i)
	}
	b.WriteString("}\n")
	tm, _ := start(t, map[string]string{".lacyrc.lua": b.String()})
	tm.WaitText("lacy: ~/.lacyrc.lua: ")
	tm.WaitText("too large for a config file")
	tm.Line("echo still-a-shell")
	tm.WaitText("\nstill-a-shell\n")
}

// waitState waits until process pid is in state (as /proc/PID/stat says).
func waitState(t *testing.T, pid string, state byte) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		b, err := os.ReadFile("/proc/" + pid + "/stat")
		if i := strings.LastIndexByte(string(b), ')'); err == nil && i+2 < len(b) && b[i+2] == state {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("process %s never reached state %c (%s)", pid, state, b)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
