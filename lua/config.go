package lua

import (
	"maps"
	"slices"

	"github.com/lacy-sh/lacy/spec"
)

// Words are additions to the routing word lists from lacy.config{ words = {...} }.
type Words = spec.Words

// CorrectConfig is lacy.config{ correct = { enabled, auto_model } }.
type CorrectConfig = spec.Correct

// Config is what the Lua configuration declared, as plain Go values. Hooks
// and the prompt function stay inside the VM and are called through it.
// Every lacy.config key has a typed field: a key lacy does not know is
// refused (see spec.OptionsTable).
type Config struct {
	Mode       string       // "auto", "shell", "agent"; "" means not set
	LogLevel   string       // "debug", "info", "warn", "error"; "" means not set
	Models     []spec.Model // in declaration order
	Agents     []spec.Agent
	Tools      []spec.Tool
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
	MCP []spec.MCP
	// MaxToolCalls is lacy.config{ max_tool_calls = N }; 0 means not set.
	MaxToolCalls int

	// The sections of lacy.config read as tables; a nil pointer means not
	// set (its Get method gives the default), as does a zero value.
	Translate        *spec.Translate // translate = {…}
	Terminal         *spec.Terminal  // terminal = {…}
	TerminalPrograms []string        // terminal_programs = {…}
	Context          spec.Context    // context = {…}
	MCPServer        spec.Serve      // mcp_server = {…}
	Git              spec.Git        // git = {…}
	Predict          *spec.Predict   // predict = {…}
	// InstantPrompt is lacy.config{ instant_prompt = false }: nil means
	// not set (on).
	InstantPrompt *bool
}

// InstantPromptOn reports whether the first prompt may be drawn from the
// cache of the last session's (runtime/instantprompt): on unless the
// config set instant_prompt = false.
func (c Config) InstantPromptOn() bool { return c.InstantPrompt == nil || *c.InstantPrompt }

// clone copies c so the caller may keep it while the VM declares more.
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
	c.Translate = clonePtr(c.Translate)
	c.Terminal = clonePtr(c.Terminal)
	c.TerminalPrograms = slices.Clone(c.TerminalPrograms)
	c.Context.Names = slices.Clone(c.Context.Names)
	c.Predict = clonePtr(c.Predict)
	return c
}

func clonePtr[T any](p *T) *T {
	if p == nil {
		return nil
	}
	c := *p
	return &c
}
