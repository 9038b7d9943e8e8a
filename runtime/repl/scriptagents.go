package repl

import (
	"go.uber.org/zap"

	"github.com/lacy-sh/lacy/agents"
	"github.com/lacy-sh/lacy/runtime/agentsetup"
	"github.com/lacy-sh/lacy/stdlib/ai"
)

// sharedAgents gives the Lua stdlib the session's agent manager, so that a
// hook's lacy.agent.ask uses the same one (one manager per process); nil
// while the config loads, before the shell exists.
func (a *App) sharedAgents() *agents.Manager {
	if !a.agentsReady.Load() {
		return nil
	}
	return a.Agents()
}

// scriptAgents serves the Lua stdlib's agent functions (a hook's
// lacy.agent.ask) with the session's manager once the shell exists.
func (a *App) scriptAgents(log *zap.Logger) ai.Func {
	s := &agentsetup.Scripts{Shared: a.sharedAgents, Logger: log.Named("agents")}
	return s.For
}
