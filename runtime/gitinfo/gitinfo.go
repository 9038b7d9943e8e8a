// Package gitinfo reads what the prompt and the agent context need from a
// git repository: the current branch without forking git, and whether the
// work tree is dirty (which does fork git, off the prompt path).
package gitinfo

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// cached is what Branch remembers about a directory inside a repository.
type cached struct {
	head   string      // path of the HEAD file
	fi     os.FileInfo // HEAD when it was read
	branch string
}

// maxCache bounds the cache; it is cleared when full (prompts visit few
// directories, so this is rare).
const maxCache = 256

var cache = struct {
	sync.Mutex
	m map[string]cached
}{} // m is made by the first store

// Branch returns the branch checked out in the repository containing dir:
// the name for `ref: refs/heads/NAME`, the full ref for another symbolic
// ref, and the first 7 hex digits of the commit for a detached HEAD. ok is
// false outside a repository or when HEAD cannot be read.
//
// It finds the repository by walking up from dir to a `.git` directory, or
// a `.git` file holding `gitdir: PATH` (worktrees, submodules). Results are
// cached per directory and revalidated with one stat of HEAD (git replaces
// HEAD by renaming a new file over it, so its identity, mtime and size tell
// a checkout apart), so a repeated prompt costs one stat. Outside a
// repository every call walks up again: one stat per parent directory.
func Branch(dir string) (branch string, ok bool) {
	cache.Lock()
	c, hit := cache.m[dir]
	cache.Unlock()
	if hit {
		if fi, err := os.Stat(c.head); err == nil && sameFile(fi, c.fi) {
			return c.branch, true
		}
	}
	gitDir, ok := findGitDir(dir)
	if !ok {
		return "", false
	}
	head := filepath.Join(gitDir, "HEAD")
	f, err := os.Open(head)
	if err != nil {
		return "", false
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return "", false
	}
	var buf [512]byte
	n, _ := f.Read(buf[:])
	branch, ok = parseHead(buf[:n])
	if !ok {
		return "", false
	}
	cache.Lock()
	if cache.m == nil {
		cache.m = map[string]cached{}
	}
	if len(cache.m) >= maxCache {
		clear(cache.m)
	}
	cache.m[dir] = cached{head: head, fi: fi, branch: branch}
	cache.Unlock()
	return branch, true
}

func sameFile(a, b os.FileInfo) bool {
	return os.SameFile(a, b) && a.ModTime().Equal(b.ModTime()) && a.Size() == b.Size()
}

// parseHead reads the contents of a HEAD file.
func parseHead(b []byte) (string, bool) {
	b = bytes.TrimSpace(b)
	if ref, ok := bytes.CutPrefix(b, []byte("ref:")); ok {
		ref = bytes.TrimSpace(ref)
		if len(ref) == 0 {
			return "", false
		}
		if name, ok := bytes.CutPrefix(ref, []byte("refs/heads/")); ok && len(name) > 0 {
			return string(name), true
		}
		return string(ref), true
	}
	if len(b) < 7 {
		return "", false
	}
	for _, c := range b {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return "", false
		}
	}
	return string(b[:7]), true
}

// findGitDir walks up from dir to the repository's git directory.
func findGitDir(dir string) (string, bool) {
	dir = filepath.Clean(dir)
	for {
		dotGit := filepath.Join(dir, ".git")
		if fi, err := os.Stat(dotGit); err == nil {
			if fi.IsDir() {
				return dotGit, true
			}
			if gd, ok := readGitFile(dotGit); ok {
				return gd, true
			}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", false
		}
		dir = parent
	}
}

// readGitFile reads a `.git` file (`gitdir: PATH`, PATH relative to the
// file's directory unless absolute).
func readGitFile(path string) (string, bool) {
	b, err := os.ReadFile(path)
	if err != nil || len(b) > 4096 {
		return "", false
	}
	gd, ok := strings.CutPrefix(strings.TrimSpace(string(b)), "gitdir:")
	gd = strings.TrimSpace(gd)
	if !ok || gd == "" {
		return "", false
	}
	if !filepath.IsAbs(gd) {
		gd = filepath.Join(filepath.Dir(path), gd)
	}
	return gd, true
}

// DirtyTimeout bounds Dirty when ctx has no deadline.
const DirtyTimeout = time.Second

// Dirty reports whether the work tree containing dir has changes, untracked
// files included, through Default (see Reader.Dirty), within ctx or
// DirtyTimeout. It forks: keep it off the prompt path.
func Dirty(ctx context.Context, dir string) (dirty, ok bool) {
	r := Reader{Timeout: DirtyTimeout, Busy: Default.Busy, Git: Default.Git}
	if d, has := ctx.Deadline(); has {
		r.Timeout = time.Until(d)
	}
	return r.Dirty(ctx, dir)
}
