package history

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// writeSynthetic writes n plausible entries: a few hundred frequent
// commands, many unique ones, a few dozen directories.
func writeSynthetic(tb testing.TB, path string, n int) {
	tb.Helper()
	r := rand.New(rand.NewPCG(7, 7))
	verbs := []string{"git status", "git commit -m", "git push", "go test", "ls -la", "cd", "make", "vim", "grep -rn", "docker run --rm -it", "kubectl get pods -n", "ssh", "cat", "find . -name"}
	var b []byte
	t0 := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range n {
		cmd := verbs[r.IntN(len(verbs))]
		if r.IntN(3) > 0 {
			cmd = fmt.Sprintf("%s arg%d/file%d.go", cmd, r.IntN(500), r.IntN(1000))
		}
		e := Entry{
			Command:  cmd,
			Time:     t0.Add(time.Duration(i) * time.Minute),
			Cwd:      fmt.Sprintf("/home/user/src/project%d", r.IntN(40)),
			Exit:     r.IntN(3) / 2,
			Duration: time.Duration(r.IntN(5000)) * time.Millisecond,
			Session:  fmt.Sprintf("s%d", i/300),
		}
		b = appendEntry(b, &e)
	}
	if err := os.WriteFile(path, b, 0o600); err != nil {
		tb.Fatal(err)
	}
}

// BenchmarkHistoryLoad measures Open until Loaded: the time before ↑ sees
// the whole file.
func BenchmarkHistoryLoad(b *testing.B) {
	path := filepath.Join(b.TempDir(), "history")
	writeSynthetic(b, path, 200_000)
	b.ReportAllocs()
	for b.Loop() {
		s, err := Open(path, nil)
		if err != nil {
			b.Fatal(err)
		}
		<-s.Loaded()
		if s.Len() != 200_000 {
			b.Fatal(s.Len())
		}
		b.StopTimer()
		s.Close() // the index waits for the first Suggest: BenchmarkHistoryIndex
		b.StartTimer()
	}
}

// BenchmarkHistoryIndex measures the background prefix index build.
func BenchmarkHistoryIndex(b *testing.B) {
	path := filepath.Join(b.TempDir(), "history")
	writeSynthetic(b, path, 200_000)
	s := open(b, path)
	v := s.view.Load()
	b.ReportAllocs()
	for b.Loop() {
		buildIndex(v)
	}
}

func BenchmarkHistorySuggest(b *testing.B) {
	path := filepath.Join(b.TempDir(), "history")
	writeSynthetic(b, path, 200_000)
	s := open(b, path)
	waitIndexed(s)
	// Entries past the index, as after a long session.
	for i := range rebuildAfter - 1 {
		s.mu.Lock()
		v := *s.view.Load()
		id, _ := s.text.add(&v, fmt.Appendf(nil, "echo recent %d", i), minTextBlock)
		v.recs = append(v.recs, record{cmd: id})
		s.view.Store(&v)
		s.mu.Unlock()
	}
	for _, bc := range []struct{ name, prefix, cwd string }{
		{"common", "g", ""},
		{"longer", "git commit -m arg4", ""},
		{"nomatch", "zzz", ""},
		{"cwd", "git p", "/home/user/src/project3"},
		{"cwd-nomatch", "zzz", "/home/user/src/project3"},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				s.Suggest(bc.prefix, bc.cwd)
			}
		})
	}
}

func BenchmarkHistoryAppend(b *testing.B) {
	s := open(b, filepath.Join(b.TempDir(), "history"))
	e := Entry{Cwd: "/home/user", Duration: time.Millisecond}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		i++
		e.Command = fmt.Sprintf("echo %d", i)
		if err := s.Append(e); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkHistoryOpen measures what Open costs the caller at startup. It
// reads nothing, so the file's size does not matter; a small one keeps the
// background load (waited for by Close, outside the timer) short.
func BenchmarkHistoryOpen(b *testing.B) {
	path := filepath.Join(b.TempDir(), "history")
	writeSynthetic(b, path, 100)
	b.ReportAllocs()
	for b.Loop() {
		s, err := Open(path, nil)
		if err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		s.Close()
		b.StartTimer()
	}
}

// BenchmarkHistorySuggestUnindexed measures Suggest in the moments between
// the load and the first index build: a linear scan.
func BenchmarkHistorySuggestUnindexed(b *testing.B) {
	path := filepath.Join(b.TempDir(), "history")
	writeSynthetic(b, path, 200_000)
	s := open(b, path)
	waitIndexed(s)
	s.mu.Lock()
	v := *s.view.Load()
	v.idx = nil
	s.view.Store(&v)
	s.mu.Unlock()
	b.ReportAllocs()
	for b.Loop() {
		s.Suggest("zzz", "")
	}
}

// waitIndexed asks for the index (as the first Suggest does) and waits for
// the background build.
func waitIndexed(s *Store) {
	s.wantIndex()
	for {
		s.mu.Lock()
		done := s.view.Load().idx != nil && !s.building
		s.mu.Unlock()
		if done {
			return
		}
		time.Sleep(time.Millisecond)
	}
}
