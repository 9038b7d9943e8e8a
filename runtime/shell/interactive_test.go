package shell

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestInteractiveCommands(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name, src, want string
		status          int
	}{
		{"command_not_found_handle", `command_not_found_handle() { echo "handled $1 [$2]"; return 127; }; ehco hi; echo $?`, "handled ehco [hi]\n127\n", 0},
		{"handler not for paths", `command_not_found_handle() { echo handled; }; ./nope 2>/dev/null; echo $?`, "127\n", 0},
		{"handler not for programs", `command_not_found_handle() { echo handled; }; true; echo ok`, "ok\n", 0},
		{"autocd", `mkdir -p sub/deep; shopt -s autocd; sub 2>/dev/null; pwd | sed 's,.*/,,'`, "sub\n", 0},
		{"autocd off", `mkdir -p sub; sub 2>/dev/null; echo $?`, "127\n", 0},
		{"cdspell", `mkdir -p project; shopt -s cdspell; cd porject 2>/dev/null; pwd | sed 's,.*/,,'`, "project\n", 0},
		{"shopt NAME", `shopt autocd; shopt -s autocd; shopt autocd; shopt -p cdspell`, "autocd         \toff\nautocd         \ton\nshopt -u cdspell\n", 1},
		{"shopt invalid", `shopt nosuch 2>&1; echo $?`, "lacy: shopt: nosuch: invalid shell option name\n1\n", 0},
		{"shopt -q", `shopt -s histappend; shopt -q histappend && echo on`, "on\n", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sh, out := newInteractive(t)
			status, _ := sh.Run(ctx, tt.src, "t")
			if got := out.String(); got != tt.want || status != tt.status {
				t.Errorf("got %q (status %d), want %q (%d)", got, status, tt.want, tt.status)
			}
		})
	}
}

func TestSpellDir(t *testing.T) {
	dir := t.TempDir()
	for _, d := range []string{"project/src", "docs"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct{ arg, want string }{
		{"porject", "project"}, {"projct/src", "project/src"}, {"docss", "docs"}, {"dcs", "docs"},
		{"project/scr", "project/src"}, {"zzz", ""},
	}
	for _, tt := range tests {
		got, ok := spellDir(dir, tt.arg)
		if !ok {
			got = ""
		}
		if got != tt.want {
			t.Errorf("spellDir(%q) = %q, want %q", tt.arg, got, tt.want)
		}
	}
	if !strings.HasPrefix(dir, "/") {
		t.Fatal(dir)
	}
}
