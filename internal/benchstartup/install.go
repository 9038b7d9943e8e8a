package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
)

// installed copies the binary at bin and its lacy* siblings (lacy-full, the
// agent process and subcommands) into a new folder under root and returns
// the copy's path: bench-startup measures lacy as it runs once installed.
// A binary the Go linker has just written sits in the page cache as 4 KiB
// pages (the linker writes through a memory map), while an installed or
// re-read one, or a copy, sits in large folios, which the page faults of
// start-up map many pages at a time: the same bytes start 0.5-1 ms slower
// straight from the linker on this machine (docs/performance.md). On error
// bin itself is returned.
func installed(bin, root string) string {
	dir, err := os.MkdirTemp(root, "bin-")
	if err != nil {
		return bin
	}
	entries, err := os.ReadDir(filepath.Dir(bin))
	if err != nil {
		return bin
	}
	for _, e := range entries {
		name := e.Name()
		if !e.Type().IsRegular() || (name != filepath.Base(bin) && !strings.HasPrefix(name, "lacy")) {
			continue
		}
		if err := copyFile(filepath.Join(filepath.Dir(bin), name), filepath.Join(dir, name)); err != nil {
			return bin
		}
	}
	return filepath.Join(dir, filepath.Base(bin))
}

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o755)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
