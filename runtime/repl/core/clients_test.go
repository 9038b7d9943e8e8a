package core

// The model clients, registered with llm.Register as lacy-full's
// composition root (internal/app) registers them.
import _ "github.com/lacy-sh/lacy/agents/llm/provider"
