// Package realpath resolves symbolic links in paths that may not exist yet.
package realpath

import "path/filepath"

// Prefix resolves the symlinks of p's longest existing prefix and appends
// the rest unchanged, so a path to a file about to be written is judged
// where it will land. p is returned as it is when no prefix resolves.
func Prefix(p string) string {
	rest := ""
	for d := p; ; {
		if r, err := filepath.EvalSymlinks(d); err == nil {
			return filepath.Join(r, rest)
		}
		parent := filepath.Dir(d)
		if parent == d {
			return p
		}
		rest = filepath.Join(filepath.Base(d), rest)
		d = parent
	}
}
