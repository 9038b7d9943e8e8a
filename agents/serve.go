package agents

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"

	"github.com/lacy-sh/lacy/agents/llm"
)

// ServeConfig is lacy.config{ mcp_server = { run = … } }: what `lacy mcp`
// offers outside agents.
type ServeConfig struct {
	// Run offers the tool that runs a command (off by default). Calls
	// follow the agents' rules with no one to ask: only pre-approved
	// commands run, never a destructive one.
	Run bool
}

// ParseServeConfig reads the mcp_server table of lacy.config.
func ParseServeConfig(v any) (ServeConfig, error) {
	var c ServeConfig
	if v == nil {
		return c, nil
	}
	t, ok := v.(map[string]any)
	if !ok {
		return c, fmt.Errorf("mcp_server: want a table, got %T", v)
	}
	keys := make([]string, 0, len(t))
	for k := range t {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		switch k {
		case "run":
			b, ok := t[k].(bool)
			if !ok {
				return ServeConfig{}, fmt.Errorf("mcp_server: run: want true or false, got %v", t[k])
			}
			c.Run = b
		default:
			return ServeConfig{}, fmt.Errorf("mcp_server: unknown field %q (known: run)", k)
		}
	}
	return c, nil
}

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
