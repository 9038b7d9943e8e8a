package session

import (
	"path/filepath"
	"sync"

	"github.com/lacy-sh/lacy/runtime/correct"
	"github.com/lacy-sh/lacy/runtime/learn"
	"github.com/lacy-sh/lacy/runtime/redact"
	"github.com/lacy-sh/lacy/runtime/route"
)

// LearnedFile is the learned rules' file in the state directory, beside
// the history but separate from it.
const LearnedFile = "learned.json"

var (
	learnedOnce  sync.Once
	learnedStore *learn.Store
	learnedErr   error
)

// Learned returns the process's store of learned corrections and routes
// (StateDir()/learned.json), opened on first use; nil when there is no
// state directory or the file cannot be read (the error says why, once).
func Learned() (*learn.Store, error) {
	learnedOnce.Do(func() {
		dir := StateDir()
		if dir == "" {
			return
		}
		s, err := learn.Open(filepath.Join(dir, LearnedFile))
		if err != nil {
			learnedErr = err
			return
		}
		s.Secret = redact.HasSecret // lines with secrets are never learned, as in the history
		learnedStore = s
	})
	return learnedStore, learnedErr
}

// learnedRoute adapts the store to route.Knowledge.Learned.
func learnedRoute(s *learn.Store) func(string) (route.Route, bool) {
	if s == nil {
		return nil
	}
	return func(shape string) (route.Route, bool) {
		switch r, _ := s.Route(shape); r {
		case "shell":
			return route.Shell, true
		case "agent":
			return route.Agent, true
		}
		return route.Neutral, false
	}
}

// LearnedRule is the corrector's rule of the user's learned corrections:
// it runs before every other rule, so a learned pair is offered first.
type LearnedRule struct{ Store *learn.Store }

// Name is "learned".
func (LearnedRule) Name() string { return "learned" }

// Priority puts it before the Lua rules (0) and the built-in ones.
func (LearnedRule) Priority() int { return -100 }

// Fixes returns the learned fix of the line, if any.
func (r LearnedRule) Fixes(f *correct.Failure, _ correct.Line, _ *correct.Knowledge) []string {
	if fix, ok := r.Store.Fix(f.Line); ok {
		return []string{fix}
	}
	return nil
}
