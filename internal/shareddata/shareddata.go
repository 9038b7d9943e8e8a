// Package shareddata finds the data that tests read from ../shared beside the
// checkout (benchmarks, integrations, the spec suite): read by path, never
// copied into the repository.
//
// A test whose data is missing skips on a developer's machine, but fails
// where the data must be present: under `make test` (which sets
// LACY_REQUIRE_SHARED=1) and in CI (CI set). A quality bar that silently
// skips would report green while measuring nothing.
package shareddata

import (
	"os"
	"path/filepath"
	"testing"
)

// Required reports whether missing shared data fails a test rather than
// skipping it.
func Required() bool {
	return os.Getenv("LACY_REQUIRE_SHARED") != "" || os.Getenv("CI") != ""
}

// Dir returns the absolute path of ../shared/rel beside the checkout that
// holds the calling test's package. When it is missing the test skips, or
// fails when Required.
func Dir(t testing.TB, rel string) string {
	t.Helper()
	root, err := Root()
	if err == nil {
		p := filepath.Join(root, rel)
		if _, err = os.Stat(p); err == nil {
			return p
		}
	}
	Missing(t, filepath.Join("../shared", rel), err)
	return ""
}

// Missing ends the test for data that is absent: a failure when Required,
// a skip otherwise.
func Missing(t testing.TB, what string, err error) {
	t.Helper()
	if Required() {
		t.Fatalf("%s is missing (make test and CI need it): %v", what, err)
	}
	t.Skipf("%s is missing: %v", what, err)
}

// Root returns the absolute path of the shared folder: ../shared beside the
// module root (the nearest parent of the working directory with a go.mod).
func Root() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			shared := filepath.Join(filepath.Dir(dir), "shared")
			_, err := os.Stat(shared)
			return shared, err
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", os.ErrNotExist
		}
		dir = parent
	}
}
