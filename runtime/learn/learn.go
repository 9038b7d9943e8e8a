// Package learn keeps what lacy learns from its user: personal correction
// rules (a failed line followed, within a minute and in the same
// directory, by a successful line the user typed, twice) and routing
// overrides (a line shape the user forced to the shell or the agent
// twice). It is a small JSON file in the state directory, separate from
// the history. Lines carrying a secret are never learned; nothing here is
// ever sent to a model.
//
// Lookups never block and never touch the disk: they read an immutable
// snapshot behind an atomic pointer, so the classifier may ask on every
// keystroke.
package learn

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/lacy-sh/lacy/internal/atomicfile"
	"github.com/lacy-sh/lacy/internal/textsim"
)

// Times is how many times a pair or a forced shape must be seen before it
// is used.
const Times = 2

// Window is how soon after a failure the typed line that fixes it must
// succeed.
const Window = time.Minute

// maxEntries bounds the file: the least recently seen entries go first.
const maxEntries = 500

// Correction is a personal rule: From failed, To succeeded next. When
// Program is set, From and To are program names (only the first word
// differed: k → kubectl) and the rule applies to any line of From.
type Correction struct {
	From    string    `json:"from"`
	To      string    `json:"to"`
	Program bool      `json:"program,omitempty"`
	Count   int       `json:"count"`
	Last    time.Time `json:"last"`
}

// Active reports whether the rule is used: it was seen Times times.
func (c Correction) Active() bool { return c.Count >= Times }

// Override is a learned route: lines of Shape go to Route ("shell" or
// "agent") once the user forced them there Times times.
type Override struct {
	Shape string    `json:"shape"`
	Route string    `json:"route"`
	Count int       `json:"count"`
	Last  time.Time `json:"last"`
}

// Active reports whether the override is used.
func (o Override) Active() bool { return o.Count >= Times }

// file is the stored form.
type file struct {
	Corrections []Correction `json:"corrections,omitempty"`
	Routes      []Override   `json:"routes,omitempty"`
}

// snapshot is the active rules, for lookups.
type snapshot struct {
	lines    map[string]string // whole failed line → fix
	programs map[string]string // program → program
	routes   map[string]string // shape → route
}

// Store is the learned rules of one user. It is safe for concurrent use.
type Store struct {
	path string
	// Now is the clock (tests set it); Secret reports a line that must not
	// be learned (nil: none).
	Now    func() time.Time
	Secret func(line string) bool

	mu      sync.Mutex
	f       file
	mtime   time.Time
	pending *failure // the last failure, waiting for its fix
	snap    atomic.Pointer[snapshot]
}

// failure is a failed line waiting for the typed line that fixes it.
type failure struct {
	line, cwd string
	at        time.Time
}

// Open loads the store at path; a missing file is an empty store. An
// empty path is a store that is never saved.
func Open(path string) (*Store, error) {
	s := &Store{path: path, Now: time.Now}
	err := s.load()
	s.publish()
	return s, err
}

// Path is the store's file.
func (s *Store) Path() string { return s.path }

func (s *Store) load() error {
	if s.path == "" {
		return nil
	}
	fi, err := os.Stat(s.path)
	if errors.Is(err, os.ErrNotExist) {
		s.f, s.mtime = file{}, time.Time{}
		return nil
	}
	if err != nil {
		return err
	}
	b, err := os.ReadFile(s.path)
	if err != nil {
		return err
	}
	var f file
	if err := json.Unmarshal(b, &f); err != nil {
		return err
	}
	s.f, s.mtime = f, fi.ModTime()
	return nil
}

// Refresh reloads the file when another lacy (lacy rules forget) changed
// it. It costs one stat; call it once per line, never per keystroke.
func (s *Store) Refresh() {
	if s == nil || s.path == "" {
		return
	}
	fi, err := os.Stat(s.path)
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case err != nil && errors.Is(err, os.ErrNotExist) && !s.mtime.IsZero():
		s.f, s.mtime = file{}, time.Time{}
	case err == nil && !fi.ModTime().Equal(s.mtime):
		if s.load() != nil {
			return
		}
	default:
		return
	}
	s.publishLocked()
}

func (s *Store) publish() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.publishLocked()
}

