package names

import (
	"os"
	"runtime"
	"testing"
	"time"
)

// BenchmarkPathIndex measures indexing this machine's PATH (what the
// first keystroke may wait for) and reports what the index keeps per name.
func BenchmarkPathIndex(b *testing.B) {
	path := os.Getenv("PATH")
	var m0, m1 runtime.MemStats
	var s *pathSnap
	b.ReportAllocs()
	for b.Loop() {
		runtime.GC()
		runtime.ReadMemStats(&m0)
		s = buildSnap(path, nil, time.Now())
		runtime.GC()
		runtime.ReadMemStats(&m1)
	}
	if n := len(s.sorted); n > 0 {
		b.ReportMetric(float64(m1.HeapAlloc-m0.HeapAlloc)/float64(n), "B/name")
		b.ReportMetric(float64(n), "names")
	}
	runtime.KeepAlive(s)
}

// BenchmarkPathHas is a lookup, as classifying a typed word does.
func BenchmarkPathHas(b *testing.B) {
	p := NewPathIndex(os.Getenv("PATH"))
	p.Len()
	b.ReportAllocs()
	for b.Loop() {
		p.Has("ls")
		p.Has("zzznotacommand")
	}
}
