package realpath

import (
	"os"
	"path/filepath"
	"testing"
)

func TestPrefix(t *testing.T) {
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(dir, "target")
	if err := os.Mkdir(target, 0o755); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	cases := []struct{ in, want string }{
		{link, target},
		{filepath.Join(link, "new", "file"), filepath.Join(target, "new", "file")},
		{filepath.Join(dir, "missing", "x"), filepath.Join(dir, "missing", "x")},
	}
	for _, c := range cases {
		if got := Prefix(c.in); got != c.want {
			t.Errorf("Prefix(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
