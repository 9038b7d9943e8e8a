package agents

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/lacy-sh/lacy/defaults"
	"github.com/lacy-sh/lacy/internal/lazy"
	"github.com/lacy-sh/lacy/runtime/safety"
)

// treeAutorun lists the tree's places whose content runs later on its own
// (defaults/sandbox/tree-autorun.txt).
var treeAutorun = lazy.Value[[]string]{New: func() []string {
	var out []string
	for _, l := range strings.Split(string(defaults.Read("sandbox/tree-autorun.txt")), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	return out
}}

// maxWatched bounds what a tripwire keeps in memory.
const maxWatched = 1 << 20

// tripwire is the content of a tree's autorun files before a command.
type tripwire struct {
	files map[string][]byte // absolute path → content; nil content: absent
	modes map[string]fs.FileMode
	dirs  []string // watched directories (new files in them count)
}

// addsCode reports whether a git config file gained a setting that runs
// a program.
func addsCode(old, cur []byte) bool {
	before := gitSettings(old)
	for kv := range gitSettings(cur) {
		if !before[kv] {
			k, v, _ := strings.Cut(kv, "=")
			if safety.GitConfigRunsCode(k, v) {
				return true
			}
		}
	}
	return false
}

// gitSettings reads a git config file as section.sub.key=value entries
// (enough to compare two versions; git's quoting rules are not needed).
func gitSettings(b []byte) map[string]bool {
	out := map[string]bool{}
	section := ""
	for _, l := range strings.Split(string(b), "\n") {
		l = strings.TrimSpace(l)
		if l == "" || l[0] == '#' || l[0] == ';' {
			continue
		}
		if strings.HasPrefix(l, "[") {
			name := strings.Trim(l, "[] ")
			if sec, sub, ok := strings.Cut(name, " "); ok {
				name = sec + "." + strings.Trim(sub, `"`)
			}
			section = strings.ToLower(name)
			continue
		}
		k, v, ok := strings.Cut(l, "=")
		if !ok {
			k, v = l, "true"
		}
		out[section+"."+strings.ToLower(strings.TrimSpace(k))+"="+strings.TrimSpace(v)] = true
	}
	return out
}

var hooksPath = lazy.Regexp{Expr: `(?im)^\s*hookspath\s*=\s*(\S+)`}

// watchTree records the tree's autorun files (and a core.hooksPath
// directory inside the tree).
func watchTree(tree string) *tripwire {
	w := &tripwire{files: map[string][]byte{}, modes: map[string]fs.FileMode{}}
	places := treeAutorun.Get()
	if b, err := os.ReadFile(filepath.Join(tree, ".git", "config")); err == nil {
		if m := hooksPath.Get().FindSubmatch(b); m != nil {
			p := string(m[1])
			if !filepath.IsAbs(p) {
				places = append(places, p)
			}
		}
	}
	size := 0
	add := func(p string) {
		b, err := os.ReadFile(p)
		if err != nil {
			w.files[p] = nil
			return
		}
		if size += len(b); size > maxWatched {
			return
		}
		w.files[p] = b
		if fi, err := os.Stat(p); err == nil {
			w.modes[p] = fi.Mode().Perm()
		}
	}
	for _, rel := range places {
		p := filepath.Join(tree, rel)
		if !within(tree, p) {
			continue
		}
		fi, err := os.Stat(p)
		if err == nil && fi.IsDir() {
			w.dirs = append(w.dirs, p)
			entries, _ := os.ReadDir(p)
			for _, e := range entries {
				if e.Type().IsRegular() {
					add(filepath.Join(p, e.Name()))
				}
			}
			continue
		}
		add(p)
	}
	return w
}

// restore puts back what changed since watchTree and returns the paths it
// put back, relative to tree.
func (w *tripwire) restore(tree string) []string {
	var changed []string
	seen := map[string]bool{}
	for _, d := range w.dirs {
		entries, _ := os.ReadDir(d)
		for _, e := range entries {
			p := filepath.Join(d, e.Name())
			if _, known := w.files[p]; !known {
				w.files[p] = nil // new: removing it restores
			}
		}
	}
	for p, old := range w.files {
		cur, err := os.ReadFile(p)
		same := err == nil && old != nil && bytes.Equal(cur, old) || err != nil && old == nil
		if !same && err == nil && old != nil && filepath.Base(p) == "config" && !addsCode(old, cur) {
			w.files[p] = cur // an ordinary change (a remote, a branch's upstream)
			continue
		}
		if fi, err := os.Stat(p); same && err == nil && old != nil && fi.Mode().Perm() != w.modes[p] {
			same = false
		}
		if same || seen[p] {
			continue
		}
		seen[p] = true
		if old == nil {
			os.RemoveAll(p)
		} else {
			os.MkdirAll(filepath.Dir(p), 0o755)
			os.WriteFile(p, old, w.modes[p])
			os.Chmod(p, w.modes[p])
		}
		if rel, err := filepath.Rel(tree, p); err == nil {
			changed = append(changed, rel)
		}
	}
	sort.Strings(changed)
	return changed
}
