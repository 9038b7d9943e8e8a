package agents

import (
	"context"
	"fmt"

	"github.com/lacy-sh/lacy/agents/llm"
)

// RoleModel returns the client and name of the model a feature uses: the
// one lacy.config{ models = { ROLE = … } } names, else the default agent's
// (see modelSpec). Features such as `? request` call it for one-shot
// requests that are not part of any conversation.
func (m *Manager) RoleModel(ctx context.Context, role string) (llm.Model, string, error) {
	name := m.roles[role]
	def, _ := m.Spec(DefaultAgent)
	var s ModelSpec
	if name != "" {
		var ok bool
		if s, ok = m.models[name]; !ok {
			return nil, "", fmt.Errorf("models.%s: no model named %q is declared (lacy.model)", role, name)
		}
	} else {
		var err error
		if s, err = m.modelSpec(ctx, def); err != nil {
			return nil, "", err
		}
	}
	c, err := m.model(s)
	if err != nil {
		return nil, "", err
	}
	return c, s.Name, nil
}
