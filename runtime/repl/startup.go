package repl

import (
	"fmt"
	"math"
	"runtime/debug"
	"sync"
	"time"

	"github.com/lacy-sh/lacy/internal/starttrace"
)

// startBackground starts the work the first prompt does not need, as the
// prompt is drawn (DESIGN §7, docs/performance.md): indexing PATH (the
// first keystroke's classification needs it; a key typed before it is
// built, a few milliseconds, waits for it) and loading the history file
// (its prefix index waits for the first ghost text). Run before the
// prompt, they compete with it for the CPU: on the loaded 2-core machine,
// indexing PATH before the prompt made it a third slower (one interleaved
// run of 15; the machine was noisy).
func (a *App) startBackground() {
	starttrace.Mark("background work started (PATH index, history load)")
	a.keepInstantPrompt() // for the next session (instant.go)
	go a.Names.Path.Len()
	if h := a.Hist; h != nil {
		h.Start()
		go func() {
			// The collector stays off while the history loads (within
			// startupMemoryLimit): released at the prompt, its first
			// cycle ran during the load, beside the first keys typed.
			<-h.Loaded()
			releaseGC()
			// Loading a large history allocates far more than it keeps;
			// give the garbage back to the OS once, so idle memory stays low.
			time.Sleep(freeMemoryDelay)
			debug.FreeOSMemory()
			freeAfterIndex(h)
		}()
	} else {
		releaseGC()
	}
}

// freeMemoryDelay is how long after the history loaded its garbage is
// given back to the OS: a moment, so the first prompt's work is not slowed
// by it. It orders nothing; it is only a delay.
var freeMemoryDelay = time.Second

// tracePromptDrawn marks the line editor's first draws of the prompt in
// the start-up trace (LACY_TRACE_STARTUP; the bytes follow at once).
func (a *App) tracePromptDrawn() {
	if !starttrace.On() {
		return
	}
	if n := a.promptDraws.Add(1); n <= 3 {
		starttrace.Mark(fmt.Sprintf("line editor draws the prompt (%d)", n))
	}
}

// startupGCPercent is the garbage collector's GOGC while the session
// starts. The start allocates a few megabytes (the Lua VM, the word lists,
// the line editor's key maps), which with Go's default of 100 started the
// first collection right at the prompt: its mark phase, about 5 ms, took
// one of two cores from the prompt (GODEBUG=gctrace=1). So it is off until
// the prompt is drawn and the history loaded (startBackground), then the
// default (or GOGC) comes back; startupMemoryLimit bounds the heap
// meanwhile (a huge history file), unless GOMEMLIMIT set a limit.
const (
	startupGCPercent   = -1
	startupMemoryLimit = 64 << 20
)

var gcHold = struct {
	sync.Mutex
	held    bool
	percent int
	saved   int64 // the memory limit before holdGC
}{}

// holdGC turns the collector off for the start (see startupGCPercent).
func holdGC() {
	gcHold.Lock()
	defer gcHold.Unlock()
	if gcHold.held {
		return
	}
	gcHold.held = true
	gcHold.saved = debug.SetMemoryLimit(-1) // -1 reads it
	if gcHold.saved == math.MaxInt64 {      // no GOMEMLIMIT
		debug.SetMemoryLimit(startupMemoryLimit)
	}
	gcHold.percent = debug.SetGCPercent(startupGCPercent)
}

// releaseGC gives the collector its settings back.
func releaseGC() {
	gcHold.Lock()
	defer gcHold.Unlock()
	if !gcHold.held {
		return
	}
	gcHold.held = false
	debug.SetGCPercent(gcHold.percent)
	debug.SetMemoryLimit(gcHold.saved)
}
