package agents

import (
	"context"
	"errors"
	"strings"

	"github.com/lacy-sh/lacy/agents/llm"
	"github.com/lacy-sh/lacy/defaults"
)

// PredictSystem is the system prompt of command-line prediction: data,
// defaults/templates/predict.md.
var PredictSystem = strings.TrimSpace(string(defaults.Read("templates/predict.md")))

// ErrNoRoleModel is returned when no model is configured for a role.
var ErrNoRoleModel = errors.New("no model is configured for this role")

// Predict asks the `predict` role's model how the command line prefix goes
// on, with the terminal context c (redacted like every request). It
// returns the model's line, unchecked: the caller validates it.
func (m *Manager) Predict(ctx context.Context, prefix string, c Context) (string, error) {
	m.mu.Lock()
	spec, ok := m.models[m.opts.Roles["predict"]]
	m.mu.Unlock()
	if !ok {
		return "", ErrNoRoleModel
	}
	model, err := m.model(spec)
	if err != nil {
		return "", err
	}
	zero := 0.0
	req := &llm.Request{
		System:      m.Redact(PredictSystem + "\n\n" + c.Render()),
		Messages:    []llm.Message{{Role: llm.User, Content: m.Redact(prefix)}},
		Temperature: &zero,
		MaxTokens:   96,
	}
	resp, err := model.Chat(ctx, req)
	if err != nil {
		return "", err
	}
	line := strings.TrimSpace(resp.Text)
	line = strings.TrimPrefix(strings.TrimSuffix(line, "```"), "```")
	line = strings.TrimPrefix(line, "bash\n")
	line = strings.TrimPrefix(line, "sh\n")
	line, _, _ = strings.Cut(strings.TrimSpace(line), "\n")
	return strings.TrimSpace(line), nil
}
