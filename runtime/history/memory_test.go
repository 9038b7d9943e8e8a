package history

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
	"unsafe"
)

// What a loaded history keeps in memory, per entry: the figure behind the
// idle RSS at 200k entries (docs/performance.md). Two files: the start-up
// table's (internal/benchstartup: eight commands with a number below 977,
// so 7,816 distinct ones, as a real history repeats itself) and
// writeSynthetic's (two thirds of its entries unique).

// writeBenchstartup writes the start-up table's 200k-entry history.
func writeBenchstartup(tb testing.TB, path string, n int) {
	tb.Helper()
	cmds := []string{"git status", "ls -la", "cd src", "go test ./...", "make build", "vim main.go", "docker ps", "kubectl get pods -A"}
	var b []byte
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC).Add(-time.Duration(n) * time.Second)
	for i := range n {
		b = fmt.Appendf(b, "%d\t12\t0\tbench\t/home/u\t%s %d\n", t0.Add(time.Duration(i)*time.Second).UnixMilli(), cmds[i%len(cmds)], i%977)
	}
	if err := os.WriteFile(path, b, 0o600); err != nil {
		tb.Fatal(err)
	}
}

// heapInUse returns the live heap after a collection.
func heapInUse() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// retained loads path and returns the store and the heap it keeps.
func retained(tb testing.TB, path string) (*Store, uint64) {
	before := heapInUse()
	s, err := Open(path, nil)
	if err != nil {
		tb.Fatal(err)
	}
	<-s.Loaded()
	s.Close() // waits for the loader
	after := heapInUse()
	runtime.KeepAlive(s)
	return s, after - before
}

// distinctText returns how many distinct commands there are and what their
// texts take.
func distinctText(s *Store) (distinct, bytes int) {
	seen := map[string]bool{}
	for _, e := range s.All() {
		if !seen[e.Command] {
			seen[e.Command] = true
			bytes += len(e.Command)
		}
	}
	return len(seen), bytes
}

// BenchmarkHistoryLoad200k reports what a loaded 200k-entry history keeps
// per entry (B/entry, after a collection) and the load's time.
func BenchmarkHistoryLoad200k(b *testing.B) {
	for _, f := range []struct {
		name  string
		write func(testing.TB, string, int)
	}{{"benchstartup", writeBenchstartup}, {"synthetic", writeSynthetic}} {
		b.Run(f.name, func(b *testing.B) {
			path := filepath.Join(b.TempDir(), "history")
			f.write(b, path, 200_000)
			var kept uint64
			for b.Loop() {
				var s *Store
				s, kept = retained(b, path)
				if s.Len() != 200_000 {
					b.Fatal(s.Len())
				}
			}
			b.ReportMetric(float64(kept)/200_000, "B/entry")
		})
	}
}

// A loaded entry keeps its 24-byte record and a share of the distinct
// commands' text, and little else: no string header, no allocation of its
// own.
func TestHistoryBytesPerEntry(t *testing.T) {
	if testing.Short() {
		t.Skip("writes and loads 200k entries")
	}
	if got := unsafe.Sizeof(record{}); got != 24 {
		t.Errorf("a record is %d bytes, want 24", got)
	}
	const n = 200_000
	for _, f := range []struct {
		name  string
		write func(testing.TB, string, int)
	}{{"benchstartup", writeBenchstartup}, {"synthetic", writeSynthetic}} {
		path := filepath.Join(t.TempDir(), "history")
		f.write(t, path, n)
		s, kept := retained(t, path)
		distinct, text := distinctText(s)
		// Records, the distinct texts and their ends (4 bytes each), and
		// 2 bytes per entry for the interned directories and sessions, the
		// blocks' rounding, the views and the collector's noise (a field
		// more in the record would be 8).
		budget := uint64(24*n + text + 4*distinct + 2*n)
		t.Logf("%s: %d bytes kept, %.1f per entry (%d of distinct text); budget %d", f.name, kept, float64(kept)/n, text, budget)
		if kept > budget {
			t.Errorf("%s: a loaded history keeps %d bytes (%.1f per entry), more than %d", f.name, kept, float64(kept)/n, budget)
		}
	}
}

// The prefix index keeps 4 bytes per entry (every record by command, for
// Next) and what its distinct commands and (directory, command) pairs
// need, not the scratch it was built in.
func TestIndexBytes(t *testing.T) {
	if testing.Short() {
		t.Skip("writes and loads 200k entries")
	}
	const n = 200_000
	path := filepath.Join(t.TempDir(), "history")
	writeBenchstartup(t, path, n)
	s := open(t, path)
	v := s.view.Load()
	before := heapInUse()
	x := buildIndex(v)
	kept := heapInUse() - before
	// all: 4n; per distinct command 4 (cmds) + 8 (score) + 4/32 (blocks),
	// the same per (directory, command) pair; dirAt per directory.
	budget := uint64(4*n + 13*len(x.cmds) + 13*len(x.dirs) + 4*len(x.dirAt) + 64<<10)
	t.Logf("index: %d bytes kept for %d entries, %d distinct commands; budget %d", kept, n, len(x.cmds), budget)
	if kept > budget {
		t.Errorf("the index keeps %d bytes, more than %d", kept, budget)
	}
	runtime.KeepAlive(x)
}

// A loaded file holds, entry for entry, what its valid lines say (the text
// space, interning and the packed records give every field back, numbers
// clamped to what a record holds), and the index built over it answers.
func FuzzLoad(f *testing.F) {
	f.Add([]byte("1700000000000\t12\t0\ts\t/home/u\tls -la\n1700000000001\t3\t1\ts\t/home/u\tls -la\n1\t2\t3\tt\t/\tls\n"))
	f.Add([]byte("-1\t-2\t-70000\t\t\tx\n999999999999999999\t99999999999\t70000\ta\tb\tx\n"))
	f.Add([]byte("1\t2\t3\ts\t/\tif x; then\\n  y\\nfi\n1\t2\t3\ts\t/\tbad \\q\nnot a line\n1\t2\t3\ts\t/\tif x; then\\n  y\\nfi\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(t.TempDir(), "history")
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		var want []Entry
		rest := data
		if i := bytes.LastIndexByte(rest, '\n'); i >= 0 {
			rest = rest[:i+1]
		} else {
			rest = nil // a partial line only
		}
		for line := range bytes.Lines(rest) {
			r, ok := decodeLine(bytes.TrimSuffix(line, []byte("\n")))
			if !ok {
				continue
			}
			rec := newRecord(r.timeMs, r.durMs, r.exit)
			want = append(want, Entry{
				Command:  unescape(r.command),
				Time:     entryTime(rec.timeMs()),
				Cwd:      unescape(r.cwd),
				Exit:     int(rec.exit),
				Duration: time.Duration(rec.durMs) * time.Millisecond,
				Session:  unescape(r.session),
			})
		}
		s := open(t, path)
		if s.Len() != len(want) {
			t.Fatalf("Len = %d, want %d", s.Len(), len(want))
		}
		for i, w := range want {
			if got := s.At(i); got != w {
				t.Fatalf("At(%d) = %+v, want %+v", i, got, w)
			}
		}
		indexAll(s)
		for _, w := range want {
			if len(w.Command) > 1 {
				if got, ok := s.Suggest(w.Command[:1], ""); !ok || !strings.HasPrefix(got, w.Command[:1]) {
					t.Fatalf("Suggest(%q) = %q, %v", w.Command[:1], got, ok)
				}
			}
		}
	})
}
