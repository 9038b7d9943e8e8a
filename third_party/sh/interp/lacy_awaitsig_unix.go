//go:build unix

package interp

import "time"

// AwaitSignal waits, at most d, until a signal the shell sent itself (kill
// to $$) has reached the channel of its trap, so that the trap runs before
// the next command, as bash's does: the Go runtime hands signals to their
// channels from another goroutine. name is the signal's name (SIGUSR1);
// nothing is awaited when it has no trap. It is a lacy patch.
func (r *Runner) AwaitSignal(name string, d time.Duration) {
	if r.lacy == nil || r.lacy.sigs == nil {
		return
	}
	s := r.lacy.sigs
	s.mu.Lock()
	ch, ok := s.chans[name]
	s.mu.Unlock()
	if !ok {
		return
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case v := <-ch:
		select {
		case ch <- v: // put back: the trap runs at the next check
		default:
		}
	case <-t.C:
	}
}
