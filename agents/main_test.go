package agents_test

import (
	"github.com/lacy-sh/lacy/internal/mcptest"
	"os"
	"testing"

	"github.com/lacy-sh/lacy/runtime/sandbox"
)

// The test binary is the sandbox launcher of the commands and MCP servers
// the tests start, as lacy-full is lacy's.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == sandbox.Arg {
		os.Exit(sandbox.Main(os.Args[2:]))
	}
	code := m.Run()
	mcptest.RemoveBuilt()
	os.Exit(code)
}
