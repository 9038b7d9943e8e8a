// Command loud is the MCP server of the tests (see internal/mcptest),
// speaking MCP on stdin and stdout.
package main

import (
	"context"
	"fmt"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/lacy-sh/lacy/internal/mcptest"
)

func main() {
	fmt.Fprintln(os.Stderr, "loud: ready")
	// LOUD_STARTED names a file that gets the process id: tests check when
	// (and whether) the server started.
	if f := os.Getenv("LOUD_STARTED"); f != "" {
		_ = os.WriteFile(f, []byte(fmt.Sprint(os.Getpid())), 0o644)
	}
	if err := mcptest.NewServer().Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		fmt.Fprintln(os.Stderr, "loud:", err)
		os.Exit(1)
	}
}
