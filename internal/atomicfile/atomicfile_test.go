package atomicfile

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/lacy-sh/lacy/internal/testfs"
)

func TestWrite(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "a", "b")
	for _, content := range []string{"one\n", "two\n"} {
		if err := Write(dir, "f", []byte(content)); err != nil {
			t.Fatal(err)
		}
		if b, _ := os.ReadFile(filepath.Join(dir, "f")); string(b) != content {
			t.Fatalf("content %q, want %q", b, content)
		}
	}
	if fi, _ := os.Stat(filepath.Join(dir, "f")); fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600", fi.Mode().Perm())
	}
}

// On a full disk the old content stays and no temporary file is left.
func TestWriteFullDiskKeepsTheOldFile(t *testing.T) {
	dir := testfs.Small(t, "16k")
	if err := Write(dir, "mode", []byte("shell\n")); err != nil {
		t.Fatal(err)
	}
	testfs.Fill(t, dir, 0)
	if err := Write(dir, "mode", []byte(string(make([]byte, 8192)))); err == nil {
		t.Fatal("no error on a full disk")
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "mode")); string(b) != "shell\n" {
		t.Fatalf("old content lost: %q", b)
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if e.Name() != "mode" && e.Name() != "filler" {
			t.Errorf("left behind: %s", e.Name())
		}
	}
}
