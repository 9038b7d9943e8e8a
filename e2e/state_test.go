package e2e

import (
	"os"
	"path/filepath"
	"strings"
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
