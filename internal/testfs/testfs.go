// Package testfs gives tests a small filesystem that fills up: a tmpfs of a
// given size, for the paths that must survive a full disk.
package testfs

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// Small mounts a tmpfs of size bytes (rounded up to whole pages) on a new
// directory and returns it; it is unmounted when the test ends. Mounting
// needs root (CAP_SYS_ADMIN): without it the test is skipped.
func Small(t testing.TB, size string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "small")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mount("tmpfs", dir, "tmpfs", 0, "size="+size); err != nil {
		t.Skipf("cannot mount a tmpfs here (%v): needs root", err)
	}
	t.Cleanup(func() { _ = syscall.Unmount(dir, syscall.MNT_DETACH) })
	return dir
}

// Fill writes a file in dir until the filesystem is full, leaving room
// bytes free (tmpfs counts whole pages).
func Fill(t testing.TB, dir string, room int) {
	t.Helper()
	f, err := os.Create(filepath.Join(dir, "filler"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		t.Fatal(err)
	}
	free := int64(st.Bavail)*int64(st.Bsize) - int64(room)
	if free > 0 {
		if _, err := f.Write(make([]byte, free)); err != nil {
			t.Fatal(err)
		}
	}
}
