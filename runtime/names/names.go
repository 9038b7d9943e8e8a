// Package names answers "what can run here": the executables on PATH, the
// shell's builtins, and the session's functions and aliases. Routing,
// completion, correction, `?`'s command check and the CLI commands ask one
// Set instead of each building their own view.
//
// Lookups never touch the disk (the PATH index is read once and refreshed
// by mtime, see PathIndex) and are safe for concurrent use: the line
// editor's highlighter asks from its own goroutine while a command runs.
package names

import (
	"slices"
	"sync"
)

// Kind is what a name is, in the order bash looks it up (an alias before a
// function before a builtin before a program on PATH).
type Kind int

// The kinds of names.
const (
	None Kind = iota
	Alias
	Function
	Builtin
	Program
)

// String returns the kind's name as `type -t` prints it ("file" for a
// program).
func (k Kind) String() string {
	return [...]string{"", "alias", "function", "builtin", "file"}[k]
}

// Session is the part of a shell session a Set reads: its functions and
// aliases, which change as the user defines them.
type Session interface {
	HasAlias(name string) bool
	HasFunction(name string) bool
	Aliases() map[string]string
	Functions() []string
}

// Set is the names that can start a command in one place: a process (the
// CLI: PATH and builtins) or a session (functions and aliases too).
type Set struct {
	// Path indexes the executables on PATH.
	Path *PathIndex

	mu       sync.RWMutex
	builtins map[string]bool
	session  Session
}

// New returns the names of path (a colon-separated list, like $PATH), the
// builtins and, when session is not nil, its functions and aliases. Nothing
// is read from the disk until the first lookup.
func New(path string, builtins []string, session Session) *Set {
	s := &Set{Path: NewPathIndex(path), builtins: make(map[string]bool, len(builtins)), session: session}
	for _, b := range builtins {
		s.builtins[b] = true
	}
	return s
}

// SetSession makes the set read session's functions and aliases (nil for
// none).
func (s *Set) SetSession(session Session) {
	s.mu.Lock()
	s.session = session
	s.mu.Unlock()
}

func (s *Set) sess() Session {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.session
}

// Kind returns what name is, in bash's lookup order.
func (s *Set) Kind(name string) Kind {
	if s == nil || name == "" {
		return None
	}
	if ss := s.sess(); ss != nil {
		if ss.HasAlias(name) {
			return Alias
		}
		if ss.HasFunction(name) {
			return Function
		}
	}
	if s.builtins[name] {
		return Builtin
	}
	if s.Path.Has(name) {
		return Program
	}
	return None
}

// Has reports whether name can start a command here.
func (s *Set) Has(name string) bool { return s.Kind(name) != None }

// Defined reports whether name is a function or alias of the session.
func (s *Set) Defined(name string) bool {
	k := s.Kind(name)
	return k == Alias || k == Function
}

// OnPath reports whether name is a program on PATH (a builtin, function or
// alias of the same name notwithstanding).
func (s *Set) OnPath(name string) bool { return s != nil && s.Path.Has(name) }

// Builtins returns the builtins' names, sorted.
func (s *Set) Builtins() []string {
	out := make([]string, 0, len(s.builtins))
	for b := range s.builtins {
		out = append(out, b)
	}
	slices.Sort(out)
	return out
}

// All returns every name that can start a command, sorted and without
// duplicates: aliases, functions, builtins and programs.
func (s *Set) All() []string {
	if s == nil {
		return nil
	}
	out := s.Path.Names()
	for b := range s.builtins {
		out = append(out, b)
	}
	if ss := s.sess(); ss != nil {
		for a := range ss.Aliases() {
			out = append(out, a)
		}
		out = append(out, ss.Functions()...)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// Refresh brings the PATH index up to date with path (see
// PathIndex.Refresh).
func (s *Set) Refresh(path string) { s.Path.Refresh(path) }
