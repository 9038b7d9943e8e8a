// Package undo keeps snapshots of the files an agent is about to change
// (before a write_file, or an approved destructive command) so that the
// user can put them back: /undo and `lacy undo` restore the last change,
// /undo list lists them. Snapshots live in $XDG_STATE_HOME/lacy/undo/, one
// directory each; they are bounded in size, expire, and a failure to take
// one (a full disk) never stops the agent: Take returns an error the
// caller logs and goes on.
package undo

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Defaults of a Store.
const (
	DefaultMaxSnapshot = 64 << 20  // bytes one snapshot may copy
	DefaultMaxTotal    = 256 << 20 // bytes all snapshots may hold
	DefaultMaxFiles    = 20000     // files one snapshot may copy
	DefaultTTL         = 7 * 24 * time.Hour
	DefaultKeep        = 50 // snapshots kept at most
)

// ErrTooLarge is returned by Take when what would change is more than one
// snapshot may hold; nothing is kept.
var ErrTooLarge = errors.New("too large to snapshot")

// Store is a directory of snapshots.
type Store struct {
	Dir         string
	MaxSnapshot int64
	MaxTotal    int64
	MaxFiles    int
	TTL         time.Duration
	Keep        int
	Now         func() time.Time // nil: time.Now

	mu sync.Mutex
}

// New returns a store in dir with the default bounds.
func New(dir string) *Store {
	return &Store{Dir: dir, MaxSnapshot: DefaultMaxSnapshot, MaxTotal: DefaultMaxTotal,
		MaxFiles: DefaultMaxFiles, TTL: DefaultTTL, Keep: DefaultKeep}
}

// File is one path of a snapshot.
type File struct {
	Path    string      `json:"path"`    // absolute
	Existed bool        `json:"existed"` // false: restoring removes it
	Dir     bool        `json:"dir,omitempty"`
	Link    string      `json:"link,omitempty"` // a symlink's target
	Mode    fs.FileMode `json:"mode,omitempty"`
	Blob    string      `json:"blob,omitempty"` // file name of the copy
}

// Snapshot is a manifest: what was saved before which change.
type Snapshot struct {
	ID    string    `json:"id"`
	Time  time.Time `json:"time"`
	What  string    `json:"what"` // "write_file docs/a.md", "rm -rf build"
	Tree  string    `json:"tree"`
	Files []File    `json:"files"`
	Bytes int64     `json:"bytes"`
}

func (s *Store) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// Take snapshots paths (absolute; directories with everything below them)
// before the change what. Paths outside tree are skipped: only the
// working tree is snapshotted. A path that does not exist yet is recorded
// so that undoing removes it.
func (s *Store) Take(what, tree string, paths []string) (*Snapshot, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.Dir == "" {
		return nil, errors.New("no state directory for undo snapshots")
	}
	s.expire()
	snap := &Snapshot{Time: s.now().UTC(), What: what, Tree: tree}
	snap.ID = strconv.FormatInt(snap.Time.UnixNano(), 36)
	dir := filepath.Join(s.Dir, snap.ID)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	ok := false
	defer func() {
		if !ok {
			os.RemoveAll(dir)
		}
	}()
	seen := map[string]bool{}
	var take func(p string) error
	take = func(p string) error {
		if seen[p] {
			return nil
		}
		seen[p] = true
		if len(snap.Files) >= s.MaxFiles {
			return ErrTooLarge
		}
		fi, err := os.Lstat(p)
		if errors.Is(err, fs.ErrNotExist) {
			snap.Files = append(snap.Files, File{Path: p})
			return nil
		}
		if err != nil {
			return err
		}
		f := File{Path: p, Existed: true, Mode: fi.Mode()}
		switch {
		case fi.Mode()&fs.ModeSymlink != 0:
			f.Link, _ = os.Readlink(p)
		case fi.IsDir():
			f.Dir = true
			snap.Files = append(snap.Files, f)
			entries, err := os.ReadDir(p)
			if err != nil {
				return err
			}
			for _, e := range entries {
				if err := take(filepath.Join(p, e.Name())); err != nil {
					return err
				}
			}
			return nil
		case fi.Mode().IsRegular():
			if snap.Bytes+fi.Size() > s.MaxSnapshot {
				return ErrTooLarge
			}
			f.Blob = strconv.Itoa(len(snap.Files))
			if err := copyFile(p, filepath.Join(dir, f.Blob)); err != nil {
				return err
			}
			snap.Bytes += fi.Size()
		default:
			return nil // devices, sockets: nothing to keep
		}
		snap.Files = append(snap.Files, f)
		return nil
	}
	for _, p := range paths {
		p = filepath.Clean(p)
		if tree != "" && !within(tree, p) {
			continue
		}
		if err := take(p); err != nil {
			return nil, err
		}
	}
	if len(snap.Files) == 0 {
		return nil, errors.New("nothing in the working tree to snapshot")
	}
	b, err := json.Marshal(snap)
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, "manifest.json"), b, 0o600); err != nil {
		return nil, err
	}
	ok = true
	s.prune()
	return snap, nil
}

func within(root, p string) bool {
	return p == root || strings.HasPrefix(p, strings.TrimSuffix(root, "/")+"/")
}

func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_CREATE|os.O_WRONLY|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// List returns the snapshots, newest first.
func (s *Store) List() []Snapshot {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.expire()
	return s.list()
}

func (s *Store) list() []Snapshot {
	entries, err := os.ReadDir(s.Dir)
	if err != nil {
		return nil
	}
	var out []Snapshot
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(s.Dir, e.Name(), "manifest.json"))
		if err != nil {
			continue
		}
		var snap Snapshot
		if json.Unmarshal(b, &snap) == nil && snap.ID == e.Name() {
			out = append(out, snap)
		}
	}
	slices.SortFunc(out, func(a, b Snapshot) int { return b.Time.Compare(a.Time) })
	return out
}

