package shareddata

import (
	"os"
	"path/filepath"
	"testing"
)

func TestRootIsBesideTheModule(t *testing.T) {
	root, err := Root()
	if err != nil {
		t.Skipf("no ../shared here: %v", err)
	}
	wd, _ := os.Getwd()
	// internal/shareddata -> the module root is two levels up.
	if want := filepath.Join(filepath.Dir(filepath.Dir(filepath.Dir(wd))), "shared"); root != want {
		t.Fatalf("Root() = %q, want %q", root, want)
	}
}

func TestRequired(t *testing.T) {
	for _, c := range []struct {
		ci, req string
		want    bool
	}{{"", "", false}, {"true", "", true}, {"", "1", true}} {
		t.Setenv("CI", c.ci)
		t.Setenv("LACY_REQUIRE_SHARED", c.req)
		if got := Required(); got != c.want {
			t.Errorf("CI=%q LACY_REQUIRE_SHARED=%q: Required() = %v, want %v", c.ci, c.req, got, c.want)
		}
	}
}
