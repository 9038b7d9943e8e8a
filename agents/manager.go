// Package agents runs lacy's AI agents: models declared in Lua, named
// agents with their own persisted conversations, the bounded tool loop with
// its permission checks, the context sent with each request, and the
// one-shot `lacy ask`. The wire protocols live in agents/llm, rendering in
// agents/render; redaction is runtime/redact's.
package agents

import (
	"context"
	"github.com/lacy-sh/lacy/defaults"
	"os"
	"strings"
	"sync"
	"time"

	"go.uber.org/zap"

	"github.com/lacy-sh/lacy/agents/llm"
	"github.com/lacy-sh/lacy/internal/lazy"
	"github.com/lacy-sh/lacy/runtime/redact"
	"github.com/lacy-sh/lacy/runtime/safety"
	"github.com/lacy-sh/lacy/runtime/undo"
)

// DefaultAgent is the agent that always exists.
const DefaultAgent = "default"

// DefaultSystem is the default agent's system prompt when none is given.
// It is data: defaults/templates/agent-system.md.
func DefaultSystem() string { return defaultSystem.Get() }

var defaultSystem = lazy.Value[string]{New: func() string {
	return strings.TrimSpace(string(defaults.Read("templates/agent-system.md")))
}}

// DefaultMaxSteps bounds the tool loop: model calls per question. It is a
// backstop; DefaultMaxToolCalls is the limit a busy agent meets first.
const DefaultMaxSteps = 30

// DefaultMaxToolCalls bounds the tool calls of one question
// (lacy.config{ max_tool_calls = N }).
const DefaultMaxToolCalls = 25

// Options configures a Manager.
type Options struct {
	Models []ModelSpec
	Agents []AgentSpec
	Tools  []ToolSpec // Lua tools; they replace built-ins of the same name
	// Roles maps a role to a model name (lacy.config{ models = {...} });
	// Roles["agent"] is the default agent's model.
	Roles map[string]string
	// Approve lists pre-approval patterns (see docs/agents.md):
	// "git status*" approves shell commands matching the glob,
	// "write_file:docs/*" approves writes under docs/, "ticket" a Lua tool.
	Approve []string
	// StateDir holds the conversations ($XDG_STATE_HOME/lacy/agents/);
	// "" keeps them in memory only.
	StateDir string
	Logger   *zap.Logger
	// Shell runs the shell tool's commands; Cwd is the shell's directory,
	// for the file tools. Both are provided by the session.
	Shell ShellFunc
	Cwd   func() string
	// System replaces DefaultSystem for the default agent.
	System string
	// MaxSteps bounds the tool loop; 0 means DefaultMaxSteps.
	MaxSteps int
	// MaxToolCalls bounds the tool calls of one question; 0 means
	// DefaultMaxToolCalls.
	MaxToolCalls int
	// MCP lists the MCP servers declared with lacy.mcp; they start on the
	// first request of an agent that uses them.
	MCP []MCPSpec
	// Context is lacy.config{ context = {...} }: the project files and the
	// output tail.
	Context ContextConfig
	// Undo keeps a snapshot of what a write_file or an approved
	// destructive command may change in the working tree, before it runs;
	// nil keeps none.
	Undo *undo.Store
	// BlastTimeout bounds the blast-radius preview of a destructive
	// command (runtime/blast); 0 is blast.DefaultTimeout.
	BlastTimeout time.Duration
	// Getenv reads API keys from the environment; nil means os.Getenv.
	Getenv func(string) string
	// Environ lists the environment whose secret-looking values are
	// redacted; nil means os.Environ().
	Environ []string
}

// Manager owns the models, agents and conversations of a session. It is
// safe for concurrent use; turns of one agent run one at a time.
type Manager struct {
	opts     Options
	log      *zap.Logger
	redactor *redact.Redactor

	*ModelSet // the declared models and the choice of one (models.go)
	*Guard    // what a tool call may do (guard.go)
	*Assist   // prediction and fixes (predict.go, fix.go)
	*Roster   // the agents and their conversations (roster.go)

	mu         sync.Mutex
	tools      map[string]ToolSpec
	session    map[string]bool // calls allowed for this session; guarded by mu
	saveOnce   sync.Once       // saveFailed is called once
	saveFailed func(err error) // see OnSaveFailed
	mcp        *mcpPool
	defs       safety.Definitions // the session's functions and aliases; nil: none
}

