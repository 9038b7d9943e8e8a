package agents

import (
	"context"
	"encoding/json"

	"github.com/lacy-sh/lacy/agents/llm"
	"github.com/lacy-sh/lacy/spec"
)

// ParseServeConfig reads the mcp_server table of lacy.config (see
// spec.ParseServe).
func ParseServeConfig(v any) (ServeConfig, error) { return spec.ParseServe(v) }

// RunTool runs one call of a built-in or Lua tool for a caller outside any
// conversation (`lacy mcp`), under the rules of an agent's calls: a call
// that needs permission goes to approver (nil denies it, so only
// pre-approved calls run; a destructive command, a credential file or a
// path outside the working tree is never pre-approved); the result is
// redacted and bounded. It returns the result and whether it is an error.
func (m *Manager) RunTool(ctx context.Context, tool string, args map[string]any, approver Approver) (string, bool) {
	if approver == nil {
		approver = DenyAll{}
	}
	raw, err := json.Marshal(args)
	if err != nil {
		return err.Error(), true
	}
	out, isErr := m.runTool(ctx, m.tools, llm.ToolCall{ID: "mcp", Name: tool, Args: string(raw)}, discard{}, approver)
	return out, isErr
}
