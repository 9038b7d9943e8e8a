package agents

import "github.com/lacy-sh/lacy/spec"

// The declared configuration's types live in the leaf package spec, so the
// Lua runtime reads a configuration without linking the agent stack; these
// names keep the agents' code and callers unchanged.
type (
	// ModelSpec is a model as declared by lacy.model(name, {...}) in Lua.
	ModelSpec = spec.Model
	// AgentSpec is a named agent as declared by lacy.agent(name, {...}).
	AgentSpec = spec.Agent
	// Param describes one parameter of a tool (a JSON-schema property).
	Param = spec.Param
	// ToolSpec describes a tool that an agent may call.
	ToolSpec = spec.Tool
	// MCPSpec is a server declared with lacy.mcp.
	MCPSpec = spec.MCP
	// ContextConfig is lacy.config{ context = { files, max_bytes, output } }.
	ContextConfig = spec.Context
	// ServeConfig is lacy.config{ mcp_server = { run = … } }.
	ServeConfig = spec.Serve
)

// MCPSep joins a server's name and a tool's name into the name the model
// sees: server__tool (model APIs allow only letters, digits, _ and -).
const MCPSep = spec.MCPSep
