// Package agents runs lacy's AI agents: models declared in Lua, named
// agents with their own persisted conversations, the bounded tool loop with
// its permission checks, the context sent with each request, and the
// one-shot `lacy ask`. The wire protocols live in agents/llm, rendering in
// agents/render; redaction is runtime/redact's.
package agents

import (
	"context"
	"errors"
	"fmt"
	"github.com/lacy-sh/lacy/defaults"
	"net"
	"net/url"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"go.uber.org/zap"

	"github.com/lacy-sh/lacy/agents/llm"
	"github.com/lacy-sh/lacy/runtime/redact"
)

// DefaultAgent is the agent that always exists.
const DefaultAgent = "default"

// DefaultSystem is the default agent's system prompt when none is given.
// It is data: defaults/templates/agent-system.md.
var DefaultSystem = strings.TrimSpace(string(defaults.Read("templates/agent-system.md")))

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

	mu         sync.Mutex
	models     map[string]ModelSpec
	built      map[string]llm.Model
	agents     map[string]*agent
	order      []string
	tools      map[string]ToolSpec
	current    string
	fallback   string          // the default agent's model, once resolved
	session    map[string]bool // calls allowed for this session
	saveOnce   sync.Once       // saveFailed is called once
	saveFailed func(err error) // see OnSaveFailed
	mcp        *mcpPool
}

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
	m := &Manager{opts: opts, log: opts.Logger.Named("agents"), models: map[string]ModelSpec{},
		built: map[string]llm.Model{}, agents: map[string]*agent{}, tools: map[string]ToolSpec{},
		current: DefaultAgent, session: map[string]bool{}}
	m.mcp = newMCPPool(opts.MCP, m.log)
	secrets := redact.EnvSecrets(opts.Environ)
	for _, s := range opts.Models {
		s.APIKey = m.apiKey(s)
		m.models[s.Name] = s
		secrets = append(secrets, s.APIKey)
	}
	secrets = append(secrets, mcpSecrets(opts.MCP)...)
	m.redactor = redact.New(secrets...)
	for _, t := range builtinTools(opts.Shell, opts.Cwd) {
		m.tools[t.Name] = t
	}
	for _, t := range opts.Tools {
		m.tools[t.Name] = t
	}
	system := opts.System
	if system == "" {
		system = DefaultSystem
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

// apiKey returns a model's key: from config, else the usual environment
// variable of its provider. A local OpenAI-compatible server gets no key
// unless one is configured, so a hosted key never leaks to it.
func (m *Manager) apiKey(s ModelSpec) string {
	if s.APIKey != "" {
		return s.APIKey
	}
	host := ""
	if u, err := url.Parse(s.BaseURL); err == nil {
		host = u.Hostname()
	}
	var vars []string
	switch s.Provider {
	case "anthropic":
		vars = []string{"ANTHROPIC_API_KEY"}
	case "googleai", "gemini":
		vars = []string{"GEMINI_API_KEY", "GOOGLE_API_KEY"}
	case "openai", "":
		switch {
		case s.BaseURL == "" || host == "api.openai.com":
			vars = []string{"OPENAI_API_KEY"}
		case strings.HasSuffix(host, "openrouter.ai"):
			vars = []string{"OPENROUTER_API_KEY"}
		}
	case "ollama":
		vars = []string{"OLLAMA_API_KEY"}
	}
	for _, v := range vars {
		if k := m.opts.Getenv(v); k != "" {
			return k
		}
	}
	return ""
}

// needsKey reports whether a model cannot work without a key: a hosted
// service at its usual address. A custom base_url (a proxy, a local
// server) may not need one.
func needsKey(s ModelSpec) bool {
	if s.BaseURL == "" {
		return s.Provider != "ollama"
	}
	for _, host := range []string{"api.openai.com", "openrouter.ai", "api.anthropic.com", "googleapis.com"} {
		if strings.Contains(s.BaseURL, host) {
			return true
		}
	}
	return false
}

// Agents returns the agents' names, "default" first, then in declaration
// order.
func (m *Manager) Agents() []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return slices.Clone(m.order)
}

// Current returns the current agent's name.
func (m *Manager) Current() string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.current
}

// Switch makes name the current agent.
func (m *Manager) Switch(name string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.agents[name]; !ok {
		return fmt.Errorf("no agent named %q (agents: %s)", name, strings.Join(m.order, ", "))
	}
	m.current = name
	return nil
}

// Spec returns an agent's declaration.
func (m *Manager) Spec(name string) (AgentSpec, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	a, ok := m.agents[name]
	if !ok {
		return AgentSpec{}, false
	}
	return a.spec, true
}

// agent returns the named agent ("" is the current one) with its
// conversation loaded.
func (m *Manager) agent(name string) (*agent, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if name == "" {
		name = m.current
	}
	a, ok := m.agents[name]
	if !ok {
		return nil, fmt.Errorf("no agent named %q (agents: %s)", name, strings.Join(m.order, ", "))
	}
	if !a.loaded {
		a.msgs = loadConversation(m.opts.StateDir, name, m.log)
		a.loaded = true
	}
	return a, nil
}

// Clear empties an agent's conversation ("" is the current agent), on disk
// too.
func (m *Manager) Clear(name string) error {
	a, err := m.agent(name)
	if err != nil {
		return err
	}
	a.turn.Lock()
	defer a.turn.Unlock()
	a.msgs = nil
	return saveConversation(m.opts.StateDir, a.spec.Name, nil)
}

