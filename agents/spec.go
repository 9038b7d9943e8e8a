package agents

import (
	"context"
	"time"

	"github.com/lacy-sh/lacy/runtime/sandbox"
)

// ModelSpec is a model as declared by lacy.model(name, {...}) in Lua.
type ModelSpec struct {
	Name        string
	Provider    string // "openai", "anthropic", "ollama", "googleai"
	Model       string
	BaseURL     string
	APIKey      string   // never logged, never written to disk
	Temperature *float64 // nil: provider default
	MaxTokens   int      // 0: provider default
	Timeout     time.Duration
	Source      string // "file:line" where it was declared, for error messages
}

// AgentSpec is a named agent as declared by lacy.agent(name, {...}).
type AgentSpec struct {
	Name        string
	Model       string // a ModelSpec name; "" means the default model
	System      string
	Tools       []string // tool names; nil means every tool (built-ins and Lua tools), empty means none
	Temperature *float64
	Source      string
	// Sandbox bounds the agent's commands (lacy.agent{ sandbox = {…} });
	// the zero value is the default sandbox.
	Sandbox sandbox.Config
}

// Param describes one parameter of a tool (a JSON-schema property).
type Param struct {
	Name        string
	Type        string // "string", "number", "integer", "boolean", "array", "object"
	Description string
	Required    bool
}

// ToolSpec describes a tool that an agent may call.
type ToolSpec struct {
	Name        string
	Description string
	Params      []Param
	// Run executes the tool with the model's arguments and returns the text
	// given back to the model. It must honour ctx.
	Run func(ctx context.Context, args map[string]any) (string, error)
	// NeedsPermission reports whether calling the tool must be confirmed by
	// the user first (commands and file writes do; reads do not).
	NeedsPermission bool
	Source          string
	// Schema, if set, is the JSON schema of the arguments as given (an MCP
	// tool's input schema); it replaces Params.
	Schema map[string]any
	// Server is the MCP server of an MCP tool, and Remote its name there.
	Server, Remote string
}
