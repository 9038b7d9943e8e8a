package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// rootEntries are the names the repository root may hold: what is checked
// in, and what building and testing leave (ignored by .gitignore).
var rootEntries = []string{
	".ci", ".git", ".gitignore", "Makefile", "README.md", "go.mod", "go.sum",
	"agents", "cmd", "defaults", "docs", "e2e", "examples", "internal", "lua", "runtime", "spec", "stdlib", "third_party",
	"bin", "benchstartup", "testdata", "LICENSE",
}

// The repository root holds no stray files (issue 18, item 12). One was
// committed once: `sed 's|a|b|want := …|'` read the `w` after the last
// delimiter as sed's write flag and wrote the matching lines to a file
// named by the rest of the line. A new top-level file must be added here
// on purpose.
func TestRepositoryRootHoldsNoStrayFiles(t *testing.T) {
	_, file, _, _ := runtime.Caller(0)
	root := filepath.Join(filepath.Dir(file), "..")
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !slices.Contains(rootEntries, e.Name()) && !strings.HasSuffix(e.Name(), ".test") && !strings.HasSuffix(e.Name(), ".prof") {
			t.Errorf("stray entry at the repository root: %q (remove it, or add it to rootEntries if it belongs)", e.Name())
		}
	}
	// What git tracks at the root, when this is a git checkout.
	cmd := exec.Command("git", "ls-tree", "-z", "--name-only", "HEAD")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		return
	}
	for _, name := range strings.Split(strings.TrimRight(string(out), "\x00"), "\x00") {
		if name != "" && !slices.Contains(rootEntries, name) {
			t.Errorf("stray file committed at the repository root: %q", name)
		}
	}
}
