package session

import (
	"context"

	"github.com/lacy-sh/lacy/agents"
	"github.com/lacy-sh/lacy/agents/llm"
	"github.com/lacy-sh/lacy/runtime/redact"
	"github.com/lacy-sh/lacy/runtime/shell"
	"github.com/lacy-sh/lacy/runtime/translate"
)

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
