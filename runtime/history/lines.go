package history

import (
	"errors"
	"sync/atomic"
	"time"

	"github.com/lacy-sh/lacy/internal/timelimit"
)

// Lines adapts a Store to readline's History interface (Write, GetLine,
// Len, Dump) for ↑/↓, Ctrl-R and readline's own history completion:
//
//	rl.History.Add("lacy", store.Readline())
//
// Write, which readline calls when a line is accepted, records nothing: lacy
// records a command after it ran, with its exit status and duration, by
// calling Store.Append, which also makes it visible here before the next
// prompt.
//
// readline also scans its history sources on every redraw (for its own
// autosuggestion, computed even when that is off), one GetLine per entry:
// over 200k entries that is milliseconds per keystroke. So the adapter
// can show only the newest Window entries while the user types
// (SetTyping), and typing never waits for the whole file.
//
// The first Len call outside typing waits for the background load, at most LoadWait,
// so the first ↑ sees the whole file instead of an empty history; the load
// of 200k entries takes tens of milliseconds, far less than the time it
// takes to type. After that no call touches the disk or takes a lock.
type Lines struct {
	s      *Store
	waited atomic.Bool
	typing atomic.Bool
	start  atomic.Int64 // entries before it are hidden (SetStart)
}

// Window is how many of the newest entries readline sees while the user
// types, before any history command.
const Window = 2000

// SetTyping shows readline only the newest Window entries (true: the user
// is typing a line) or the whole history (false, the default: the user walks
// or searches it). The REPL sets it before each line is read and clears it
// when a history command runs.
func (l *Lines) SetTyping(typing bool) { l.typing.Store(typing) }

// offset is where the visible window starts in the full history.
func (l *Lines) offset(total int) int {
	start := min(int(l.start.Load()), total)
	if !l.typing.Load() || total <= Window {
		return start
	}
	return max(start, total-Window)
}

// LoadWait bounds how long the readline adapter waits for the background
// load on its first use (scaled by LACY_TIME_SCALE; a function, so
// that no package initialisation runs for it).
func LoadWait() time.Duration { return timelimit.Scale(250 * time.Millisecond) }

var errRange = errors.New("history: index out of range")

// Readline returns the store's readline adapter. It has the method set of
// readline.History; use one adapter per readline shell.
func (s *Store) Readline() *Lines { return &Lines{s: s} }

// Write does nothing and returns the current length: entries are recorded by
// Store.Append once the command has run.
func (l *Lines) Write(string) (int, error) { return l.Len(), nil }

// GetLine returns the command of entry i, oldest first.
func (l *Lines) GetLine(i int) (string, error) {
	v := l.s.view.Load()
	i += l.offset(len(v.recs))
	if i < 0 || i >= len(v.recs) {
		return "", errRange
	}
	return v.cmd(i), nil
}

// Len returns the number of entries visible to readline; outside typing its
// first call waits for the background load (see Lines).
func (l *Lines) Len() int {
	if l.typing.Load() {
		n := len(l.s.view.Load().recs)
		return n - l.offset(n)
	}
	select {
	case <-l.s.Loaded():
	default:
		if l.waited.Swap(true) {
			break
		}
		t := time.NewTimer(LoadWait())
		select {
		case <-l.s.loaded:
		case <-t.C:
		}
		t.Stop()
	}
	n := len(l.s.view.Load().recs)
	return n - l.offset(n)
}

// Dump returns the Store; readline never calls it.
func (l *Lines) Dump() any { return l.s }
