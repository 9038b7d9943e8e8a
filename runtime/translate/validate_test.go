package translate

import (
	"os"
	"path/filepath"
	"testing"
)

func TestCheck(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "run.sh"), []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	known := func(name string) bool {
		switch name {
		case "find", "ls", "grep", "xargs", "kill", "lsof", "sudo", "rm", "myfunc":
			return true
		}
		return false
	}
	tests := []struct {
		line, err string
	}{
		{"find . -type f -size +100M", ""},
		{"lsof -ti:3000 | xargs kill", ""},
		{"for f in *; do echo $f; done", ""},
		{"cd /tmp && ls", ""},
		{"myfunc arg", ""},
		{"./run.sh", ""},
		{"FOO=1 ls", ""},
		{"$EDITOR notes.txt", ""},
		{"fnd . -name x", "`fnd`: not installed here"},
		{"ls | grpe x", "`grpe`: not installed here"},
		{"sudo fnd /", "`fnd`: not installed here"},
		{"sudo -u root fnd /", "`fnd`: not installed here"},
		{"sudo -g wheel -- fnd /", "`fnd`: not installed here"},
		{"xargs -I{} fnd {}", "`fnd`: not installed here"},
		{"find . | xargs -0 rmm", "`rmm`: not installed here"},
		{"echo $(fnd .)", "`fnd`: not installed here"},
		{"./missing.sh", "`./missing.sh`: no such executable here"},
		{"I cannot help with that.", "`I`: not installed here"},
		{"ls 'unclosed", "not a command line: 1:4: reached EOF without closing quote `'`"},
		{"I'm sorry, but I can't help with that.", "not a command line: `Im sorry, but I cant` is not a program name"},
		{"'fnd' .", "`fnd`: not installed here"},
		{`"find" . -name x`, ""},
	}
	for _, tt := range tests {
		err := Check(tt.line, dir, known)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tt.err {
			t.Errorf("Check(%q) = %q, want %q", tt.line, got, tt.err)
		}
	}
}

// FuzzCheck checks that any line is judged without a panic.
func FuzzCheck(f *testing.F) {
	for _, s := range []string{"find . -size +1M", "sudo env A=1 timeout 5 fnd", "ls | xargs -0", "$(", "for i in; do :; done", "./x"} {
		f.Add(s)
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, line string) {
		_ = Check(line, dir, func(string) bool { return false })
		_, _ = Offline(line, nil)
	})
}
