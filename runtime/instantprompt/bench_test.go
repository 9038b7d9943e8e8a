package instantprompt

import (
	"os"
	"testing"
)

// BenchmarkKeyLoad is the instant prompt's work before its one write: the
// key (a stat per start-up file, the binary's identity) and the entry read.
func BenchmarkKeyLoad(b *testing.B) {
	dir := b.TempDir()
	wd, _ := os.Getwd()
	in := Inputs{Binary: Binary(), Cwd: wd, Width: 100, Files: []string{"/etc/profile", "/nonexistent/a", "/nonexistent/b"}}
	_ = Store(dir, Key(in), []byte("lacy ~ ▌ "))
	for b.Loop() {
		in.Binary = Binary()
		in.Cwd = wd
		if _, ok := Load(dir, Key(in)); !ok {
			b.Fatal("miss")
		}
	}
}