// Conversation returns a copy of an agent's conversation ("" is the
// current agent).
func (m *Manager) Conversation(name string) ([]llm.Message, error) {
	a, err := m.agent(name)
	if err != nil {
		return nil, err
	}
	a.turn.Lock()
	defer a.turn.Unlock()
	return slices.Clone(a.msgs), nil
}

// ModelInfo describes a declared model for /model and lacy doctor.
type ModelInfo struct {
	Name, Provider, Model, BaseURL string
	HasKey                         bool
}

// Models lists the declared models in declaration order.
func (m *Manager) Models() []ModelInfo {
	var out []ModelInfo
	for _, s := range m.opts.Models {
		s := m.models[s.Name]
		cfg := m.llmConfig(s)
		out = append(out, ModelInfo{Name: s.Name, Provider: cfg.Provider, Model: s.Model, BaseURL: baseURL(cfg), HasKey: s.APIKey != ""})
	}
	return out
}

// SetModel makes an agent ("" is the current one) use the named model.
func (m *Manager) SetModel(agentName, model string) error {
	a, err := m.agent(agentName)
	if err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.models[model]; !ok {
		return fmt.Errorf("no model named %q", model)
	}
	a.spec.Model = model
	return nil
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

// modelSpec picks the model of an agent: its own, else the agent role,
// else the first reachable declared model.
func (m *Manager) modelSpec(ctx context.Context, a AgentSpec) (ModelSpec, error) {
	m.mu.Lock()
	name := a.Model
	if name == "" {
		name = m.opts.Roles["agent"]
	}
	if name == "" {
		name = m.fallback
	}
	m.mu.Unlock()
	if name != "" {
		s, ok := m.models[name]
		if !ok {
			return ModelSpec{}, fmt.Errorf("agent %q: no model named %q is declared (lacy.model)", a.Name, name)
		}
		return s, nil
	}
	if len(m.opts.Models) == 0 {
		return ModelSpec{}, errors.New("no model is declared: add lacy.model(…) to your config (see docs/agents.md)")
	}
	var why []string
	for _, d := range m.opts.Models {
		s := m.models[d.Name]
		if err := m.reachable(ctx, s); err != nil {
			why = append(why, fmt.Sprintf("%s: %v", s.Name, err))
			continue
		}
		m.mu.Lock()
		m.fallback = s.Name
		m.mu.Unlock()
		return s, nil
	}
	return ModelSpec{}, errors.New("no model is reachable (" + strings.Join(why, "; ") + "); " + HowToConfigure)
}

// HowToConfigure ends the message of a first AI use that finds no model.
const HowToConfigure = "start Ollama or set up a model: see `lacy doctor`, docs/agents.md"

// reachable checks that a model has its key and that its server accepts a
// TCP connection within 500 ms.
// Check reports whether a declared model can be used: it has the key it
// needs and its server accepts a connection (within 0.5 s). It sends no
// request to the model.
func (m *Manager) Check(ctx context.Context, name string) error {
	s, ok := m.models[name]
	if !ok {
		return fmt.Errorf("no model named %q", name)
	}
	return m.reachable(ctx, s)
}

func (m *Manager) reachable(ctx context.Context, s ModelSpec) error {
	if needsKey(s) && s.APIKey == "" {
		return errors.New("no API key")
	}
	u, err := url.Parse(baseURL(m.llmConfig(s)))
	if err != nil || u.Host == "" {
		return fmt.Errorf("bad base_url %q", s.BaseURL)
	}
	host := u.Host
	if u.Port() == "" {
		host = net.JoinHostPort(u.Hostname(), map[bool]string{true: "443", false: "80"}[u.Scheme == "https"])
	}
	d := net.Dialer{Timeout: 500 * time.Millisecond}
	c, err := d.DialContext(ctx, "tcp", host)
	if err != nil {
		return errors.New("not reachable at " + u.Host)
	}
	c.Close()
	return nil
}

// llmConfig converts a model declaration.
func (m *Manager) llmConfig(s ModelSpec) llm.Config {
	return llm.Config{Name: s.Name, Provider: s.Provider, Model: s.Model, BaseURL: s.BaseURL, APIKey: s.APIKey,
		Temperature: s.Temperature, MaxTokens: s.MaxTokens, Timeout: s.Timeout}
}

// baseURL returns the address a config resolves to.
func baseURL(cfg llm.Config) string {
	if cfg.BaseURL != "" {
		return cfg.BaseURL
	}
	switch cfg.Provider {
	case "anthropic":
		return llm.DefaultAnthropicURL
	case "ollama":
		if h := os.Getenv("OLLAMA_HOST"); h != "" {
			if !strings.Contains(h, "://") {
				h = "http://" + h
			}
			return h
		}
		return llm.DefaultOllamaURL
	case "googleai", "gemini":
		return llm.DefaultGoogleURL
	}
	return llm.DefaultOpenAIURL
}

// model returns the client for a declared model, built once.
func (m *Manager) model(s ModelSpec) (llm.Model, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if c, ok := m.built[s.Name]; ok {
		return c, nil
	}
	cfg := m.llmConfig(s)
	cfg.BaseURL = baseURL(cfg)
	c, err := llm.New(cfg)
	if err != nil {
		return nil, err
	}
	m.built[s.Name] = c
	return c, nil
}

// Redact removes secrets from s as they are removed from everything sent
// to a model: key patterns, assignments, and the configured keys and
// secret-looking environment values.
func (m *Manager) Redact(s string) string { return m.redactor.Redact(s) }
