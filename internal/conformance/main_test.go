package conformance

import (
	"os"
	"testing"

	"github.com/lacy-sh/lacy/internal/ptytest"
)

// TestMain removes the binaries the test built once it is done.
func TestMain(m *testing.M) {
	code := m.Run()
	ptytest.RemoveBuilt()
	os.Exit(code)
}
