package names

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

func touchExe(t *testing.T, dir, name string, mode os.FileMode) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, name), []byte("#!/bin/sh\n"), mode); err != nil {
		t.Fatal(err)
	}
}

func TestPathIndex(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	touchExe(t, a, "tool", 0o755)
	touchExe(t, a, "notes.txt", 0o644)
	if err := os.Symlink("/nonexistent", filepath.Join(a, "link")); err != nil {
		t.Fatal(err)
	}
	touchExe(t, b, "other", 0o755)
	if err := os.Mkdir(filepath.Join(b, "subdir"), 0o755); err != nil {
		t.Fatal(err)
	}

	p := NewPathIndex(a + string(os.PathListSeparator) + "/does/not/exist")
	now := time.Unix(1000, 0)
	p.now = func() time.Time { return now }
	for name, want := range map[string]bool{"tool": true, "link": true, "notes.txt": false, "other": false, "a/tool": false, "": false} {
		if got := p.Has(name); got != want {
			t.Errorf("Has(%q) = %v, want %v", name, got, want)
		}
	}

	// A new PATH is indexed at once.
	path := a + string(os.PathListSeparator) + b
	p.Refresh(path)
	if !p.Has("other") || p.Has("subdir") {
		t.Errorf("after Refresh(new PATH): other=%v subdir=%v", p.Has("other"), p.Has("subdir"))
	}

	// A new program shows up once the directory's mtime moved and the
	// interval has passed, not before.
	touchExe(t, b, "fresh", 0o755)
	later := time.Now().Add(time.Minute)
	if err := os.Chtimes(b, later, later); err != nil {
		t.Fatal(err)
	}
	now = now.Add(RefreshInterval / 2)
	p.Refresh(path)
	if p.Has("fresh") {
		t.Error("Refresh within the interval read the disk")
	}
	now = now.Add(RefreshInterval)
	p.Refresh(path)
	if !p.Has("fresh") {
		t.Error("Refresh after the interval missed a new program")
	}
	if p.Len() != 4 {
		t.Errorf("Len() = %d, want 4 (tool, link, other, fresh)", p.Len())
	}

	var nilIndex *PathIndex
	if nilIndex.Has("tool") || nilIndex.Len() != 0 {
		t.Error("a nil PathIndex knows programs")
	}
}
