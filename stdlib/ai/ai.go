// Package ai is the agent stack as Lua scripts see it: conversations with
// the declared agents (lacy.agent.ask, lacy.agent.conversation) and
// `? request` (lacy.translate). It is a leaf so that the stdlib, and the
// shell that loads it, need not link the agent stack (langchaingo, the MCP
// SDK, jsonschema); runtime/agentsetup implements it over agents.Manager.
package ai

import (
	"context"
	"io"

	"github.com/lacy-sh/lacy/lua"
	"github.com/lacy-sh/lacy/runtime/iostreams"
)

// Func returns the backend serving the VM whose script calls it, built
// from the VM's configuration (lua.VM.Config) or the process's own. It is
// called on each use; implementations cache.
type Func func(vm *lua.VM) Backend

// Backend starts conversations and translates requests.
type Backend interface {
	// Conversation starts a conversation with agent ("" for the default
	// one). Its permission questions go to term when term's input is a
	// terminal; otherwise only pre-approved calls run.
	Conversation(agent string, term *iostreams.IO) (Conversation, error)
	// Translate turns a request into commands, best first (runs nothing).
	Translate(ctx context.Context, request string) (Translation, error)
}

// Conversation is a script's exchange with one agent.
type Conversation interface {
	// Ask sends text and returns the answer; stream, when not nil, gets
	// the answer's text as it arrives and a newline at its end. Lua tools
	// the agent calls run through lua.VM.Do, so the caller waiting for Ask
	// in Lua must lend the state (lua.VM.Lend).
	Ask(ctx context.Context, text string, stream io.Writer) (string, error)
	// History returns the exchange so far: the user's texts and the
	// agent's answers, without tool calls.
	History() []Turn
	// Reset forgets the exchange.
	Reset()
}

// Turn is one message of a conversation.
type Turn struct {
	Role string // "user" or "assistant"
	Text string
}

// Translation is a request turned into commands.
type Translation struct {
	Command     string   // the best command
	Candidates  []string // every command proposed, best first
	Problem     string   // why the best is doubtful ("" when sound)
	Destructive bool     // the best command is destructive
	Reason      string   // what makes it destructive
}
