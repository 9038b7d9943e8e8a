// Copyright (c) 2017, Daniel Martí <mvdan@mvdan.cc>
// See LICENSE for licensing information

//go:build unix

package interp

// lacy patch: the signals that trap catches.

import (
	"os"
	"os/signal"
	"slices"
	"sync"
	"syscall"

	"golang.org/x/sys/unix"
)

func signalName(n int) (string, bool) {
	name := unix.SignalName(syscall.Signal(n))
	return name, name != ""
}

func signalNumber(name string) (int, bool) {
	n := unix.SignalNum(name)
	return int(n), n != 0
}

// sigState receives the signals that have a trap.
type sigState struct {
	mu      sync.Mutex
	chans   map[string]chan os.Signal
	ignored map[string]bool // the signals trap '' ignored
}

// setSignalTrap starts or stops catching a signal for its trap; an empty
// action ignores the signal, as bash's SIG_IGN.
func (r *Runner) setSignalTrap(name, action string, reset bool) {
	n, ok := signalNumber(name)
	if !ok {
		return
	}
	sig := syscall.Signal(n)
	if sig == syscall.SIGKILL || sig == syscall.SIGSTOP {
		return
	}
	l := r.lx()
	if l.sigs == nil {
		l.sigs = &sigState{chans: map[string]chan os.Signal{}}
	}
	s := l.sigs
	s.mu.Lock()
	defer s.mu.Unlock()
	if signal.Ignored(sig) && !s.ignored[name] {
		// As in bash, a signal ignored when the shell started cannot be
		// trapped (a background job of a non-interactive shell ignores
		// SIGINT and SIGQUIT).
		return
	}
	if ch, ok := s.chans[name]; ok {
		signal.Stop(ch)
		delete(s.chans, name)
	}
	switch {
	case reset:
		if signal.Ignored(sig) && !r.opts[optExpandAliases] {
			signal.Reset(sig)
		}
	case action == "":
		if !r.opts[optExpandAliases] { // not in an interactive session
			signal.Ignore(sig)
			if s.ignored == nil {
				s.ignored = map[string]bool{}
			}
			s.ignored[name] = true
		}
	default:
		ch := make(chan os.Signal, 1)
		signal.Notify(ch, sig)
		s.chans[name] = ch
	}
}

// pending returns the trapped signals that arrived, in signal order.
func (s *sigState) pending() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var names []string
	for name, ch := range s.chans {
		select {
		case <-ch:
			names = append(names, name)
		default:
		}
	}
	slices.SortFunc(names, func(a, b string) int { return trapOrder(a) - trapOrder(b) })
	return names
}
