package names

import (
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
)

type fakeSession struct{ aliases, funcs []string }

func (f fakeSession) HasAlias(n string) bool    { return slices.Contains(f.aliases, n) }
func (f fakeSession) HasFunction(n string) bool { return slices.Contains(f.funcs, n) }
func (f fakeSession) Functions() []string       { return f.funcs }
func (f fakeSession) Aliases() map[string]string {
	m := map[string]string{}
	for _, a := range f.aliases {
		m[a] = a
	}
	return m
}

func TestKindInBashOrder(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"prog", "ll", "cd"} {
		if err := os.WriteFile(filepath.Join(dir, n), []byte("#!/bin/sh\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	s := New(dir, []string{"cd", "echo"}, fakeSession{aliases: []string{"ll"}, funcs: []string{"f", "ll"}})
	for _, c := range []struct {
		name string
		want Kind
	}{
		{"ll", Alias}, {"f", Function}, {"cd", Builtin}, {"echo", Builtin}, {"prog", Program},
		{"nope", None}, {"", None}, {"a/prog", None},
	} {
		if got := s.Kind(c.name); got != c.want {
			t.Errorf("Kind(%q) = %v, want %v", c.name, got, c.want)
		}
	}
	if !s.OnPath("cd") || s.OnPath("echo") {
		t.Error("OnPath should see the program cd and not the builtin echo")
	}
	if got, want := s.All(), []string{"cd", "echo", "f", "ll", "prog"}; !slices.Equal(got, want) {
		t.Errorf("All() = %q, want %q", got, want)
	}
	if !s.Defined("f") || s.Defined("prog") {
		t.Error("Defined: functions and aliases only")
	}
}

func TestNilAndNoSession(t *testing.T) {
	var s *Set
	if s.Has("ls") || s.All() != nil {
		t.Error("a nil Set knows nothing")
	}
	p := New("", []string{"cd"}, nil)
	if p.Kind("cd") != Builtin || p.Has("ls") {
		t.Error("an empty PATH has builtins only")
	}
}

// Lookups race with SetSession and Refresh (the highlighter's goroutine
// against the line loop); run with -race.
func TestConcurrentUse(t *testing.T) {
	s := New(t.TempDir(), []string{"cd"}, nil)
	var wg sync.WaitGroup
	for i := 0; i < 4; i++ {
		wg.Add(2)
		go func() {
			defer wg.Done()
			for j := 0; j < 200; j++ {
				s.Has("cd")
				s.All()
			}
		}()
		go func() {
			defer wg.Done()
			for j := 0; j < 50; j++ {
				s.SetSession(fakeSession{funcs: []string{"f"}})
				s.Refresh(t.TempDir())
			}
		}()
	}
	wg.Wait()
}
