package history

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// writeFile writes n entries in the history format.
func writeFile(t *testing.T, path string, n int) {
	t.Helper()
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "%d\t1\t0\tother\t/home/u\tcmd %d\n", 1_700_000_000_000+int64(i), i)
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
}

// waitFor polls cond (the store's background work has no other signal);
// it fails the test after a generous bound rather than sleeping a guess.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not after 10 s", what)
		}
		time.Sleep(time.Millisecond)
	}
}

// OpenDeferred reads nothing until Start or a use; each use starts the load.
func TestOpenDeferred(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		use  func(*Store)
	}{
		{"Start", func(s *Store) { s.Start() }},
		{"Loaded", func(s *Store) { s.Loaded() }},
		{"Suggest", func(s *Store) { s.Suggest("cmd", "") }},
		{"Append", func(s *Store) { _ = s.Append(Entry{Command: "new"}) }},
		{"Refresh", func(s *Store) { _ = s.Refresh() }},
		{"readline", func(s *Store) { s.Readline().Len() }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			path := filepath.Join(t.TempDir(), "history")
			writeFile(t, path, 100)
			s, err := OpenDeferred(path, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			s.mu.Lock()
			off := s.off
			s.mu.Unlock()
			if off != 0 || s.Len() != 0 {
				t.Fatalf("read %d bytes, %d entries before any use", off, s.Len())
			}
			tc.use(s)
			<-s.Loaded()
			if s.Len() < 100 {
				t.Fatalf("Len = %d after the load, want ≥ 100", s.Len())
			}
		})
	}
}

// A store closed before its load started never starts it.
func TestOpenDeferredClosed(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "history")
	writeFile(t, path, 10)
	s, err := OpenDeferred(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s.Start()
	if s.Len() != 0 {
		t.Fatalf("Len = %d after Close", s.Len())
	}
}

// The prefix index is built on the first Suggest or Next, not by the load.
func TestIndexBuiltOnFirstUse(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		use  func(*Store)
	}{
		{"Suggest", func(s *Store) { s.Suggest("cmd 1", "") }},
		{"NextAfter", func(s *Store) { s.NextAfter("cmd 1", "") }},
		{"Next", func(s *Store) {
			_ = s.Append(Entry{Command: "cmd 3"})
			s.Next("")
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			path := filepath.Join(t.TempDir(), "history")
			writeFile(t, path, 5000)
			s := open(t, path)
			if s.view.Load().idx != nil {
				t.Fatal("the index was built before anything asked for it")
			}
			tc.use(s)
			waitFor(t, "the index", func() bool { return s.view.Load().idx != nil })
			if got, _ := s.Suggest("cmd 499", ""); !strings.HasPrefix(got, "cmd 499") {
				t.Fatalf("Suggest(cmd 499) = %q", got)
			}
		})
	}
}

// Commands appended one by one share text blocks: no allocation per entry.
func TestAppendSharesTextBlocks(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "history")
	writeFile(t, path, 1000)
	s := open(t, path)
	const n = 200
	for i := range n {
		if err := s.Append(Entry{Command: fmt.Sprintf("appended %d", i)}); err != nil {
			t.Fatal(err)
		}
	}
	v := s.view.Load()
	if len(v.recs) != 1000+n || len(v.blocks) != 2 {
		t.Fatalf("%d entries, %d text blocks (the loaded file's and the appended commands'); want %d entries, 2 blocks", len(v.recs), len(v.blocks), 1000+n)
	}
	for i := range n {
		if got := v.cmd(1000 + i); got != fmt.Sprintf("appended %d", i) {
			t.Fatalf("entry %d = %q", 1000+i, got)
		}
	}
}

// A file larger than the load's chunk, with a line longer than it, loads
// whole and in order.
func TestLoadInChunks(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "history")
	long := "echo " + strings.Repeat("x", 3*loadChunk/2)
	var b strings.Builder
	const n = 60_000 // about 3 chunks
	for i := range n {
		cmd := fmt.Sprintf("cmd %d", i)
		if i == n/2 {
			cmd = long
		}
		fmt.Fprintf(&b, "%d\t1\t0\tother\t/home/u\t%s\n", 1_700_000_000_000+int64(i), cmd)
	}
	b.WriteString("1700000000000\t1\t0\tother\t/home/u\tpartial, no newline")
	if err := os.WriteFile(path, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	s := open(t, path)
	if s.Len() != n {
		t.Fatalf("Len = %d, want %d", s.Len(), n)
	}
	for _, i := range []int{0, 1, n/2 - 1, n/2 + 1, n - 1} {
		if got, want := s.At(i).Command, fmt.Sprintf("cmd %d", i); got != want {
			t.Fatalf("At(%d) = %q, want %q", i, got, want)
		}
	}
	if got := s.At(n / 2).Command; got != long {
		t.Fatalf("the long line came back as %d bytes, want %d", len(got), len(long))
	}
	if d := s.Damaged(); d != 0 {
		t.Fatalf("%d damaged lines", d)
	}
	if cap(s.view.Load().recs) != n { // the lines counted
		t.Errorf("records allocated for %d entries, want %d (one allocation)", cap(s.view.Load().recs), n)
	}
}
