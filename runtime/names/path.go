package names

import (
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"
)

// PathIndex knows the names of the executables on a PATH. Lookups never touch
// the disk: the directories are read once, on first use, and again only when
// Refresh sees that PATH changed or that a directory's mtime moved. It is safe
// for concurrent use.
type PathIndex struct {
	mu       sync.Mutex // serialises (re)builds
	snap     atomic.Pointer[pathSnap]
	path     string        // the PATH to index before the first build
	interval time.Duration // minimum time between mtime checks
	now      func() time.Time
}

type pathSnap struct {
	path    string
	dirs    []pathDir
	names   map[string]struct{}
	checked time.Time
}

type pathDir struct {
	dir   string
	mtime time.Time
	names []string
}

// RefreshInterval is the minimum time between two checks of the PATH
// directories' mtimes by Refresh with an unchanged PATH.
const RefreshInterval = time.Second

// NewPathIndex returns an index of the executables on path (a
// colon-separated list, like $PATH). Nothing is read until the first lookup.
func NewPathIndex(path string) *PathIndex {
	return &PathIndex{path: path, interval: RefreshInterval, now: time.Now}
}

// Has reports whether name is a file in one of the PATH directories. Names
// containing a slash are never on PATH.
func (p *PathIndex) Has(name string) bool {
	if p == nil || name == "" {
		return false
	}
	for i := 0; i < len(name); i++ {
		if name[i] == '/' {
			return false
		}
	}
	_, ok := p.load().names[name]
	return ok
}

// Len returns the number of distinct names indexed.
func (p *PathIndex) Len() int {
	if p == nil {
		return 0
	}
	return len(p.load().names)
}

// Refresh brings the index up to date with path: a changed path is re-indexed
// at once; with the same path the directories' mtimes are checked at most once
// per RefreshInterval and changed directories are read again. Call it when
// PATH may have changed, for example before each prompt.
func (p *PathIndex) Refresh(path string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	cur := p.snap.Load()
	if cur == nil {
		p.path = path
		p.snap.Store(buildSnap(path, nil, p.now()))
		return
	}
	now := p.now()
	if cur.path == path && now.Sub(cur.checked) < p.interval {
		return
	}
	p.snap.Store(buildSnap(path, cur, now))
}

// load returns the current snapshot, building it on first use.
func (p *PathIndex) load() *pathSnap {
	if s := p.snap.Load(); s != nil {
		return s
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if s := p.snap.Load(); s != nil {
		return s
	}
	s := buildSnap(p.path, nil, p.now())
	p.snap.Store(s)
	return s
}

// buildSnap indexes path, reusing the directories of old whose mtime has not
// moved.
func buildSnap(path string, old *pathSnap, now time.Time) *pathSnap {
	prev := map[string]pathDir{}
	if old != nil {
		for _, d := range old.dirs {
			prev[d.dir] = d
		}
	}
	s := &pathSnap{path: path, names: map[string]struct{}{}, checked: now}
	seen := map[string]bool{}
	for _, dir := range filepath.SplitList(path) {
		if dir == "" {
			dir = "."
		}
		if seen[dir] {
			continue
		}
		seen[dir] = true
		fi, err := os.Stat(dir)
		if err != nil || !fi.IsDir() {
			continue
		}
		d, ok := prev[dir]
		if !ok || !d.mtime.Equal(fi.ModTime()) {
			d = pathDir{dir: dir, mtime: fi.ModTime(), names: readExecutables(dir)}
		}
		s.dirs = append(s.dirs, d)
		for _, n := range d.names {
			s.names[n] = struct{}{}
		}
	}
	return s
}

// readExecutables lists the entries of dir that can be run: regular files
// with an execute bit, and symlinks (not followed, to keep indexing cheap).
func readExecutables(dir string) []string {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	names := make([]string, 0, len(ents))
	for _, e := range ents {
		switch t := e.Type(); {
		case t&os.ModeSymlink != 0:
			names = append(names, e.Name())
		case t.IsRegular():
			if fi, err := e.Info(); err == nil && fi.Mode().Perm()&0o111 != 0 {
				names = append(names, e.Name())
			}
		}
	}
	return names
}
