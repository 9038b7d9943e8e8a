package e2e

import (
	"os"
	"testing"

	"github.com/lacy-sh/lacy/internal/mcptest"
	"github.com/lacy-sh/lacy/internal/ptytest"
)

// TestMain removes the binaries the tests built once they are done.
func TestMain(m *testing.M) {
	code := m.Run()
	ptytest.RemoveBuilt()
	mcptest.RemoveBuilt()
	os.Exit(code)
}
