package project

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestNames(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	write := func(name, body string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("Makefile", "VAR := x\n.PHONY: all\nall build: deps\n\techo\n%.o: %.c\n\tcc\ninstall-deps:\n\techo\nx = y:z\n")
	write("package.json", `{"scripts": {"dev": "vite", "test": "vitest"}}`)
	git := func(args string) {
		cmd := exec.Command("git", strings.Fields(args)...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_SYSTEM=/dev/null")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %s: %v\n%s", args, err, out)
		}
	}
	git("init -q -b main")
	git("-c user.email=a@b -c user.name=a commit -q --allow-empty -m x")
	git("branch feature/login")
	git("tag v1")
	git("remote add origin https://example.com/x")
	git("pack-refs --all") // packed refs are read too
	git("branch loose")
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		dir, kind string
		want      []string
	}{
		{dir, Branch, []string{"feature/login", "loose", "main"}},
		{sub, Branch, []string{"feature/login", "loose", "main"}}, // from a subdirectory
		{dir, Tag, []string{"v1"}},
		{dir, Remote, []string{"origin"}},
		{dir, Target, []string{"all", "build", "install-deps"}},
		{dir, Script, []string{"dev", "test"}},
		{sub, Target, nil},
		{t.TempDir(), Branch, nil},
	}
	for _, tt := range tests {
		if got := Names(tt.dir, tt.kind); !slices.Equal(got, tt.want) {
			t.Errorf("Names(%s, %s) = %q, want %q", filepath.Base(tt.dir), tt.kind, got, tt.want)
		}
	}
}
