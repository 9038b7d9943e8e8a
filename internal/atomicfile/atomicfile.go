// Package atomicfile replaces small files whole: a full disk or a crash
// leaves the old content, never an empty or cut file.
package atomicfile

import (
	"os"
	"path/filepath"
)

// Write replaces dir/name with data, readable by the user only: a
// temporary file in dir (created with its parents, 0700) renamed over it.
func Write(dir, name string, data []byte) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, "."+name+"-*")
	if err != nil {
		return err
	}
	_, err = tmp.Write(data)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), filepath.Join(dir, name))
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}
