//go:build lacymemprofile

// Linked only into builds with the lacymemprofile tag
// (`go build -tags lacymemprofile ./cmd/lacy`), writes what an idle
// shell's memory is made of: with LACY_MEMPROFILE=PATH set, a heap profile
// to PATH and runtime.MemStats to PATH.txt, LACY_MEMPROFILE_DELAY (default
// 2s) after start. Read the profile with `go tool pprof -sample_index=
// inuse_space -top BINARY PATH`. Normal builds do not link it (pprof would
// add pages to the binary whose resident size it measures).
package memprofile

import (
	"fmt"
	"os"
	"runtime"
	"runtime/metrics"
	"runtime/pprof"
	"strconv"
	"strings"
	"syscall"
	"time"
)

func init() {
	path := os.Getenv("LACY_MEMPROFILE")
	if path == "" {
		return
	}
	// GODEBUG=memprofilerate=1 sees package initialisation's allocations too.
	delay := 2 * time.Second
	if d, err := time.ParseDuration(os.Getenv("LACY_MEMPROFILE_DELAY")); err == nil {
		delay = d
	}
	go func() {
		if os.Getenv("LACY_MEMPROFILE_DROP") != "" {
			// Unmap the binary's pages halfway, so the file-backed RSS
			// read at the end is what the idle shell touched since: the
			// pages stay in the page cache, a touch maps them again.
			time.Sleep(delay / 2)
			dropExecutable()
			b, _ := os.ReadFile("/proc/self/smaps")
			_ = os.WriteFile(path+".dropped", b, 0o600)
			delay -= delay / 2
		}
		time.Sleep(delay)                                 // a debugging aid: idle is "some time after start"
		idle, _ := os.ReadFile("/proc/self/smaps_rollup") // before this goroutine's collection
		_ = os.WriteFile(path+".idle", idle, 0o600)
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m) // before the profile is written: that allocates
		rollup, _ := os.ReadFile("/proc/self/smaps_rollup")
		var samples []metrics.Sample
		for _, d := range metrics.All() {
			if strings.HasPrefix(d.Name, "/memory/classes/") || strings.HasPrefix(d.Name, "/gc/") {
				samples = append(samples, metrics.Sample{Name: d.Name})
			}
		}
		metrics.Read(samples)
		f, err := os.Create(path)
		if err != nil {
			return
		}
		_ = pprof.Lookup("heap").WriteTo(f, 0)
		f.Close()
		t, err := os.Create(path + ".txt")
		if err != nil {
			return
		}
		defer t.Close()
		fmt.Fprintf(t, "HeapAlloc %d\nHeapInuse %d\nHeapIdle %d\nHeapReleased %d\nHeapSys %d\nStackInuse %d\nStackSys %d\nMSpanInuse %d\nMCacheInuse %d\nBuckHashSys %d\nGCSys %d\nOtherSys %d\nSys %d\nNumGoroutine %d\nNumGC %d\nHeapObjects %d\n",
			m.HeapAlloc, m.HeapInuse, m.HeapIdle, m.HeapReleased, m.HeapSys, m.StackInuse, m.StackSys, m.MSpanInuse, m.MCacheInuse, m.BuckHashSys, m.GCSys, m.OtherSys, m.Sys, runtime.NumGoroutine(), m.NumGC, m.HeapObjects)
		t.Write(rollup)
		for _, s := range samples {
			switch s.Value.Kind() {
			case metrics.KindUint64:
				fmt.Fprintf(t, "%s %d\n", s.Name, s.Value.Uint64())
			case metrics.KindFloat64:
				fmt.Fprintf(t, "%s %g\n", s.Name, s.Value.Float64())
			}
		}
		buf := make([]byte, 1<<20)
		n := runtime.Stack(buf, true)
		t.Write(buf[:n])
	}()
}

// dropExecutable unmaps the resident pages of the executable's read-only
// mappings (MADV_DONTNEED: a private file mapping not written to reads
// the file again on the next touch).
func dropExecutable() {
	exe, _ := os.Readlink("/proc/self/exe")
	maps, _ := os.ReadFile("/proc/self/maps")
	for _, line := range strings.Split(string(maps), "\n") {
		f := strings.Fields(line)
		if len(f) < 6 || f[5] != exe || strings.Contains(f[1], "w") {
			continue
		}
		lo, hi, _ := strings.Cut(f[0], "-")
		a, _ := strconv.ParseUint(lo, 16, 64)
		b, _ := strconv.ParseUint(hi, 16, 64)
		_, _, errno := syscall.Syscall(syscall.SYS_MADVISE, uintptr(a), uintptr(b-a), syscall.MADV_DONTNEED)
		if errno != 0 {
			_ = os.WriteFile(os.Getenv("LACY_MEMPROFILE")+".err", []byte(fmt.Sprintf("madvise %s: %v\n", f[0], errno)), 0o600)
		}
	}
}
