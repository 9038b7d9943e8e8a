package history

import "testing"

type entries []string

func (e entries) Len() int       { return len(e) }
func (e entries) At(i int) Entry { return Entry{Command: e[i]} }

func TestPrefixWalk(t *testing.T) {
	src := entries{"git status", "ls", "git push", "git status", "git log", "git"}
	var w PrefixWalk
	if !w.Begin("git ", "git ", src.Len()) {
		t.Fatal("a typed prefix is not a prefix walk")
	}
	// up, up, up: newest first, each once, never the prefix alone.
	steps := []struct {
		up   bool
		want string
		ok   bool
	}{
		{true, "git log", true}, {true, "git status", true}, {true, "git push", true},
		{true, "", false}, // nothing older
		{false, "git status", true}, {false, "git log", true},
		{false, "git ", true}, // back to the line as typed
		{false, "", false},
	}
	buf := "git "
	for i, st := range steps {
		if st.up || buf != "git " {
			// the walk goes on from what the last step left
			if !w.Begin(buf, "git ", src.Len()) {
				t.Fatalf("step %d: not a prefix walk", i)
			}
		}
		var got string
		var ok bool
		if st.up {
			got, ok = w.Up(src)
		} else {
			got, ok = w.Down()
		}
		if got != st.want || ok != st.ok {
			t.Fatalf("step %d: got %q, %v; want %q, %v", i, got, ok, st.want, st.ok)
		}
		if ok {
			buf = got
		}
	}
}

func TestPrefixWalkPlain(t *testing.T) {
	var w PrefixWalk
	if w.Begin("", "", 3) {
		t.Error("an empty line is a prefix walk")
	}
	w.Left("ls")
	if w.Begin("ls", "ls", 3) {
		t.Error("the editor's own walk did not go on")
	}
	if w.Begin("for x in a\ndo", "for", 3) {
		t.Error("a multi-line buffer is a prefix walk")
	}
	if !w.Begin("ec", "ec", 3) {
		t.Error("typed text after the editor's walk is not a new walk")
	}
	if _, ok := w.Up(entries{"ls", "cd", "pwd"}); ok {
		t.Error("a match for a prefix no entry has")
	}
}
