package lua

import (
	"maps"
	"slices"

	"github.com/lacy-sh/lacy/agents"
)

// Words are additions to the routing word lists from lacy.config{ words = {...} }.
type Words struct {
	Agent    []string
	Reserved []string
	NL       []string
	Shell    []string
}

// Config is what the Lua configuration declared, as plain Go values. Hooks
// and the prompt function stay inside the VM and are called through it.
type Config struct {
	Mode       string             // "auto", "shell", "agent"; "" means not set
	LogLevel   string             // "debug", "info", "warn", "error"; "" means not set
	Models     []agents.ModelSpec // in declaration order
	Agents     []agents.AgentSpec
	Tools      []agents.ToolSpec
	Roles      map[string]string // lacy.config{ models = { agent = "local", ... } }
	Words      Words
	Aliases    map[string]string // lacy.alias(name, value), in the order given by AliasOrder
	AliasOrder []string
	Env        map[string]string // lacy.env.NAME = value at config time
	EnvUnset   []string          // lacy.env.NAME = nil at config time, in order
	// Approve lists patterns of tool calls pre-approved by config
	// (lacy.config{ approve = { "git status*", ... } }).
	Approve []string
	// Rules are the correction rules of lacy.rule, in declaration order;
	// Correct is lacy.config{ correct = {...} }.
	Rules   []RuleSpec
	Correct CorrectConfig
	// MCP lists the servers declared with lacy.mcp, in declaration order.
	MCP []agents.MCPSpec
	// MaxToolCalls is lacy.config{ max_tool_calls = N }; 0 means not set.
	MaxToolCalls int
	Extra        map[string]any // other lacy.config keys, kept for later features
}

// clone copies c so the caller may keep it while the VM declares more.
// Extra values are shared.
func (c Config) clone() Config {
	c.Models = slices.Clone(c.Models)
	c.Agents = slices.Clone(c.Agents)
	for i := range c.Agents {
		c.Agents[i].Tools = slices.Clone(c.Agents[i].Tools)
	}
	c.Tools = slices.Clone(c.Tools)
	c.Rules = slices.Clone(c.Rules)
	for i := range c.Tools {
		c.Tools[i].Params = slices.Clone(c.Tools[i].Params)
	}
	c.Roles = maps.Clone(c.Roles)
	c.Words = Words{
		Agent:    slices.Clone(c.Words.Agent),
		Reserved: slices.Clone(c.Words.Reserved),
		NL:       slices.Clone(c.Words.NL),
		Shell:    slices.Clone(c.Words.Shell),
	}
	c.Aliases = maps.Clone(c.Aliases)
	c.AliasOrder = slices.Clone(c.AliasOrder)
	c.Env = maps.Clone(c.Env)
	c.EnvUnset = slices.Clone(c.EnvUnset)
	c.Approve = slices.Clone(c.Approve)
	c.MCP = slices.Clone(c.MCP)
	for i := range c.MCP {
		c.MCP[i].Args = slices.Clone(c.MCP[i].Args)
		c.MCP[i].Env = maps.Clone(c.MCP[i].Env)
		c.MCP[i].Headers = maps.Clone(c.MCP[i].Headers)
	}
	c.Extra = maps.Clone(c.Extra)
	return c
}
