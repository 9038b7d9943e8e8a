// Package project lists the names a command line in a directory can
// mean: the git repository's branches, tags and remotes, the Makefile's
// targets, package.json's scripts. The corrector uses them to fix a
// mistyped one (git switch devlop → develop, make tset → test). It reads a
// few small files and never runs anything; nothing is cached, so a branch
// made a second ago is known.
package project

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// The kinds of names.
const (
	Branch = "branch" // local branches, then remote-tracking ones without the remote
	Tag    = "tag"
	Remote = "remote"
	Target = "target" // make targets
	Script = "script" // package.json scripts
)

// maxRefs bounds the refs read from a large repository.
const maxRefs = 5000

// Names returns the names of kind that exist for a command run in dir,
// sorted, without duplicates; nil when there are none or dir is not in
// such a project.
func Names(dir, kind string) []string {
	switch kind {
	case Branch, Tag, Remote:
		g := gitDir(dir)
		if g == "" {
			return nil
		}
		switch kind {
		case Branch:
			return refs(g, "refs/heads/", "refs/remotes/")
		case Tag:
			return refs(g, "refs/tags/")
		default:
			return remotes(g)
		}
	case Target:
		return makeTargets(dir)
	case Script:
		return scripts(dir)
	}
	return nil
}

// gitDir finds the repository's common git directory from dir upwards
// (a worktree's .git file and commondir are followed); "" outside one.
func gitDir(dir string) string {
	for d := dir; d != ""; {
		p := filepath.Join(d, ".git")
		fi, err := os.Stat(p)
		if err == nil {
			if fi.IsDir() {
				return p
			}
			b, err := os.ReadFile(p)
			if err != nil {
				return ""
			}
			g, ok := strings.CutPrefix(strings.TrimSpace(string(b)), "gitdir: ")
			if !ok {
				return ""
			}
			if !filepath.IsAbs(g) {
				g = filepath.Join(d, g)
			}
			if c, err := os.ReadFile(filepath.Join(g, "commondir")); err == nil {
				cd := strings.TrimSpace(string(c))
				if !filepath.IsAbs(cd) {
					cd = filepath.Join(g, cd)
				}
				return filepath.Clean(cd)
			}
			return g
		}
		parent := filepath.Dir(d)
		if parent == d {
			break
		}
		d = parent
	}
	return ""
}

// refs lists the refs under the given prefixes, loose and packed, with the
// prefix removed; a remote-tracking branch loses its remote too
// (origin/feature → feature), as git switch accepts it.
func refs(g string, prefixes ...string) []string {
	seen := map[string]bool{}
	add := func(name string) {
		for _, p := range prefixes {
			if rest, ok := strings.CutPrefix(name, p); ok {
				if p == "refs/remotes/" {
					_, rest, ok = strings.Cut(rest, "/")
					if !ok || rest == "HEAD" {
						return
					}
				}
				if rest != "" && len(seen) < maxRefs {
					seen[rest] = true
				}
				return
			}
		}
	}
	for _, p := range prefixes {
		root := filepath.Join(g, filepath.FromSlash(p))
		_ = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || len(seen) >= maxRefs {
				return filepath.SkipDir
			}
			if !d.IsDir() {
				if rel, err := filepath.Rel(g, path); err == nil {
					add(filepath.ToSlash(rel))
				}
			}
			return nil
		})
	}
	if b, err := os.ReadFile(filepath.Join(g, "packed-refs")); err == nil {
		sc := bufio.NewScanner(bytes.NewReader(b))
		for sc.Scan() {
			line := sc.Text()
			if line == "" || line[0] == '#' || line[0] == '^' {
				continue
			}
			if _, name, ok := strings.Cut(line, " "); ok {
				add(name)
			}
		}
	}
	return sorted(seen)
}

// remotes lists the [remote "name"] sections of the repository's config.
func remotes(g string) []string {
	b, err := os.ReadFile(filepath.Join(g, "config"))
	if err != nil {
		return nil
	}
	seen := map[string]bool{}
	for _, line := range strings.Split(string(b), "\n") {
		t := strings.TrimSpace(line)
		if rest, ok := strings.CutPrefix(t, "[remote \""); ok {
			if name, _, ok := strings.Cut(rest, "\"]"); ok && name != "" {
				seen[name] = true
			}
		}
	}
	return sorted(seen)
}

// makeTargets lists the explicit targets of the directory's makefile
// (GNUmakefile, makefile or Makefile, as make looks for them): words
// before a colon at the start of a line, not variables, patterns or
// special targets.
func makeTargets(dir string) []string {
	var b []byte
	for _, n := range []string{"GNUmakefile", "makefile", "Makefile"} {
		var err error
		if b, err = os.ReadFile(filepath.Join(dir, n)); err == nil {
			break
		}
	}
	if b == nil {
		return nil
	}
	seen := map[string]bool{}
	for _, line := range strings.Split(string(b), "\n") {
		if line == "" || line[0] == '\t' || line[0] == '#' || line[0] == ' ' {
			continue
		}
		head, rest, ok := strings.Cut(line, ":")
		if !ok || strings.HasPrefix(rest, "=") || strings.ContainsAny(head, "=$%()") {
			continue
		}
		for _, t := range strings.Fields(head) {
			if !strings.HasPrefix(t, ".") {
				seen[t] = true
			}
		}
	}
	return sorted(seen)
}

// scripts lists package.json's scripts.
func scripts(dir string) []string {
	b, err := os.ReadFile(filepath.Join(dir, "package.json"))
	if err != nil {
		return nil
	}
	var p struct {
		Scripts map[string]any `json:"scripts"`
	}
	if json.Unmarshal(b, &p) != nil {
		return nil
	}
	seen := map[string]bool{}
	for k := range p.Scripts {
		seen[k] = true
	}
	return sorted(seen)
}

func sorted(m map[string]bool) []string {
	if len(m) == 0 {
		return nil
	}
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
