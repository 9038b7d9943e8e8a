package agents_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lacy-sh/lacy/agents"
	"github.com/lacy-sh/lacy/agents/llmtest"
)

// writeTree creates files (path → content) under root.
func writeTree(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// The check: a loopback model sees AGENTS.md found from a
// subdirectory, redacted, with the nearer file after the root's; /context
// names the files read.
func TestProjectFilesFromASubdirectory(t *testing.T) {
	for _, proto := range protocols {
		t.Run(proto, func(t *testing.T) {
			e := newEnv(t, proto)
			repo := t.TempDir()
			writeTree(t, repo, map[string]string{
				".git/HEAD":                "ref: refs/heads/main\n",
				"AGENTS.md":                "Use make, never go build directly.\nDEPLOY_TOKEN=ghp_abcdefghijklmnopqrstuvwxyz0123456789\n",
				"svc/api/.lacy/context.md": "The API speaks JSON only.\n",
				"svc/CLAUDE.md":            "claude-only notes\n",
			})
			sub := filepath.Join(repo, "svc", "api")
			e.srv.Push(llmtest.Reply{Text: "ok"})
			m := e.manager()
			if _, err := m.Ask(context.Background(), "reviewer", "how do I build?", agents.Context{Cwd: sub}, nil, nil); err != nil {
				t.Fatal(err)
			}
			sys := e.srv.Last(t).System
			root, near := strings.Index(sys, "Use make, never go build directly."), strings.Index(sys, "The API speaks JSON only.")
			if root < 0 || near < root {
				t.Fatalf("AGENTS.md from the root, then .lacy/context.md from cwd, expected:\n%s", sys)
			}
			if strings.Contains(sys, "ghp_abcdef") || !strings.Contains(sys, "[REDACTED]") {
				t.Fatalf("a secret in AGENTS.md was sent:\n%s", sys)
			}
			if strings.Contains(sys, "claude-only") {
				t.Fatal("CLAUDE.md read without being configured")
			}
			preview := m.ContextPreview(context.Background(), "reviewer", agents.Context{Cwd: sub})
			if !strings.Contains(preview, "project files: "+filepath.Join(repo, "AGENTS.md")) || !strings.Contains(preview, filepath.Join(sub, ".lacy/context.md")) {
				t.Fatalf("/context does not name the files:\n%s", preview)
			}
		})
	}
}

func TestProjectFilesConfig(t *testing.T) {
	repo := t.TempDir()
	outside := t.TempDir()
	writeTree(t, repo, map[string]string{
		".git/HEAD":     "x",
		"AGENTS.md":     strings.Repeat("a", 100),
		"sub/CLAUDE.md": strings.Repeat("c", 100),
		"sub/AGENTS.md": strings.Repeat("b", 100),
	})
	writeTree(t, outside, map[string]string{"secret.md": "outside the tree"})
	if err := os.Symlink(filepath.Join(outside, "secret.md"), filepath.Join(repo, "sub", ".lacy.md")); err != nil {
		t.Fatal(err)
	}
	sub := filepath.Join(repo, "sub")
	paths := func(fs []agents.ContextFile) (out []string) {
		for _, f := range fs {
			rel, _ := filepath.Rel(repo, f.Path)
			switch {
			case f.Skipped:
				rel += " skipped"
			case f.Cut:
				rel += " cut"
			}
			out = append(out, rel)
		}
		return out
	}
	for _, tc := range []struct {
		name string
		c    agents.ContextConfig
		want string
	}{
		{"default", agents.ContextConfig{}, "AGENTS.md sub/AGENTS.md"},
		{"names added", agents.ContextConfig{Names: []string{"CLAUDE.md"}}, "AGENTS.md sub/AGENTS.md sub/CLAUDE.md"},
		{"off", agents.ContextConfig{NoFiles: true}, ""},
		{"bounded", agents.ContextConfig{Names: []string{"CLAUDE.md"}, MaxBytes: 150}, "AGENTS.md sub/AGENTS.md cut sub/CLAUDE.md skipped"},
		{"symlink out of the tree", agents.ContextConfig{Names: []string{".lacy.md"}}, "AGENTS.md sub/AGENTS.md"},
	} {
		got := strings.Join(paths(agents.ProjectFiles(sub, tc.c)), " ")
		if got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
	// Outside a repository only the directory itself is read.
	plain := t.TempDir()
	writeTree(t, plain, map[string]string{"AGENTS.md": "top", "d/AGENTS.md": "here"})
	fs := agents.ProjectFiles(filepath.Join(plain, "d"), agents.ContextConfig{})
	if len(fs) != 1 || fs[0].Content != "here" {
		t.Fatalf("%+v", fs)
	}
}

func TestParseContextConfig(t *testing.T) {
	for _, tc := range []struct {
		in  any
		err string
	}{
		{nil, ""},
		{map[string]any{"files": false, "output": true, "max_bytes": 4096.0}, ""},
		{map[string]any{"files": []any{"CLAUDE.md", ".github/copilot-instructions.md"}}, ""},
		{map[string]any{"files": []any{"../x"}}, "files: want file names"},
		{map[string]any{"files": "CLAUDE.md"}, "files: want false or a list"},
		{map[string]any{"output": 1.0}, "output: want true or false"},
		{map[string]any{"max_bytes": -1.0}, "max_bytes"},
		{map[string]any{"outptu": true}, `unknown key "outptu" (did you mean "output"?)`},
	} {
		_, err := agents.ParseContextConfig(tc.in)
		if (err == nil) != (tc.err == "") || err != nil && !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%v: %v, want %q", tc.in, err, tc.err)
		}
	}
}
