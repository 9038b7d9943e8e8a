package undo

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func setup(t *testing.T) (*Store, string) {
	t.Helper()
	base := t.TempDir()
	tree := filepath.Join(base, "tree")
	for p, c := range map[string]string{"a.txt": "A\n", "build/x.o": "x", "build/sub/y.o": "yy", "docs/guide.md": "guide\n"} {
		os.MkdirAll(filepath.Dir(filepath.Join(tree, p)), 0o755)
		os.WriteFile(filepath.Join(tree, p), []byte(c), 0o644)
	}
	return New(filepath.Join(base, "state", "undo")), tree
}

func read(t *testing.T, p string) string {
	b, err := os.ReadFile(p)
	if err != nil {
		return "<" + err.Error() + ">"
	}
	return string(b)
}

// TestUndoThreeChanges: three agent changes (an edit, a new file, a
// deleted tree) are undone newest first, each saying what it restored.
func TestUndoThreeChanges(t *testing.T) {
	s, tree := setup(t)
	clock := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	s.Now = func() time.Time { clock = clock.Add(time.Second); return clock }

	// 1. write_file over a.txt
	if _, err := s.Take("write_file a.txt", tree, []string{tree + "/a.txt"}); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(tree+"/a.txt", []byte("pwned\n"), 0o644)
	// 2. write_file of a new file
	if _, err := s.Take("write_file new.txt", tree, []string{tree + "/new.txt"}); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(tree+"/new.txt", []byte("new\n"), 0o644)
	// 3. rm -rf build
	if _, err := s.Take("rm -rf build", tree, []string{tree + "/build"}); err != nil {
		t.Fatal(err)
	}
	os.RemoveAll(tree + "/build")

	if l := s.List(); len(l) != 3 || l[0].What != "rm -rf build" {
		t.Fatalf("list: %+v", l)
	}
	_, msg, err := s.Undo("")
	if err != nil || read(t, tree+"/build/sub/y.o") != "yy" || read(t, tree+"/build/x.o") != "x" {
		t.Fatalf("undo rm: %v %q", err, msg)
	}
	if msg != "restored 2 files in build as they were before rm -rf build" {
		t.Errorf("message %q", msg)
	}
	_, msg, err = s.Undo("")
	if _, serr := os.Stat(tree + "/new.txt"); err != nil || serr == nil {
		t.Fatalf("undo new file: %v %q", err, msg)
	}
	if !strings.Contains(msg, "removed 1 new file in new.txt") {
		t.Errorf("message %q", msg)
	}
	_, msg, err = s.Undo("")
	if err != nil || read(t, tree+"/a.txt") != "A\n" {
		t.Fatalf("undo edit: %v %q", err, msg)
	}
	if _, _, err := s.Undo(""); err == nil || !strings.Contains(err.Error(), "nothing to undo") {
		t.Errorf("empty: %v", err)
	}
}

func TestBounds(t *testing.T) {
	s, tree := setup(t)
	s.MaxSnapshot = 2
	if _, err := s.Take("rm -rf build", tree, []string{tree + "/build"}); err != ErrTooLarge {
		t.Errorf("too large: %v", err)
	}
	if len(s.List()) != 0 {
		t.Error("a refused snapshot was kept")
	}
	s.MaxSnapshot = DefaultMaxSnapshot
	// Outside the tree: nothing taken.
	if _, err := s.Take("write_file ~/.bashrc", tree, []string{filepath.Dir(tree) + "/x"}); err == nil {
		t.Error("snapshotted outside the tree")
	}
	// Expiry and count.
	clock := time.Now()
	s.Now = func() time.Time { return clock }
	s.Keep = 2
	for i := range 3 {
		clock = clock.Add(time.Second)
		if _, err := s.Take("edit "+string(rune('a'+i)), tree, []string{tree + "/a.txt"}); err != nil {
			t.Fatal(err)
		}
	}
	if l := s.List(); len(l) != 2 || l[0].What != "edit c" {
		t.Fatalf("keep: %+v", l)
	}
	clock = clock.Add(DefaultTTL + time.Hour)
	if l := s.List(); len(l) != 0 {
		t.Fatalf("expired ones kept: %d", len(l))
	}
}

// TestFullDisk: a store that cannot be written reports an error and keeps
// nothing half-made.
func TestFullDisk(t *testing.T) {
	s, tree := setup(t)
	os.WriteFile(filepath.Dir(s.Dir)+"/undo", []byte("a file where the directory should be"), 0o644)
	os.MkdirAll(filepath.Dir(s.Dir), 0o755)
	os.WriteFile(s.Dir, []byte("x"), 0o644)
	if _, err := s.Take("write_file a.txt", tree, []string{tree + "/a.txt"}); err == nil {
		t.Error("no error")
	}
}
