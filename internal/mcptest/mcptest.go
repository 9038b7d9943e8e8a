// Package mcptest has a small MCP server for tests, "loud": its tools
// shout, crash (the process exits during the call), big (a long result),
// pid and spawn (a child process left behind), hang (never answers). NewServer serves it in process (for HTTP tests); Build compiles
// the stdio server of loud/ for tests that start it as lacy does.
package mcptest

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// ShoutIn is the argument of the shout tool.
type ShoutIn struct {
	Text string `json:"text" jsonschema:"what to shout"`
}

// BigIn is the argument of the big tool.
type BigIn struct {
	N int `json:"n" jsonschema:"how many bytes to return"`
}

// NewServer returns the loud server.
func NewServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "loud", Version: "1"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "shout", Description: "Shout a text back in capitals."},
		func(ctx context.Context, _ *mcp.CallToolRequest, in ShoutIn) (*mcp.CallToolResult, any, error) {
			return text(strings.ToUpper(in.Text) + "!"), nil, nil
		})
	mcp.AddTool(s, &mcp.Tool{Name: "crash", Description: "Exit the server during the call."},
		func(ctx context.Context, _ *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
			fmt.Fprintln(os.Stderr, "loud: crashing on purpose")
			os.Exit(3)
			return nil, nil, nil
		})
	mcp.AddTool(s, &mcp.Tool{Name: "big", Description: "Return n bytes."},
		func(ctx context.Context, _ *mcp.CallToolRequest, in BigIn) (*mcp.CallToolResult, any, error) {
			return text(strings.Repeat("x", in.N)), nil, nil
		})
	mcp.AddTool(s, &mcp.Tool{Name: "pid", Description: "Return the server's process id."},
		func(ctx context.Context, _ *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
			return text(fmt.Sprint(os.Getpid())), nil, nil
		})
	mcp.AddTool(s, &mcp.Tool{Name: "spawn", Description: "Start a long sleep in the background and return its process id."},
		func(ctx context.Context, _ *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
			cmd := exec.Command("sleep", "60")
			if err := cmd.Start(); err != nil {
				return nil, nil, err
			}
			go cmd.Wait()
			return text(fmt.Sprint(cmd.Process.Pid)), nil, nil
		})
	mcp.AddTool(s, &mcp.Tool{Name: "hang", Description: "Never answer (until the call is cancelled)."},
		func(ctx context.Context, _ *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
			<-ctx.Done()
			return nil, nil, ctx.Err()
		})
	return s
}

func text(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

var (
	buildOnce sync.Once
	built     string
	buildErr  error
)

// builtDir is the temporary folder Build built into.
var builtDir string

// RemoveBuilt deletes what Build built; a package's TestMain calls it after
// m.Run so that test runs leave nothing in $TMPDIR.
func RemoveBuilt() {
	if builtDir != "" {
		_ = os.RemoveAll(builtDir)
	}
}

// Build compiles the stdio loud server once per test binary and returns
// its path.
func Build(tb testing.TB) string {
	tb.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "lacy-mcptest-")
		if err != nil {
			buildErr = err
			return
		}
		builtDir = dir
		built = filepath.Join(dir, "loud")
		out, err := exec.Command("go", "build", "-o", built, "github.com/lacy-sh/lacy/internal/mcptest/loud").CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		tb.Fatal(buildErr)
	}
	return built
}
