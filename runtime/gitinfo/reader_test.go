package gitinfo

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// fakeGit writes a git that logs its arguments and GIT_OPTIONAL_LOCKS to
// dir/log, and "TERM" when it gets SIGTERM. It sleeps until killed when
// called with a file named slow in the work tree, else prints out.
func fakeGit(t *testing.T, out string) (git, dir string) {
	t.Helper()
	dir = t.TempDir()
	git = filepath.Join(dir, "git")
	script := `#!/bin/sh
echo "args=$* locks=$GIT_OPTIONAL_LOCKS" >> "` + dir + `/log"
if [ -e slow ]; then
  trap 'echo TERM >> "` + dir + `/log"; exit 143' TERM
  while :; do sleep 0.05; done
fi
printf '%s' '` + out + `'
`
	if err := os.WriteFile(git, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return git, dir
}

func readLog(t *testing.T, dir string) string {
	b, _ := os.ReadFile(filepath.Join(dir, "log"))
	return string(b)
}

func waitLog(t *testing.T, dir, want string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(readLog(t, dir), want) {
		if time.Now().After(deadline) {
			t.Fatalf("log never had %q: %q", want, readLog(t, dir))
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func TestReaderState(t *testing.T) {
	git, dir := fakeGit(t, "## main...origin/main [ahead 1]\n M a.go\n")
	r := &Reader{Git: git, Timeout: 10 * time.Second}
	st, ok := r.State(context.Background(), dir)
	if !ok || st.Branch != "main" || !st.Dirty {
		t.Fatalf("State = %+v, %v", st, ok)
	}
	if l := readLog(t, dir); !strings.Contains(l, "args=--no-optional-locks status") || !strings.Contains(l, "locks=0") {
		t.Fatalf("git ran without optional locks off: %q", l)
	}
}

func TestParseStatus(t *testing.T) {
	tests := []struct {
		out  string
		want State
		ok   bool
	}{
		{"## main\n", State{Branch: "main"}, true},
		{"## No commits yet on dev\n", State{Branch: "dev"}, true},
		{"## feature/x...origin/feature/x\n?? y\n M z\n", State{Branch: "feature/x", Dirty: true}, true},
		{"## HEAD (no branch)\n", State{}, true},
		{"fatal: not a git repository", State{}, false},
	}
	for _, tt := range tests {
		got, ok := parseStatus([]byte(tt.out))
		if got != tt.want || ok != tt.ok {
			t.Errorf("parseStatus(%q) = %+v, %v; want %+v, %v", tt.out, got, ok, tt.want, tt.ok)
		}
	}
}

// A slow git gets SIGTERM, never SIGKILL, and the read answers at once.
func TestReaderTerminatesSlowGit(t *testing.T) {
	git, dir := fakeGit(t, "")
	if err := os.WriteFile(filepath.Join(dir, "slow"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	r := &Reader{Git: git, Timeout: 300 * time.Millisecond}
	if _, ok := r.State(context.Background(), dir); ok {
		t.Fatal("a git that never answers gave a state")
	}
	waitLog(t, dir, "TERM")
}

// No git starts while the user's command runs: while Busy says so, or
// between Hold and Release; Hold ends a running read with SIGTERM.
func TestReaderStaysAwayFromTheUsersGit(t *testing.T) {
	git, dir := fakeGit(t, "## main\n")
	busy := true
	r := &Reader{Git: git, Timeout: 10 * time.Second, Busy: func() bool { return busy }}
	if _, ok := r.State(context.Background(), dir); ok || readLog(t, dir) != "" {
		t.Fatalf("git ran while the user's git was busy: %q", readLog(t, dir))
	}
	busy = false
	r.Hold(time.Second)
	if _, ok := r.State(context.Background(), dir); ok || readLog(t, dir) != "" {
		t.Fatalf("git ran during a hold: %q", readLog(t, dir))
	}
	r.Release()
	if _, ok := r.State(context.Background(), dir); !ok {
		t.Fatal("no state after Release")
	}

	if err := os.WriteFile(filepath.Join(dir, "slow"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	done := make(chan bool)
	go func() { _, ok := r.State(context.Background(), dir); done <- ok }()
	waitLog(t, dir, "args=--no-optional-locks status --porcelain=v1 --branch --untracked-files=no locks=0\nargs=")
	r.Hold(10 * time.Second)
	defer r.Release()
	if !strings.Contains(readLog(t, dir), "TERM") {
		t.Fatalf("Hold returned before the running git ended: %q", readLog(t, dir))
	}
	if <-done {
		t.Fatal("a read ended by Hold gave a state")
	}
}
