package blast

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func tree(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	write := func(p string, n int) {
		os.MkdirAll(filepath.Dir(filepath.Join(dir, p)), 0o755)
		os.WriteFile(filepath.Join(dir, p), []byte(strings.Repeat("x", n)), 0o644)
	}
	for i := range 1204 {
		write(filepath.Join("build", "obj", string(rune('a'+i%26)), "f"+Thousands(int64(i))+".o"), 1000)
	}
	write("notes.txt", 10)
	write("src/a.go", 100)
	write("src/b.go", 200)
	return dir
}

func TestPreview(t *testing.T) {
	dir := tree(t)
	cases := []struct{ cmd, want string }{
		{"rm -rf build", "would delete 1,204 files, 1.2 MB in build/"},
		{"sudo rm -rf build/", "would delete 1,204 files, 1.2 MB in build/"},
		{"rm -f src/*.go", "would delete 2 files, 300 B in src/"},
		{"find build -name '*.o' -delete", "would delete 1,204 files, 1.2 MB in build/"},
		{"echo x > notes.txt", "would overwrite 1 file, 10 B in notes.txt"},
		{"cp src/a.go notes.txt", "would overwrite 1 file, 10 B in notes.txt"},
		{"sed -i s/a/b/ src/a.go", "would overwrite 1 file, 100 B in src/a.go"},
		{"rm -rf nothing-here", ""},
		{"rm -rf $DIR", "would touch files named at run time, which lacy cannot count"},
		{"ls -la", ""},
	}
	for _, c := range cases {
		if got := Preview(context.Background(), c.cmd, Options{Dir: dir}).String(); got != c.want {
			t.Errorf("%q:\n got %q\nwant %q", c.cmd, got, c.want)
		}
	}
}

// TestPreviewIsBounded: a walk that outlasts its time bound stops and says
// its counts are lower bounds.
func TestPreviewIsBounded(t *testing.T) {
	dir := tree(t)
	r := Preview(context.Background(), "rm -rf build", Options{Dir: dir, Timeout: time.Nanosecond})
	if !r.Partial || !strings.Contains(r.String(), "at least") {
		t.Errorf("not partial: %+v %q", r, r.String())
	}
}

func TestSize(t *testing.T) {
	for n, want := range map[int64]string{0: "0 B", 999: "999 B", 1000: "1.0 KB", 3_200_000_000: "3.2 GB", 1_500_000: "1.5 MB"} {
		if got := Size(n); got != want {
			t.Errorf("Size(%d) = %q, want %q", n, got, want)
		}
	}
	if got := Thousands(1234567); got != "1,234,567" {
		t.Error(got)
	}
}

func FuzzTargets(f *testing.F) {
	for _, s := range []string{"rm -rf build", "find . -delete", "echo > x", "mv a b c", "dd of=x", "tar --remove-files -cf a b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, cmd string) {
		Targets(cmd, "/nonexistent", "/nonexistent-home")
	})
}
