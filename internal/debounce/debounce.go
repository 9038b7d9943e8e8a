// Package debounce is the one helper for work that runs while the user
// types and must never hold typing up: the `?` translation, the predict
// model's ghost text and Tab's wait for bash-completion.
//
//   - Slot keeps at most one request in flight: starting one cancels the
//     one before, and a request's answer is used only while it is still
//     the slot's (a generation check), so a late answer never lands on a
//     line the user has moved on from.
//   - Pause is the debounce: wait for a pause in typing, unless the
//     request is cancelled first.
//   - Spin draws a spinner after a delay until stopped, and returns once
//     it is off the screen.
//
// Every duration is the caller's (a variable tests can set); nothing here
// sleeps to synchronise.
package debounce

import (
	"context"
	"sync"
	"time"
)

// Slot holds the request in flight, if any. The zero Slot is empty and
// ready to use; it is safe for concurrent use.
type Slot[K comparable] struct {
	mu     sync.Mutex
	gen    uint64
	key    K
	busy   bool
	cancel context.CancelFunc
}

// Ticket names one request of a Slot.
type Ticket uint64

// Start begins a request for key, cancelling the one in flight. The
// returned context ends when the request is replaced or stopped (or
// parent ends).
func (s *Slot[K]) Start(parent context.Context, key K) (context.Context, Ticket) {
	ctx, cancel := context.WithCancel(parent)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cancel != nil {
		s.cancel()
	}
	s.gen++
	s.key, s.busy, s.cancel = key, true, cancel
	return ctx, Ticket(s.gen)
}

// Pending returns the key of the request in flight.
func (s *Slot[K]) Pending() (key K, ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.key, s.busy
}

// Current reports whether t is the request in flight.
func (s *Slot[K]) Current(t Ticket) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.busy && uint64(t) == s.gen
}

// Finish ends request t and reports whether it was still the one in
// flight (false: it was replaced or stopped, and its answer must be
// dropped).
func (s *Slot[K]) Finish(t Ticket) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.busy || uint64(t) != s.gen {
		return false
	}
	s.clearLocked()
	return true
}

// Stop cancels the request in flight and returns its key; ok is false
// when there was none.
func (s *Slot[K]) Stop() (key K, ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	key, ok = s.key, s.busy
	if s.cancel != nil {
		s.cancel()
	}
	s.clearLocked()
	return key, ok
}

func (s *Slot[K]) clearLocked() {
	var zero K
	s.key, s.busy, s.cancel = zero, false, nil
	s.gen++ // an answer of what was in flight is never current again
}

// Pause waits d, the pause in typing before a request, and reports false
// when ctx ended first.
func Pause(ctx context.Context, d time.Duration) bool {
	return wait(ctx.Done(), d)
}

// wait waits d and reports false when quit closed first.
func wait(quit <-chan struct{}, d time.Duration) bool {
	select {
	case <-quit:
		return false
	default:
	}
	if d <= 0 {
		return true
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-quit:
		return false
	case <-t.C:
		return true
	}
}

// Frames are the spinner's frames.
var Frames = []string{"⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"}

// Spin calls draw with frame 0, 1, 2… every frame, starting after delay,
// until the returned stop is called; stop then calls clear (only if a
// frame was drawn) and returns once the spinner is off the screen.
func Spin(delay, frame time.Duration, draw func(frame string), clear func()) (stop func()) {
	quit, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		if !wait(quit, delay) {
			return
		}
		tick := time.NewTicker(frame)
		defer tick.Stop()
		for i := 0; ; i++ {
			draw(Frames[i%len(Frames)])
			select {
			case <-quit:
				clear()
				return
			case <-tick.C:
			}
		}
	}()
	var once sync.Once
	return func() {
		once.Do(func() { close(quit) })
		<-done
	}
}
