package starttrace

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func reset() { on, out, process, pid, line = false, nil, "", "", nil }

// Unset, nothing is recorded and nothing is written.
func TestOff(t *testing.T) {
	reset()
	t.Setenv(EnvFile, "")
	Begin("lacy")
	Mark("phase")
	Done()
	if On() {
		t.Fatal("On() with LACY_TRACE_STARTUP unset")
	}
}

// Set, each mark is a line PID, offset, CPU, process, phase, offsets
// counted from LACY_TRACE_STARTUP_T0, and nothing after Done.
func TestMarks(t *testing.T) {
	reset()
	file := filepath.Join(t.TempDir(), "trace.tsv")
	t.Setenv(EnvFile, file)
	t.Setenv(EnvT0, "1") // 1970: every offset is huge and positive
	Begin("lacy")
	Mark("prompt")
	Done()
	Mark("after done")
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) != 2 {
		t.Fatalf("want 2 lines (main, prompt), got %q", lines)
	}
	for i, want := range []string{"main", "prompt"} {
		f := strings.Split(lines[i], "\t")
		if len(f) != 5 || f[3] != "lacy" || f[4] != want || strings.HasPrefix(f[1], "-") {
			t.Errorf("line %d = %q, want PID, offset, CPU, lacy, %s", i, lines[i], want)
		}
	}
}

// Without a start from the harness, the start is estimated and passed on
// to the program this one execs.
func TestEstimatedStart(t *testing.T) {
	reset()
	file := filepath.Join(t.TempDir(), "trace.tsv")
	t.Setenv(EnvFile, file)
	t.Setenv(EnvT0, "")
	Begin("lacy")
	Done()
	if os.Getenv(EnvT0) == "" {
		t.Fatal("LACY_TRACE_STARTUP_T0 not set for the next program")
	}
	data, _ := os.ReadFile(file)
	if !strings.Contains(string(data), "start (estimated") {
		t.Fatalf("no estimated start line in %q", data)
	}
}
