package agents

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/lacy-sh/lacy/agents/llm"
)

// ModelSet is the declared models of a session, one of the Manager's jobs:
// their declarations with API keys resolved, the clients built from them
// (once each), and the choice of a model for an agent or a role.
type ModelSet struct {
	declared []ModelSpec          // in declaration order, as given
	models   map[string]ModelSpec // by name, keys resolved; read-only after newModelSet
	roles    map[string]string    // lacy.config{ models = {...} }
	getenv   func(string) string

	mu       sync.Mutex
	built    map[string]llm.Model
	fallback string // the default agent's model, once resolved
}

// newModelSet resolves the declarations' keys (from config, else the
// provider's environment variable read with getenv).
func newModelSet(declared []ModelSpec, roles map[string]string, getenv func(string) string) *ModelSet {
	m := &ModelSet{declared: declared, models: map[string]ModelSpec{}, roles: roles, getenv: getenv, built: map[string]llm.Model{}}
	for _, s := range declared {
		s.APIKey = m.apiKey(s)
		m.models[s.Name] = s
	}
	return m
}

// keys returns the API keys in use, for redaction.
func (m *ModelSet) keys() []string {
	var keys []string
	for _, s := range m.models {
		keys = append(keys, s.APIKey)
	}
	return keys
}

// HasRole reports whether lacy.config{ models = { role = … } } names a
// declared model for role. Roles other than agent never fall back to
// another model: a prediction on every pause must not reach a model the
// user did not choose for it.
func (m *ModelSet) HasRole(role string) bool {
	_, ok := m.models[m.roles[role]]
	return ok
}

// configuredModel returns the name of the model configured for a role, if
// any (RoleModel also falls back to the default agent's model).
func (m *ModelSet) configuredModel(role string) (string, bool) {
	name := m.roles[role]
	if name == "" {
		return "", false
	}
	_, ok := m.models[name]
	return name, ok
}

// apiKey returns a model's key: from config, else the usual environment
// variable of its provider. A local OpenAI-compatible server gets no key
// unless one is configured, so a hosted key never leaks to it.
func (m *ModelSet) apiKey(s ModelSpec) string {
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
		if k := m.getenv(v); k != "" {
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

// ModelInfo describes a declared model for /model and lacy doctor.
type ModelInfo struct {
	Name, Provider, Model, BaseURL string
	HasKey                         bool
}

// Models lists the declared models in declaration order.
func (m *ModelSet) Models() []ModelInfo {
	var out []ModelInfo
	for _, s := range m.declared {
		s := m.models[s.Name]
		cfg := m.llmConfig(s)
		out = append(out, ModelInfo{Name: s.Name, Provider: cfg.Provider, Model: s.Model, BaseURL: baseURL(cfg), HasKey: s.APIKey != ""})
	}
	return out
}

// modelSpec picks the model of an agent: its own, else the agent role,
// else the first reachable declared model.
func (m *ModelSet) modelSpec(ctx context.Context, a AgentSpec) (ModelSpec, error) {
	m.mu.Lock()
	name := a.Model
	if name == "" {
		name = m.roles["agent"]
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
	if len(m.declared) == 0 {
		return ModelSpec{}, errors.New("no model is declared: add lacy.model(…) to your config (see docs/agents.md)")
	}
	var why []string
	for _, d := range m.declared {
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
func (m *ModelSet) Check(ctx context.Context, name string) error {
	s, ok := m.models[name]
	if !ok {
		return fmt.Errorf("no model named %q", name)
	}
	return m.reachable(ctx, s)
}

func (m *ModelSet) reachable(ctx context.Context, s ModelSpec) error {
	if needsKey(s) && s.APIKey == "" {
		return errors.New("no API key")
	}
	u, err := url.Parse(baseURL(m.llmConfig(s)))
	if err != nil || u.Host == "" {
		return fmt.Errorf("bad base_url %q", s.BaseURL)
	}
	host := u.Host
	if u.Port() == "" {
		host = joinHostPort(u.Hostname(), map[bool]string{true: "443", false: "80"}[u.Scheme == "https"])
	}
	// Through llm.Reach: in the shell the agent process connects
	// (runtime/agentproc), so that the shell does not link package net.
	if err := llm.Reach(ctx, host, 500*time.Millisecond); err != nil {
		return errors.New("not reachable at " + u.Host)
	}
	return nil
}

// llmConfig converts a model declaration.
func (m *ModelSet) llmConfig(s ModelSpec) llm.Config {
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
func (m *ModelSet) model(s ModelSpec) (llm.Model, error) {
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

// joinHostPort is net.JoinHostPort (an IPv6 address in brackets), without
// linking package net into the shell.
func joinHostPort(host, port string) string {
	if strings.Contains(host, ":") {
		return "[" + host + "]:" + port
	}
	return host + ":" + port
}
