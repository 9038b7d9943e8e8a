package helpopts

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// TestLearnOncePerVersion: a program's help runs once per version (its
// size and mtime), the answer survives a restart, and a new version is
// learned again. The bridge's candidates win over --help when they hold
// long options.
func TestLearnOncePerVersion(t *testing.T) {
	dir := t.TempDir()
	prog := filepath.Join(dir, "frob")
	if err := os.WriteFile(prog, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "cache", "options.json")
	newCache := func() *Cache {
		c := Open(file)
		c.LookPath = func(string) (string, error) { return prog, nil }
		c.Run = func(_ context.Context, _ string, args []string) string {
			return "Usage: frob [OPTION]\n  -v, --verbose   say more\n      --color=WHEN  paint\nCommands:\n  build   Build it\n  test    Test it\n"
		}
		return c
	}
	c := newCache()
	if _, _, ok := c.Lookup("frob", ""); ok {
		t.Fatal("known before learning")
	}
	ctx := context.Background()
	for i := 0; i < 3; i++ {
		if err := c.Learn(ctx, "frob", ""); err != nil {
			t.Fatal(err)
		}
	}
	if c.Runs() != 1 {
		t.Errorf("help ran %d times, want once", c.Runs())
	}
	opts, subs, ok := c.Lookup("frob", "")
	if !ok || !slices.Contains(opts, "--color") || !slices.Contains(subs, "build") {
		t.Fatalf("Lookup = %q %q %v", opts, subs, ok)
	}
	// A restart reads the file: nothing runs again.
	c2 := newCache()
	if _, _, ok := c2.Lookup("frob", ""); !ok {
		t.Fatal("lost on restart")
	}
	_ = c2.Learn(ctx, "frob", "")
	if c2.Runs() != 0 {
		t.Errorf("help ran again after a restart")
	}
	// A new version of the program.
	if err := os.WriteFile(prog, []byte("#!/bin/sh\n# v2\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	future := time.Now().Add(time.Hour)
	_ = os.Chtimes(prog, future, future)
	if _, _, ok := c2.Lookup("frob", ""); ok {
		t.Error("an old version's options used for a new one")
	}
	_ = c2.Learn(ctx, "frob", "")
	if c2.Runs() != 1 {
		t.Errorf("help runs after a new version: %d, want 1", c2.Runs())
	}
	// The bridge answers: --help is not run.
	c3 := Open("")
	c3.LookPath = c.LookPath
	c3.Run = func(context.Context, string, []string) string {
		t.Error("help ran though the bridge answered")
		return ""
	}
	c3.Complete = func(_ context.Context, words []string) []string {
		if words[len(words)-1] == "" {
			return []string{"build ", "test "}
		}
		return []string{"--verbose ", "--color="}
	}
	_ = c3.Learn(ctx, "frob", "")
	if opts, subs, _ := c3.Lookup("frob", ""); !slices.Equal(opts, []string{"--color", "--verbose"}) || !slices.Equal(subs, []string{"build", "test"}) {
		t.Errorf("from the bridge: %q %q", opts, subs)
	}
}
