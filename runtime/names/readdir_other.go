//go:build !linux

package names

import "os"

// direntBuf is the size of readExecutables' scratch buffer (unused here).
const direntBuf = 0

// readExecutables lists the entries of dir that can be run: regular files
// with an execute bit, and symlinks (not followed, to keep indexing cheap).
// Each name is followed by a NUL, which no file name holds.
func readExecutables(dir string, _ []byte) string {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return ""
	}
	var names []byte
	for _, e := range ents {
		switch t := e.Type(); {
		case t&os.ModeSymlink != 0:
			names = append(append(names, e.Name()...), 0)
		case t.IsRegular():
			if fi, err := e.Info(); err == nil && fi.Mode().Perm()&0o111 != 0 {
				names = append(append(names, e.Name()...), 0)
			}
		}
	}
	return string(names)
}
