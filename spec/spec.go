// Package spec holds what a Lua configuration declares, as plain Go
// values: models, agents, tools, MCP servers, sandboxes and the sections
// of lacy.config. It is a leaf: it imports nothing of lacy's that starts
// models, servers or shells, so the Lua runtime and the interactive shell
// can read a configuration without linking the agent stack.
//
// The keys each declaration table accepts are listed once, in the Tables
// of schema.go: the Lua readers refuse any other key (naming the one most
// like it) and `lacy lua-defs` writes the LuaLS classes from the same
// lists.
package spec

import (
	"context"
	"time"
)

// Model is a model as declared by lacy.model(name, {...}) in Lua.
type Model struct {
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

// Agent is a named agent as declared by lacy.agent(name, {...}).
type Agent struct {
	Name        string
	Model       string // a Model name; "" means the default model
	System      string
	Tools       []string // tool names; nil means every tool (built-ins and Lua tools), empty means none
	Temperature *float64
	Source      string
	// Sandbox bounds the agent's commands (lacy.agent{ sandbox = {…} });
	// the zero value is the default sandbox.
	Sandbox Sandbox
}

// Param describes one parameter of a tool (a JSON-schema property).
type Param struct {
	Name        string
	Type        string // "string", "number", "integer", "boolean", "array", "object"
	Description string
	Required    bool
}

// Tool describes a tool that an agent may call.
type Tool struct {
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

// MCP is a server declared with lacy.mcp(name, {...}): a command speaking
// MCP on stdin and stdout, or a streamable HTTP URL.
type MCP struct {
	Name    string
	Command string
	Args    []string
	Env     map[string]string // added to lacy's environment
	Cwd     string
	URL     string
	Headers map[string]string
	Source  string // "file:line" of the declaration
	// Sandbox bounds a stdio server's process like an agent's commands
	// (lacy.mcp{ sandbox = {…} }); the zero value is the default sandbox.
	Sandbox Sandbox
	// Timeout bounds one tool call (lacy.mcp{ timeout = 30 }); 0 is the
	// agents' default.
	Timeout time.Duration
}

// MCPSep joins a server's name and a tool's name into the name the model
// sees: server__tool (model APIs allow only letters, digits, _ and -).
const MCPSep = "__"

// Sandbox is an agent's or MCP server's sandbox as declared in Lua:
// sandbox = { write = {…}, read_deny = {…}, network = false }, or
// sandbox = false (Off).
type Sandbox struct {
	Off      bool
	Write    []string
	ReadDeny []string
	Network  bool
}

// Words are additions to the routing word lists from lacy.config{ words = {...} }.
type Words struct {
	Agent    []string
	Reserved []string
	NL       []string
	Shell    []string
}

// Correct is lacy.config{ correct = { enabled, auto_model } }.
type Correct struct {
	// Disabled turns the fix line off (enabled = false).
	Disabled bool
	// AutoModel asks the correct model as soon as no rule fires, instead
	// of waiting for the user to press a.
	AutoModel bool
}
