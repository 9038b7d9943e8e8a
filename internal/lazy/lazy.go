// Package lazy holds values built on their first use rather than at package
// initialisation.
//
// Go runs every linked package's initialisation before main, so a table,
// map or regular expression built in a package-level var is paid for by every
// start of every binary that links the package, used or not (issue 21:
// nothing runs before the first prompt that the first prompt does not need).
// sync.OnceValue defers the work but itself allocates at initialisation (its
// closure and state, two allocations per var). A Value or Regexp written as
// a composite literal whose func literal captures nothing is laid out by the
// compiler in the binary's data: no code runs for it before main.
//
//	var keywords = lazy.Value[map[string]bool]{New: func() map[string]bool {
//		return map[string]bool{"if": true, "then": true}
//	}}
//
//	var version = lazy.Regexp{Expr: `^v(\d+)`}
//
//	keywords.Get()["if"]; version.Get().MatchString(s)
package lazy

import (
	"regexp"
	"sync"
)

// Value is a value built by New on the first Get, once, safe for concurrent
// use. It must not be copied after first use.
type Value[T any] struct {
	// New builds the value; it runs once, on the first Get.
	New  func() T
	once sync.Once
	v    T
}

// Get returns the value, building it on the first call.
func (l *Value[T]) Get() T {
	l.once.Do(l.build)
	return l.v
}

func (l *Value[T]) build() { l.v = l.New() }

// Regexp is a regular expression compiled on the first Get (regexp.MustCompile:
// an invalid Expr panics there, and a test that calls Get finds it).
type Regexp struct {
	// Expr is the expression, in regexp's syntax.
	Expr string
	once sync.Once
	re   *regexp.Regexp
}

// Get returns the compiled expression, compiling it on the first call.
func (r *Regexp) Get() *regexp.Regexp {
	r.once.Do(r.compile)
	return r.re
}

func (r *Regexp) compile() { r.re = regexp.MustCompile(r.Expr) }
