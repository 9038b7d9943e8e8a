// Package agentsetup builds a session's agent stack from its
// configuration: the agents.Manager and `? request`'s translator over it.
// It is the one place that joins runtime/session (config, shell, state
// directories) to package agents, so that session, lua and the stdlib
// need not link the agent stack (langchaingo's providers, the MCP SDK,
// jsonschema) to start a shell.
package agentsetup

import (
	"context"
	"path/filepath"

	"go.uber.org/zap"

	"github.com/lacy-sh/lacy/agents"
	"github.com/lacy-sh/lacy/agents/llm"
	"github.com/lacy-sh/lacy/lua"
	"github.com/lacy-sh/lacy/runtime/redact"
	"github.com/lacy-sh/lacy/runtime/session"
	"github.com/lacy-sh/lacy/runtime/shell"
	"github.com/lacy-sh/lacy/runtime/translate"
)

// NewAgents builds the agents manager from the config. run executes the
// shell tool's commands (session.SubshellRunner) and cwd reports the
// directory for the file tools.
func NewAgents(cfg lua.Config, log *zap.Logger, run agents.ShellFunc, cwd func() string) *agents.Manager {
	if log == nil {
		log = zap.NewNop()
	}
	stateDir := ""
	if d := session.StateDir(); d != "" {
		stateDir = filepath.Join(d, "agents")
	}
	return agents.New(agents.Options{
		Models: cfg.Models, Agents: cfg.Agents, Tools: cfg.Tools,
		Roles: cfg.Roles, Approve: cfg.Approve,
		MCP: cfg.MCP, MaxToolCalls: cfg.MaxToolCalls,
		StateDir: stateDir,
		Undo:     session.UndoStore(),
		Logger:   log.Named("agents"),
		Shell:    run, Cwd: cwd,
		Context: cfg.Context,
	})
}

// NewTranslator builds `? request`'s translator: the model of the
// translate role (else the default agent's), redaction as for every
// request to a model, and the names that can run here: lacy's builtins
// and what known accepts (functions, aliases, PATH).
func NewTranslator(mgr *agents.Manager, known func(string) bool, cfg translate.Config) *translate.Translator {
	builtins := map[string]bool{}
	for _, b := range shell.Builtins() {
		builtins[b] = true
	}
	return &translate.Translator{
		Model: func(ctx context.Context) (llm.Model, string, error) {
			return mgr.RoleModel(ctx, "translate")
		},
		Known:        func(name string) bool { return builtins[name] || known != nil && known(name) },
		Redact:       func(s string) string { return mgr.Redact(redact.String(s)) },
		Cache:        translate.NewCache(translate.CacheEntries, translate.CacheTTL),
		Alternatives: cfg.Alternatives,
	}
}