// SetDefinitions gives the judge of the shell tool's commands the
// session's functions and aliases: a call of one is judged by its body.
// Call it before the first turn.
func (m *Manager) SetDefinitions(d safety.Definitions) { m.defs = d }

// OnSaveFailed sets who is told, once a session, that a conversation could
// not be saved (a full disk); without it the failure is only logged. Call
// it before the first turn.
func (m *Manager) OnSaveFailed(f func(err error)) { m.saveFailed = f }

// agent is a named agent and its conversation.
type agent struct {
	spec   AgentSpec
	turn   sync.Mutex // held during a turn
	loaded bool
	msgs   []llm.Message
}

// New returns a Manager. Agents naming unknown models or tools are
// reported when used, not here, so a config mistake never stops the shell.
func New(opts Options) *Manager {
	if opts.Logger == nil {
		opts.Logger = zap.NewNop()
	}
	if opts.Getenv == nil {
		opts.Getenv = os.Getenv
	}
	if opts.Environ == nil {
		opts.Environ = os.Environ()
	}
	if opts.MaxSteps <= 0 {
		opts.MaxSteps = DefaultMaxSteps
	}
	if opts.MaxToolCalls <= 0 {
		opts.MaxToolCalls = DefaultMaxToolCalls
	}
	m := &Manager{opts: opts, log: opts.Logger.Named("agents"), ModelSet: newModelSet(opts.Models, opts.Roles, opts.Getenv),
		tools: map[string]ToolSpec{}, session: map[string]bool{}}
	m.Roster = &Roster{stateDir: opts.StateDir, log: m.log, modelSet: m.ModelSet, agents: map[string]*agent{}, current: DefaultAgent}
	m.Guard = &Guard{cwdFn: opts.Cwd, approve: opts.Approve, tools: m.tools, undo: opts.Undo, log: m.log}
	m.mcp = newMCPPool(opts.MCP, m.log)
	m.Guard.mcp = m.mcp
	m.mcp.cwd = m.cwd
	secrets := append(redact.EnvSecrets(opts.Environ), m.keys()...)
	secrets = append(secrets, mcpSecrets(opts.MCP)...)
	m.redactor = redact.New(secrets...)
	m.Guard.redactor = m.redactor
	m.Assist = &Assist{ModelSet: m.ModelSet, redact: m.Redact}
	for _, t := range builtinTools(opts.Shell, opts.Cwd) {
		m.tools[t.Name] = t
	}
	for _, t := range opts.Tools {
		m.tools[t.Name] = t
	}
	system := opts.System
	if system == "" {
		system = DefaultSystem()
	}
	m.agents[DefaultAgent] = &agent{spec: AgentSpec{Name: DefaultAgent, System: system}}
	m.order = []string{DefaultAgent}
	for _, a := range opts.Agents {
		if a.Name == DefaultAgent {
			// lacy.agent("default", …) adjusts the default agent.
			d := m.agents[DefaultAgent]
			if a.System == "" {
				a.System = system
			}
			d.spec = a
			continue
		}
		if _, dup := m.agents[a.Name]; !dup {
			m.order = append(m.order, a.Name)
		}
		m.agents[a.Name] = &agent{spec: a}
	}
	return m
}

// ModelOf returns the name of the model an agent ("" is the current one)
// uses, resolving the default agent's model if needed.
func (m *Manager) ModelOf(ctx context.Context, agentName string) (string, error) {
	a, err := m.agent(agentName)
	if err != nil {
		return "", err
	}
	spec, err := m.modelSpec(ctx, a.spec)
	return spec.Name, err
}

// Redact removes secrets from s as they are removed from everything sent
// to a model: key patterns, assignments, and the configured keys and
// secret-looking environment values.
func (m *Manager) Redact(s string) string { return m.redactor.Redact(s) }