func (s *Store) publishLocked() {
	n := &snapshot{lines: map[string]string{}, programs: map[string]string{}, routes: map[string]string{}}
	for _, c := range s.f.Corrections {
		if !c.Active() {
			continue
		}
		if c.Program {
			n.programs[c.From] = c.To
		} else {
			n.lines[c.From] = c.To
		}
	}
	for _, o := range s.f.Routes {
		if o.Active() {
			n.routes[o.Shape] = o.Route
		}
	}
	s.snap.Store(n)
}

// save writes the file (the caller holds mu).
func (s *Store) save() error {
	if s.path == "" {
		return nil
	}
	s.trim()
	b, err := json.MarshalIndent(s.f, "", "  ")
	if err != nil {
		return err
	}
	if err := atomicfile.Write(filepath.Dir(s.path), filepath.Base(s.path), append(b, '\n')); err != nil {
		return err
	}
	if fi, err := os.Stat(s.path); err == nil {
		s.mtime = fi.ModTime()
	}
	return nil
}

// trim keeps the maxEntries most recently seen entries of each kind.
func (s *Store) trim() {
	if len(s.f.Corrections) > maxEntries {
		sort.SliceStable(s.f.Corrections, func(i, j int) bool { return s.f.Corrections[i].Last.After(s.f.Corrections[j].Last) })
		s.f.Corrections = s.f.Corrections[:maxEntries]
	}
	if len(s.f.Routes) > maxEntries {
		sort.SliceStable(s.f.Routes, func(i, j int) bool { return s.f.Routes[i].Last.After(s.f.Routes[j].Last) })
		s.f.Routes = s.f.Routes[:maxEntries]
	}
}

// Fix returns the learned fix of a failed line: a whole-line rule first,
// then a program rule (the line with its first word replaced).
func (s *Store) Fix(line string) (string, bool) {
	if s == nil {
		return "", false
	}
	n := s.snap.Load()
	line = strings.TrimSpace(line)
	if to, ok := n.lines[line]; ok {
		return to, true
	}
	if len(n.programs) > 0 {
		prog, rest, _ := strings.Cut(line, " ")
		if to, ok := n.programs[prog]; ok {
			return strings.TrimSpace(to + " " + rest), true
		}
	}
	return "", false
}

// Route returns the learned route of a line shape ("shell" or "agent").
func (s *Store) Route(shape string) (string, bool) {
	if s == nil || shape == "" {
		return "", false
	}
	r, ok := s.snap.Load().routes[shape]
	return r, ok
}

// Other tells the store a line went elsewhere (the agent, a slash
// command): the failure before it is no longer the one just fixed.
func (s *Store) Other() {
	if s == nil {
		return
	}
	s.mu.Lock()
	s.pending = nil
	s.mu.Unlock()
}

func (s *Store) secret(line string) bool { return s.Secret != nil && s.Secret(line) }

// Ran tells the store a line ran: its status, the directory, and whether
// the user typed it (a fix picked from the fix line or a line sent by a
// tool is not typed). A failure waits for its fix; a typed success that
// follows one within Window in the same directory, and resembles it,
// counts as a correction. It returns the rule when one became active.
func (s *Store) Ran(line, cwd string, status int, typed bool) (Correction, bool) {
	if s == nil {
		return Correction{}, false
	}
	line = strings.TrimSpace(line)
	now := s.Now()
	s.mu.Lock()
	defer s.mu.Unlock()
	p := s.pending
	switch {
	case status > 128 || line == "":
		return Correction{}, false // a signal (Ctrl-C): neither a failure nor a fix
	case status != 0:
		s.pending = &failure{line: line, cwd: cwd, at: now}
		return Correction{}, false
	}
	s.pending = nil
	if p == nil || !typed || p.cwd != cwd || now.Sub(p.at) > Window || now.Before(p.at) || p.line == line ||
		s.secret(p.line) || s.secret(line) || !related(p.line, line) {
		return Correction{}, false
	}
	c := pair(p.line, line)
	for i := range s.f.Corrections {
		o := &s.f.Corrections[i]
		if o.From == c.From && o.To == c.To && o.Program == c.Program {
			o.Count++
			o.Last = now
			c = *o
			s.afterChange()
			return c, c.Count == Times
		}
	}
	c.Count, c.Last = 1, now
	s.f.Corrections = append(s.f.Corrections, c)
	s.afterChange()
	return c, false
}

func (s *Store) afterChange() {
	_ = s.save() // a full disk loses a lesson, never a line
	s.publishLocked()
}

