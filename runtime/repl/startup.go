package repl

import (
	"fmt"
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
	releaseGC()
	go a.Names.Path.Len()
	if h := a.Hist; h != nil {
		h.Start()
		go func() {
			// Loading a large history allocates far more than it keeps;
			// give the garbage back to the OS once, so idle memory stays low.
			<-h.Loaded()
			time.Sleep(freeMemoryDelay)
			debug.FreeOSMemory()
		}()
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

// startupGCPercent is the garbage collector's GOGC while the first prompt
// is prepared. The start allocates a few megabytes (the Lua VM, the word
// lists, the line editor's key maps), which with Go's default of 100
// started the first collection right at the prompt: its mark phase, about
// 5 ms, took one of two cores from the prompt (GODEBUG=gctrace=1). Off
// until the prompt is drawn, when the default (or GOGC) comes back and the
// collection runs while the user reads the prompt.
const startupGCPercent = -1

var gcPercent = struct {
	sync.Mutex
	held  bool
	saved int
}{}

// holdGC turns the collector off for the start (see startupGCPercent).
func holdGC() {
	gcPercent.Lock()
	defer gcPercent.Unlock()
	if !gcPercent.held {
		gcPercent.saved, gcPercent.held = debug.SetGCPercent(startupGCPercent), true
	}
}

// releaseGC gives the collector its setting back.
func releaseGC() {
	gcPercent.Lock()
	defer gcPercent.Unlock()
	if gcPercent.held {
		debug.SetGCPercent(gcPercent.saved)
		gcPercent.held = false
	}
}
