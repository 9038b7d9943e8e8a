package lastfail

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestSaveLoad(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state")
	if _, ok := Load(dir); ok {
		t.Fatal("loaded from nothing")
	}
	mask := func(s string) string { return strings.ReplaceAll(s, "hunter2", "[REDACTED]") }
	f := Failure{Command: "mysql -phunter2", Exit: 1, Cwd: "/w", Time: time.UnixMilli(1000), Tail: strings.Repeat("x", MaxTail) + "access denied for hunter2"}
	if err := Save(dir, f, mask); err != nil {
		t.Fatal(err)
	}
	got, ok := Load(dir)
	if !ok || got.Command != "mysql -p[REDACTED]" || !strings.HasSuffix(got.Tail, "access denied for [REDACTED]") || len(got.Tail) > MaxTail+10 {
		t.Fatalf("%+v", got)
	}
	if st, _ := os.Stat(filepath.Join(dir, FileName)); st.Mode().Perm() != 0o600 {
		t.Fatalf("mode %v", st.Mode())
	}
	os.WriteFile(filepath.Join(dir, FileName), []byte("{not json"), 0o600)
	if _, ok := Load(dir); ok {
		t.Fatal("a damaged file loaded")
	}
}
