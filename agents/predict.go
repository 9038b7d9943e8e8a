package agents

import (
	"context"
	"errors"
	"strings"

	"github.com/lacy-sh/lacy/agents/llm"
	"github.com/lacy-sh/lacy/defaults"
	"github.com/lacy-sh/lacy/internal/lazy"
)

// PredictSystem is the system prompt of command-line prediction: data,
// defaults/templates/predict.md.
func PredictSystem() string { return predictSystem.Get() }

var predictSystem = lazy.Value[string]{New: func() string {
	return strings.TrimSpace(string(defaults.Read("templates/predict.md")))
}}

// Assist answers the shell's one-shot questions, one of the Manager's
// jobs: how the command line goes on (Predict) and fixes of a failed
// command (SuggestFixes). Each goes to the model its role names, never to
// a fallback, and is redacted like every request.
type Assist struct {
	*ModelSet
	redact func(string) string
}

// ErrNoRoleModel is returned when no model is configured for a role.
var ErrNoRoleModel = errors.New("no model is configured for this role")

// Predict asks the `predict` role's model how the command line prefix goes
// on, with the terminal context c (redacted like every request). It
// returns the model's line, unchecked: the caller validates it.
func (a *Assist) Predict(ctx context.Context, prefix string, c Context) (string, error) {
	spec, ok := a.models[a.roles["predict"]]
	if !ok {
		return "", ErrNoRoleModel
	}
	model, err := a.model(spec)
	if err != nil {
		return "", err
	}
	zero := 0.0
	req := &llm.Request{
		System:      a.redact(PredictSystem() + "\n\n" + c.Render()),
		Messages:    []llm.Message{{Role: llm.User, Content: a.redact(prefix)}},
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
