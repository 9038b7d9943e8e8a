package history

import (
	"path/filepath"
	"testing"
	"time"
)

func TestNext(t *testing.T) {
	for _, indexed := range []bool{false, true} {
		s := open(t, filepath.Join(t.TempDir(), "history"))
		add := func(cmd, cwd, sess string) {
			t.Helper()
			if err := s.Append(Entry{Command: cmd, Cwd: cwd, Session: sess, Time: time.Now()}); err != nil {
				t.Fatal(err)
			}
		}
		if _, ok := s.Next("/p"); ok {
			t.Fatal("a session that ran nothing has no prediction")
		}
		// Elsewhere, git add -A was mostly followed by git status.
		for range 3 {
			add("git add -A", "/q", "old")
			add("git status", "/q", "old")
		}
		// In /p, by git commit; another session's entries interleave.
		for range 2 {
			add("git add -A", "/p", "old")
			add("ls", "/p", "other")
			add("git commit", "/p", "old")
		}
		add("echo step-one", "/p", "old")
		add("echo step-two", "/p", "old")
		if indexed {
			indexAll(s)
		}
		add("git add -A", "/p", "") // this session
		if got, ok := s.Next("/p"); !ok || got != "git commit" {
			t.Errorf("indexed=%v: in /p, Next = %q %v, want git commit", indexed, got, ok)
		}
		if got, ok := s.Next("/q"); !ok || got != "git status" {
			t.Errorf("indexed=%v: in /q, Next = %q %v, want git status", indexed, got, ok)
		}
		if got, ok := s.Next("/elsewhere"); !ok || got != "git status" {
			t.Errorf("indexed=%v: elsewhere, Next = %q %v, want the most frequent: git status", indexed, got, ok)
		}
		add("echo step-one", "/p", "")
		if got, ok := s.Next("/p"); !ok || got != "echo step-two" {
			t.Errorf("indexed=%v: Next = %q %v, want echo step-two", indexed, got, ok)
		}
		add("never-before", "/p", "")
		if got, ok := s.Next("/p"); ok {
			t.Errorf("indexed=%v: nothing ever followed never-before, got %q", indexed, got)
		}
	}
}

// BenchmarkPredictHistory measures the history predictions at 200k
// entries: the ghost text for a typed prefix (Suggest) and for an empty
// prompt (Next, after a frequent command).
func BenchmarkPredictHistory(b *testing.B) {
	path := filepath.Join(b.TempDir(), "history")
	writeSynthetic(b, path, 200_000)
	s := open(b, path)
	waitIndexed(s)
	b.Run("prefix", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			s.Suggest("git commit -m arg4", "/home/user/src/project3")
		}
	})
	for _, prev := range []string{"git status", "ls -la arg7/file12.go"} {
		b.Run("next/"+prev, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				s.NextAfter(prev, "/home/user/src/project3")
			}
		})
	}
}

// Suggest ranks by frequency and recency: a command run often recently
// beats a newer one run once; a burst long ago loses to the recent one.
func TestSuggestRanksByFrequencyAndRecency(t *testing.T) {
	s := open(t, filepath.Join(t.TempDir(), "history"))
	add := func(cmds ...string) {
		t.Helper()
		for _, cmd := range cmds {
			if err := s.Append(Entry{Command: cmd, Cwd: "/p"}); err != nil {
				t.Fatal(err)
			}
		}
	}
	for range 5 { // long ago
		add("make release", "ls")
	}
	for range 6 * halfLife {
		add("filler a", "filler b")
	}
	for range 3 {
		add("make build", "ls")
	}
	add("make clean")
	for _, indexed := range []bool{false, true} {
		if indexed {
			indexAll(s)
		}
		if got, _ := s.Suggest("make ", "/p"); got != "make build" {
			t.Errorf("indexed=%v: Suggest = %q, want make build", indexed, got)
		}
	}
}
