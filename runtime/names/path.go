package names

import (
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
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

// pathSnap is an index of a PATH. It is compact (an idle shell holds it):
// each directory's executables are one string, their names each followed by
// a NUL, and the lookup table is those names' places, sorted by name, 8
// bytes each; no string or map entry per name.
type pathSnap struct {
	path    string
	dirs    []pathDir
	sorted  []nameRef // every distinct name, by name
	checked time.Time
}

type pathDir struct {
	dir   string
	mtime time.Time
	names string // each name followed by a NUL
}

// nameRef is where a name is: n bytes at off in dirs[dir].names (a file
// name is at most 255 bytes; a PATH of more than 65,535 directories is
// indexed up to there).
type nameRef struct {
	off    uint32
	dir, n uint16
}

// name returns the name at r.
func (s *pathSnap) name(r nameRef) string {
	return s.dirs[r.dir].names[r.off : r.off+uint32(r.n)]
}

// has reports whether name is indexed.
func (s *pathSnap) has(name string) bool {
	i := sort.Search(len(s.sorted), func(i int) bool { return s.name(s.sorted[i]) >= name })
	return i < len(s.sorted) && s.name(s.sorted[i]) == name
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
	return p.load().has(name)
}

// Len returns the number of distinct names indexed.
func (p *PathIndex) Len() int {
	if p == nil {
		return 0
	}
	return len(p.load().sorted)
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
	s := &pathSnap{path: path, checked: now}
	seen := map[string]bool{}
	total := 0
	var buf []byte // readExecutables' scratch
	for _, dir := range filepath.SplitList(path) {
		if dir == "" {
			dir = "."
		}
		if seen[dir] || len(s.dirs) > math.MaxUint16 {
			continue
		}
		seen[dir] = true
		fi, err := os.Stat(dir)
		if err != nil || !fi.IsDir() {
			continue
		}
		d, ok := prev[dir]
		if !ok || !d.mtime.Equal(fi.ModTime()) {
			if buf == nil {
				buf = make([]byte, direntBuf)
			}
			d = pathDir{dir: dir, mtime: fi.ModTime(), names: readExecutables(dir, buf)}
		}
		s.dirs = append(s.dirs, d)
		total += strings.Count(d.names, "\x00")
	}
	s.sorted = make([]nameRef, 0, total)
	for i, d := range s.dirs {
		for off := 0; off < len(d.names); {
			n := strings.IndexByte(d.names[off:], 0)
			s.sorted = append(s.sorted, nameRef{off: uint32(off), dir: uint16(i), n: uint16(n)})
			off += n + 1
		}
	}
	slices.SortFunc(s.sorted, func(a, b nameRef) int { return strings.Compare(s.name(a), s.name(b)) })
	s.sorted = slices.CompactFunc(s.sorted, func(a, b nameRef) bool { return s.name(a) == s.name(b) })
	s.sorted = slices.Clip(s.sorted)
	return s
}
