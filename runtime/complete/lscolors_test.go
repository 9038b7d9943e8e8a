package complete

import (
	"io/fs"
	"strings"
	"testing"
)

func TestLSColors(t *testing.T) {
	c := ParseLSColors("di=01;34:ln=01;36:ex=01;32:fi=0:*.tar=01;31:*.gz=01;31:*.tar.gz=35:*README=33:bad:x=zz")
	tests := []struct {
		name string
		mode fs.FileMode
		want string
	}{
		{"src/", fs.ModeDir | 0o755, "\x1b[01;34m"},
		{"link", fs.ModeSymlink | 0o777, "\x1b[01;36m"},
		{"run.sh", 0o755, "\x1b[01;32m"},
		{"a.TAR", 0o644, "\x1b[01;31m"},
		{"a.tar.gz", 0o644, "\x1b[35m"}, // the longest suffix wins
		{"README", 0o644, "\x1b[33m"},
		{"notes.txt", 0o644, "\x1b[0m"},
	}
	for _, tt := range tests {
		if got := c.Style(tt.name, tt.mode); got != tt.want {
			t.Errorf("Style(%q, %v) = %q, want %q", tt.name, tt.mode, got, tt.want)
		}
		// Params is what the menu takes: the same, without ESC [ and m.
		if got, want := c.Params(tt.name, tt.mode), strings.TrimSuffix(strings.TrimPrefix(tt.want, "\x1b["), "m"); got != want {
			t.Errorf("Params(%q, %v) = %q, want %q", tt.name, tt.mode, got, want)
		}
	}
	def := ParseLSColors("")
	if got := def.Style("dir/", fs.ModeDir); got != "\x1b[01;34m" {
		t.Errorf("default directory colour = %q", got)
	}
	if got := def.Style("notes.txt", 0o644); got != "" {
		t.Errorf("default plain file colour = %q", got)
	}
}
