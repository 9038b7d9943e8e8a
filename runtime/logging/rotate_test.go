package logging

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestRotatingFileOpensOnFirstWriteAndAppends(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "lacy.log")
	w := newRotatingFile(path, 1<<20, 3)
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Fatalf("file exists before the first write: %v", err)
	}
	for _, line := range []string{"one\n", "two\n"} {
		if _, err := w.Write([]byte(line)); err != nil {
			t.Fatal(err)
		}
	}
	w.Close()
	w2 := newRotatingFile(path, 1<<20, 3)
	w2.Write([]byte("three\n"))
	w2.Close()
	if b, _ := os.ReadFile(path); string(b) != "one\ntwo\nthree\n" {
		t.Errorf("file holds %q", b)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600", fi.Mode().Perm())
	}
}

func TestRotatingFileRotatesAndKeepsTheNewestBackups(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "lacy.log")
	w := newRotatingFile(path, 10, 2)
	clock := time.Date(2026, 11, 26, 8, 0, 0, 0, time.UTC)
	w.now = func() time.Time { clock = clock.Add(time.Second); return clock }
	os.WriteFile(filepath.Join(dir, "other.log"), nil, 0o600)                              // not a backup
	os.WriteFile(filepath.Join(dir, "lacy-notatime.log"), nil, 0o600)                      // not a backup
	for _, line := range []string{"aaaaaa\n", "bbbbbb\n", "cccccc\n", "dddddd\n", "e\n"} { // 7 bytes: one per file
		if _, err := w.Write([]byte(line)); err != nil {
			t.Fatal(err)
		}
	}
	w.Close()
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	want := []string{"lacy-2026-11-26T08-00-02.000.log", "lacy-2026-11-26T08-00-03.000.log", "lacy-notatime.log", "lacy.log", "other.log"}
	if !slices.Equal(names, want) {
		t.Errorf("directory holds %q, want %q", names, want)
	}
	for name, content := range map[string]string{"lacy.log": "dddddd\ne\n", "lacy-2026-11-26T08-00-03.000.log": "cccccc\n"} {
		if b, _ := os.ReadFile(filepath.Join(dir, name)); string(b) != content {
			t.Errorf("%s holds %q, want %q", name, b, content)
		}
	}
}

func TestRotatingFileTakesALineLargerThanTheLimit(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lacy.log")
	w := newRotatingFile(path, 4, 1)
	big := strings.Repeat("x", 10) + "\n"
	if n, err := w.Write([]byte(big)); err != nil || n != len(big) {
		t.Fatalf("Write = %d, %v", n, err)
	}
	w.Close()
	if b, _ := os.ReadFile(path); string(b) != big {
		t.Errorf("file holds %q", b)
	}
}
