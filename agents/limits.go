package agents

import (
	"fmt"

	"go.uber.org/zap"

	"github.com/lacy-sh/lacy/agents/llm"
)

// callBudget counts the tool calls of one question.
type callBudget struct {
	used      int
	exhausted bool // a call was refused: the model has been told to answer
}

// take reports whether one more call fits within limit, counting it.
func (b *callBudget) take(limit int) bool {
	if b.used >= limit {
		b.exhausted = true
		return false
	}
	b.used++
	return true
}

// refuseOverLimit tells the user and the model that a call was not run
// because the question used up its tool calls.
func (m *Manager) refuseOverLimit(call llm.ToolCall, sink Sink) string {
	n := m.opts.MaxToolCalls
	m.log.Info("tool call over the limit", zap.String("tool", call.Name), zap.Int("limit", n))
	sink.ToolCall(call.Name, "")
	sink.ToolResult(call.Name, fmt.Sprintf("not run: %d tool calls is the limit for one question (lacy.config{ max_tool_calls = N })", n), true)
	return fmt.Sprintf("not run: this question reached its limit of %d tool calls. Do not call tools again: answer now with what you found, and say what is left to do.", n)
}

// toolLimitError ends a turn whose model kept calling tools after it was
// told the limit was reached.
func (m *Manager) toolLimitError(spec AgentSpec) error {
	return fmt.Errorf("agent %q stopped: it kept calling tools after the limit of %d tool calls for one question (raise it with lacy.config{ max_tool_calls = N })", spec.Name, m.opts.MaxToolCalls)
}
