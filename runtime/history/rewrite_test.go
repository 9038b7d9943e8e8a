package history

import (
	"path/filepath"
	"testing"
)

func TestKeepRewritesForEverySession(t *testing.T) {
	path := filepath.Join(t.TempDir(), "history")
	a, b := open(t, path), open(t, path)
	for _, c := range []string{"one", "secret-token", "three"} {
		if err := a.Append(Entry{Command: c}); err != nil {
			t.Fatal(err)
		}
	}
	if err := a.Keep(func(i int, e Entry) bool { return e.Command != "secret-token" }); err != nil {
		t.Fatal(err)
	}
	if err := b.Refresh(); err != nil {
		t.Fatal(err)
	}
	for name, s := range map[string]*Store{"writer": a, "other session": b} {
		var got []string
		for _, e := range s.All() {
			got = append(got, e.Command)
		}
		if len(got) != 2 || got[0] != "one" || got[1] != "three" {
			t.Errorf("%s sees %q", name, got)
		}
	}
	if err := a.Append(Entry{Command: "four"}); err != nil || a.Len() != 3 {
		t.Errorf("append after Keep: %v, Len %d", err, a.Len())
	}
	l := a.Readline()
	l.SetStart(2)
	if n := l.Len(); n != 1 {
		t.Errorf("Len after SetStart(2) = %d, want 1", n)
	}
	if c, _ := l.GetLine(0); c != "four" {
		t.Errorf("GetLine(0) = %q", c)
	}
}
