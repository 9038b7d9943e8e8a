package agents

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"go.uber.org/zap"

	"github.com/lacy-sh/lacy/agents/llm"
)

// Roster is the session's agents and their conversations, one of the
// Manager's jobs: the agents by name in declaration order, the current
// one, and each one's conversation, loaded from StateDir on first use.
// Its lock guards the agents' declarations; a conversation is guarded by
// its agent's turn lock.
type Roster struct {
	stateDir string
	log      *zap.Logger
	modelSet *ModelSet // to check SetModel's model

	mu      sync.Mutex
	agents  map[string]*agent
	order   []string
	current string
}

// specOf returns a's declaration as it is now (SetModel changes it).
func (r *Roster) specOf(a *agent) AgentSpec {
	r.mu.Lock()
	defer r.mu.Unlock()
	return a.spec
}

// Agents returns the agents' names, "default" first, then in declaration
// order.
func (r *Roster) Agents() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.order)
}

// Current returns the current agent's name.
func (r *Roster) Current() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.current
}

// Switch makes name the current agent.
func (r *Roster) Switch(name string) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, ok := r.agents[name]; !ok {
		return fmt.Errorf("no agent named %q (agents: %s)", name, strings.Join(r.order, ", "))
	}
	r.current = name
	return nil
}

// Spec returns an agent's declaration.
func (r *Roster) Spec(name string) (AgentSpec, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	a, ok := r.agents[name]
	if !ok {
		return AgentSpec{}, false
	}
	return a.spec, true
}

// agent returns the named agent ("" is the current one) with its
// conversation loaded.
func (r *Roster) agent(name string) (*agent, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if name == "" {
		name = r.current
	}
	a, ok := r.agents[name]
	if !ok {
		return nil, fmt.Errorf("no agent named %q (agents: %s)", name, strings.Join(r.order, ", "))
	}
	if !a.loaded {
		a.msgs = loadConversation(r.stateDir, name, r.log)
		a.loaded = true
	}
	return a, nil
}

// Clear empties an agent's conversation ("" is the current agent), on disk
// too.
func (r *Roster) Clear(name string) error {
	a, err := r.agent(name)
	if err != nil {
		return err
	}
	a.turn.Lock()
	defer a.turn.Unlock()
	a.msgs = nil
	return saveConversation(r.stateDir, a.spec.Name, nil)
}

// Conversation returns a copy of an agent's conversation ("" is the
// current agent).
func (r *Roster) Conversation(name string) ([]llm.Message, error) {
	a, err := r.agent(name)
	if err != nil {
		return nil, err
	}
	a.turn.Lock()
	defer a.turn.Unlock()
	return slices.Clone(a.msgs), nil
}

// SetModel makes an agent ("" is the current one) use the named model.
func (r *Roster) SetModel(agentName, model string) error {
	a, err := r.agent(agentName)
	if err != nil {
		return err
	}
	if _, ok := r.modelSet.models[model]; !ok {
		return fmt.Errorf("no model named %q", model)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	a.spec.Model = model
	return nil
}
