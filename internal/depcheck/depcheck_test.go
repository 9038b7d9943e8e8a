// Package depcheck holds a test of the module's import graph: the packages
// an interactive shell needs to start must not link the agent stack (issue
// 21: langchaingo's providers, the MCP SDK, jsonschema come with agents).
package depcheck

import (
	"os/exec"
	"strings"
	"testing"
)

// light are packages that must not import package agents, directly or not.
var light = []string{
	"github.com/lacy-sh/lacy/spec",
	"github.com/lacy-sh/lacy/lua",
	"github.com/lacy-sh/lacy/runtime/session",
	"github.com/lacy-sh/lacy/stdlib",
	"github.com/lacy-sh/lacy/stdlib/ai",
}

// heavy are the agent stack's packages.
var heavy = []string{
	"github.com/lacy-sh/lacy/agents",
	"github.com/modelcontextprotocol/go-sdk/mcp",
	"github.com/google/jsonschema-go/jsonschema",
}

func TestLightPackagesDoNotLinkTheAgentStack(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	for _, pkg := range light {
		out, err := exec.Command("go", "list", "-deps", pkg).Output()
		if err != nil {
			t.Fatalf("go list -deps %s: %v", pkg, err)
		}
		deps := strings.Fields(string(out))
		for _, h := range heavy {
			for _, d := range deps {
				if d == h {
					t.Errorf("%s depends on %s", pkg, h)
				}
			}
		}
	}
}