// pair makes the rule of a failed line and its fix: a program rule when
// only the first word changed, else a whole-line rule.
func pair(from, to string) Correction {
	fp, fr, _ := strings.Cut(from, " ")
	tp, tr, _ := strings.Cut(to, " ")
	if fp != tp && fr == tr && !strings.ContainsAny(fp+tp, "|;&<>$`") {
		return Correction{From: fp, To: tp, Program: true}
	}
	return Correction{From: from, To: to}
}

// related reports whether a typed line reads as a fix of the failed one,
// not the next thing the user did: the same arguments after a new
// program, or lines close as strings (difflib's ratio ≥ 0.5).
func related(from, to string) bool {
	_, fr, _ := strings.Cut(from, " ")
	_, tr, _ := strings.Cut(to, " ")
	if fr != "" && fr == tr {
		return true
	}
	return ratio(from, to) >= 0.5
}

// ratio is difflib's similarity of two strings (twice the matched letters
// over the total length); long lines are compared by their first 200 bytes.
func ratio(a, b string) float64 {
	if len(a) > 200 {
		a = a[:200]
	}
	if len(b) > 200 {
		b = b[:200]
	}
	if len(a)+len(b) == 0 {
		return 1
	}
	return 2 * float64(textsim.Matching(a, b)) / float64(len(a)+len(b))
}

// Forced tells the store the user forced a line of shape to route
// ("shell" or "agent") with a prefix, when the classifier alone would
// have sent it elsewhere. Forcing a shape the other way starts its count
// again. It returns the override when it became active.
func (s *Store) Forced(shape, route string) (Override, bool) {
	if s == nil || shape == "" || s.secret(shape) {
		return Override{}, false
	}
	now := s.Now()
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := range s.f.Routes {
		o := &s.f.Routes[i]
		if o.Shape != shape {
			continue
		}
		if o.Route != route {
			o.Route, o.Count = route, 0
		}
		o.Count++
		o.Last = now
		r := *o
		s.afterChange()
		return r, r.Count == Times
	}
	o := Override{Shape: shape, Route: route, Count: 1, Last: now}
	s.f.Routes = append(s.f.Routes, o)
	s.afterChange()
	return o, false
}

// Entry is one learned rule as `lacy rules` lists it.
type Entry struct {
	Kind   string // "fix" or "route"
	From   string // the failed line, program or shape
	To     string // the fix, program or route
	Count  int
	Active bool
}

// String is "fix  k → kubectl (any line)  ×2".
func (e Entry) String() string {
	return e.Kind + "\t" + e.From + " → " + e.To
}

// List returns the learned rules, corrections first, most recent first.
func (s *Store) List() []Entry {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Entry
	cs := append([]Correction(nil), s.f.Corrections...)
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].Last.After(cs[j].Last) })
	for _, c := range cs {
		from, to := c.From, c.To
		if c.Program {
			from, to = c.From+" …", c.To+" …"
		}
		out = append(out, Entry{Kind: "fix", From: from, To: to, Count: c.Count, Active: c.Active()})
	}
	rs := append([]Override(nil), s.f.Routes...)
	sort.SliceStable(rs, func(i, j int) bool { return rs[i].Last.After(rs[j].Last) })
	for _, o := range rs {
		out = append(out, Entry{Kind: "route", From: o.Shape, To: o.Route, Count: o.Count, Active: o.Active()})
	}
	return out
}

// Forget removes the entries List numbers n (1-based); all when n is 0.
// It returns how many were removed.
func (s *Store) Forget(n int) (int, error) {
	list := s.List()
	s.mu.Lock()
	defer s.mu.Unlock()
	if n == 0 {
		k := len(s.f.Corrections) + len(s.f.Routes)
		s.f = file{}
		s.pending = nil
		err := s.save()
		s.publishLocked()
		return k, err
	}
	if n < 0 || n > len(list) {
		return 0, nil
	}
	e := list[n-1]
	removed := 0
	if e.Kind == "fix" {
		keep := s.f.Corrections[:0]
		for _, c := range s.f.Corrections {
			from, to := c.From, c.To
			if c.Program {
				from, to = c.From+" …", c.To+" …"
			}
			if removed == 0 && from == e.From && to == e.To {
				removed++
				continue
			}
			keep = append(keep, c)
		}
		s.f.Corrections = keep
	} else {
		keep := s.f.Routes[:0]
		for _, o := range s.f.Routes {
			if removed == 0 && o.Shape == e.From {
				removed++
				continue
			}
			keep = append(keep, o)
		}
		s.f.Routes = keep
	}
	err := s.save()
	s.publishLocked()
	return removed, err
}