// expire removes snapshots older than the TTL, and leftovers of failed
// ones (no manifest).
func (s *Store) expire() {
	entries, err := os.ReadDir(s.Dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		p := filepath.Join(s.Dir, e.Name())
		fi, err := os.Stat(filepath.Join(p, "manifest.json"))
		if err != nil {
			if info, err := e.Info(); err == nil && s.now().Sub(info.ModTime()) > time.Minute {
				os.RemoveAll(p)
			}
			continue
		}
		if s.TTL > 0 && s.now().Sub(fi.ModTime()) > s.TTL {
			os.RemoveAll(p)
		}
	}
}

// prune keeps at most Keep snapshots and MaxTotal bytes, dropping the
// oldest.
func (s *Store) prune() {
	var total int64
	for i, snap := range s.list() {
		total += snap.Bytes
		if i >= s.Keep || total > s.MaxTotal && i > 0 {
			os.RemoveAll(filepath.Join(s.Dir, snap.ID))
		}
	}
}

// Undo restores the newest snapshot (or the one with the given id), then
// removes it, and returns it with a one-line account of what it did.
func (s *Store) Undo(id string) (*Snapshot, string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	list := s.list()
	if len(list) == 0 {
		return nil, "", errors.New("nothing to undo: no agent change is kept")
	}
	snap := list[0]
	if id != "" {
		i := slices.IndexFunc(list, func(x Snapshot) bool { return x.ID == id })
		if i < 0 {
			return nil, "", fmt.Errorf("no undo snapshot %q (see /undo list)", id)
		}
		snap = list[i]
	}
	dir := filepath.Join(s.Dir, snap.ID)
	restored, removed := 0, 0
	var errs []error
	// Directories first (in order, parents before children), then files.
	for _, f := range snap.Files {
		if f.Existed && f.Dir {
			if err := os.MkdirAll(f.Path, f.Mode.Perm()|0o700); err != nil {
				errs = append(errs, err)
			}
		}
	}
	for _, f := range snap.Files {
		switch {
		case !f.Existed:
			if err := os.RemoveAll(f.Path); err == nil {
				removed++
			} else if !errors.Is(err, fs.ErrNotExist) {
				errs = append(errs, err)
			}
		case f.Dir:
		case f.Link != "":
			os.Remove(f.Path)
			if err := os.Symlink(f.Link, f.Path); err != nil {
				errs = append(errs, err)
			} else {
				restored++
			}
		case f.Blob != "":
			if err := restoreFile(filepath.Join(dir, f.Blob), f.Path, f.Mode.Perm()); err != nil {
				errs = append(errs, err)
			} else {
				restored++
			}
		}
	}
	if err := errors.Join(errs...); err != nil {
		return &snap, "", fmt.Errorf("undo of %q was incomplete: %w", snap.What, err)
	}
	os.RemoveAll(dir)
	return &snap, snap.Describe(restored, removed), nil
}

// Describe is the account of an undo: "restored 3 files, removed 1 (before
// `rm -rf build`, 2 min ago)".
func (s Snapshot) Describe(restored, removed int) string {
	var parts []string
	if restored > 0 || removed == 0 {
		parts = append(parts, fmt.Sprintf("restored %d file%s", restored, plural(restored)))
	}
	if removed > 0 {
		parts = append(parts, fmt.Sprintf("removed %d new file%s", removed, plural(removed)))
	}
	return strings.Join(parts, ", ") + " " + s.Where() + " as they were before " + s.What
}

// Where names the snapshot's files: one path, or their directory, relative
// to the tree.
func (s Snapshot) Where() string {
	var paths []string
	for _, f := range s.Files {
		paths = append(paths, f.Path)
	}
	if len(paths) == 0 {
		return ""
	}
	common := paths[0]
	for _, p := range paths[1:] {
		for !within(common, p) {
			common = filepath.Dir(common)
		}
	}
	if rel, err := filepath.Rel(s.Tree, common); err == nil && s.Tree != "" && !strings.HasPrefix(rel, "..") {
		common = rel
	}
	return "in " + common
}

// Line is the one-line form of a snapshot for /undo list.
func (s Snapshot) Line(now time.Time) string {
	n := 0
	for _, f := range s.Files {
		if !f.Dir {
			n++
		}
	}
	return fmt.Sprintf("%s  %s ago  %s  (%d file%s %s)", s.ID, ago(now.Sub(s.Time)), s.What, n, plural(n), s.Where())
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func ago(d time.Duration) string {
	switch {
	case d < time.Minute:
		return fmt.Sprintf("%ds", int(d.Seconds()))
	case d < time.Hour:
		return fmt.Sprintf("%dm", int(d.Minutes()))
	case d < 48*time.Hour:
		return fmt.Sprintf("%dh", int(d.Hours()))
	}
	return fmt.Sprintf("%dd", int(d.Hours()/24))
}

// restoreFile writes a copy back in place: a temporary file beside it,
// renamed over it.
func restoreFile(blob, dst string, mode fs.FileMode) error {
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	if fi, err := os.Lstat(dst); err == nil && fi.IsDir() {
		if err := os.RemoveAll(dst); err != nil {
			return err
		}
	}
	tmp := dst + ".lacy-undo"
	os.Remove(tmp)
	if err := copyFile(blob, tmp); err != nil {
		os.Remove(tmp)
		return err
	}
	if err := os.Chmod(tmp, mode); err != nil {
		os.Remove(tmp)
		return err
	}
	return os.Rename(tmp, dst)
}
