package cli

// The model and MCP clients, registered as cmd/lacy-full registers them.
import (
	_ "github.com/lacy-sh/lacy/agents/llm/provider"
	_ "github.com/lacy-sh/lacy/agents/mcpclient"
)
