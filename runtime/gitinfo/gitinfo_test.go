package gitinfo

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

func write(t testing.TB, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	// Like git: write a new file and rename it over the old one.
	tmp := path + ".lock"
	if err := os.WriteFile(tmp, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, path); err != nil {
		t.Fatal(err)
	}
}

func TestBranch(t *testing.T) {
	root := t.TempDir()
	if _, found := findGitDir(root); found {
		t.Skip("the temp dir is inside a git repository")
	}
	sha := "0123456789abcdef0123456789abcdef01234567"
	write(t, filepath.Join(root, "repo/.git/HEAD"), "ref: refs/heads/main\n")
	write(t, filepath.Join(root, "repo/.git/worktrees/wt/HEAD"), "ref: refs/heads/feature/x\n")
	write(t, filepath.Join(root, "wt/.git"), "gitdir: ../repo/.git/worktrees/wt\n")
	write(t, filepath.Join(root, "abs/.git"), "gitdir: "+filepath.Join(root, "repo/.git/worktrees/wt")+"\n")
	write(t, filepath.Join(root, "detached/.git/HEAD"), sha+"\n")
	write(t, filepath.Join(root, "other/.git/HEAD"), "ref: refs/remotes/origin/main\n")
	write(t, filepath.Join(root, "garbage/.git/HEAD"), "not a head\n")
	write(t, filepath.Join(root, "badfile/.git"), "nonsense\n")
	write(t, filepath.Join(root, "repo/sub/dir/f"), "")
	for _, tc := range []struct {
		dir, want string
		ok        bool
	}{
		{"repo", "main", true},
		{"repo/sub/dir", "main", true},
		{"repo/sub/dir/", "main", true},
		{"wt", "feature/x", true},
		{"abs", "feature/x", true},
		{"detached", "0123456", true},
		{"other", "refs/remotes/origin/main", true},
		{"garbage", "", false},
		{"badfile", "", false},
		{"", "", false},
		{"missing/dir", "", false},
	} {
		for range 2 { // the second call is served from the cache
			got, ok := Branch(filepath.Join(root, tc.dir))
			if got != tc.want || ok != tc.ok {
				t.Errorf("Branch(%q) = %q, %v; want %q, %v", tc.dir, got, ok, tc.want, tc.ok)
			}
		}
	}

	// A checkout replaces HEAD: the cache must notice, even when the size
	// and mtime second are unchanged.
	for _, b := range []string{"mast", "main", "dev1"} {
		write(t, filepath.Join(root, "repo/.git/HEAD"), "ref: refs/heads/"+b+"\n")
		if got, _ := Branch(filepath.Join(root, "repo/sub")); got != b {
			t.Errorf("after checkout of %s: Branch = %q", b, got)
		}
	}
	// A removed repository is noticed too.
	if err := os.RemoveAll(filepath.Join(root, "repo/.git")); err != nil {
		t.Fatal(err)
	}
	if got, ok := Branch(filepath.Join(root, "repo/sub")); ok {
		t.Errorf("after rm .git: Branch = %q, true", got)
	}
}

func TestParseHead(t *testing.T) {
	for _, tc := range []struct {
		in, want string
		ok       bool
	}{
		{"ref: refs/heads/main", "main", true},
		{"ref:refs/heads/x\r\n", "x", true},
		{"ref: refs/heads/", "refs/heads/", true},
		{"ref: ", "", false},
		{"abcdef0", "abcdef0", true},
		{"abcdef", "", false},
		{"ABCDEF0123", "", false},
		{"", "", false},
	} {
		got, ok := parseHead([]byte(tc.in))
		if got != tc.want || ok != tc.ok {
			t.Errorf("parseHead(%q) = %q, %v; want %q, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

func TestDirty(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git binary")
	}
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", home)
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	dir := filepath.Join(home, "repo")
	if out, err := exec.Command("git", "init", "-q", dir).CombinedOutput(); err != nil {
		t.Fatalf("git init: %v\n%s", err, out)
	}
	ctx := context.Background()
	if dirty, ok := Dirty(ctx, dir); dirty || !ok {
		t.Errorf("fresh repo: Dirty = %v, %v; want false, true", dirty, ok)
	}
	write(t, filepath.Join(dir, "new.txt"), "x")
	if dirty, ok := Dirty(ctx, dir); !dirty || !ok {
		t.Errorf("with an untracked file: Dirty = %v, %v; want true, true", dirty, ok)
	}
	if _, ok := Dirty(ctx, filepath.Join(home, "nothere")); ok {
		t.Error("Dirty in a missing dir: ok")
	}
}

func BenchmarkGitBranch(b *testing.B) {
	root := b.TempDir()
	write(b, filepath.Join(root, "repo/.git/HEAD"), "ref: refs/heads/main\n")
	dir := filepath.Join(root, "repo/a/b/c")
	b.Run("cached", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, ok := Branch(dir); !ok {
				b.Fatal("no branch")
			}
		}
	})
	b.Run("uncached", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			cache.Lock()
			clear(cache.m)
			cache.Unlock()
			if _, ok := Branch(dir); !ok {
				b.Fatal("no branch")
			}
		}
	})
}
