// Package agentproc runs lacy's model and MCP clients in a separate
// process, started on first use, so that the interactive shell links and
// initialises none of them (langchaingo, the MCP SDK, jsonschema…).
//
// The seam is narrow on purpose: the agents themselves (which tools an
// agent may use, approvals, the sandbox, rendering, the conversation) stay
// in the shell, so nothing the model writes runs or shows anywhere but in
// the user's terminal, through the same code as before. Only the network
// clients move: llm.Model's Chat (streamed) and an MCP connection's tools,
// call and close, and llm.Reach's connection test. Install registers the
// client side with llm.Register, llm.RegisterReach and mcpconn.Register; Serve is the other side (`lacy-full agent-serve`).
//
// The protocol is JSON, one message per line, on the child's standard
// input and output. Every request carries an id; the answers to a request
// carry the same id, so calls run concurrently. See docs/performance.md.
package agentproc

import (
	"encoding/json"
	"time"

	"github.com/lacy-sh/lacy/agents/llm"
	"github.com/lacy-sh/lacy/agents/mcpconn"
)

// Arg is the subcommand of lacy-full that serves the protocol.
const Arg = "agent-serve"

// request is a message from the shell.
type request struct {
	ID int64  `json:"id"`
	Op string `json:"op"` // chat, cancel, dial, tools, call, close, reach

	// chat
	Model *modelConfig `json:"model,omitempty"`
	Req   *chatRequest `json:"req,omitempty"`

	// dial
	Endpoint *endpoint `json:"endpoint,omitempty"`

	// reach: a TCP connection to Host within Timeout (llm.Reach)
	Host    string        `json:"host,omitempty"`
	Timeout time.Duration `json:"timeout,omitempty"`

	// tools, call, close: the id of the dial request
	Conn int64          `json:"conn,omitempty"`
	Tool string         `json:"tool,omitempty"`
	Args map[string]any `json:"args,omitempty"`
}

// reply is a message to the shell: a piece of text while a chat runs
// (Text), else the end of a request (Done).
type reply struct {
	ID    int64      `json:"id"`
	Text  string     `json:"text,omitempty"`
	Done  bool       `json:"done,omitempty"`
	Error *wireError `json:"error,omitempty"`

	Resp    *llm.Response  `json:"resp,omitempty"`
	Tools   []mcpconn.Tool `json:"tools,omitempty"`
	Result  string         `json:"result,omitempty"`
	IsError bool           `json:"is_error,omitempty"`
}

// modelConfig is llm.Config as it crosses.
type modelConfig struct {
	Name, Provider, Model, BaseURL, APIKey string
	Temperature                            *float64
	MaxTokens                              int
	Timeout, ConnectTimeout                time.Duration
	Retries                                int
}

func toWire(c llm.Config) *modelConfig {
	return &modelConfig{c.Name, c.Provider, c.Model, c.BaseURL, c.APIKey, c.Temperature, c.MaxTokens, c.Timeout, c.ConnectTimeout, c.Retries}
}

func (m *modelConfig) config() llm.Config {
	return llm.Config{Name: m.Name, Provider: m.Provider, Model: m.Model, BaseURL: m.BaseURL, APIKey: m.APIKey,
		Temperature: m.Temperature, MaxTokens: m.MaxTokens, Timeout: m.Timeout, ConnectTimeout: m.ConnectTimeout, Retries: m.Retries}
}

// chatRequest is llm.Request without OnText (the text comes back as
// replies).
type chatRequest struct {
	System      string        `json:"system,omitempty"`
	Messages    []llm.Message `json:"messages,omitempty"`
	Tools       []toolDef     `json:"tools,omitempty"`
	Temperature *float64      `json:"temperature,omitempty"`
	MaxTokens   int           `json:"max_tokens,omitempty"`
	Stream      bool          `json:"stream,omitempty"` // the caller wants the text as it arrives
}

type toolDef struct {
	Name        string         `json:"name"`
	Description string         `json:"description,omitempty"`
	Parameters  map[string]any `json:"parameters,omitempty"`
}

// endpoint is mcpconn.Endpoint with its command as data.
type endpoint struct {
	Path    string            `json:"path,omitempty"`
	Args    []string          `json:"args,omitempty"`
	Env     []string          `json:"env,omitempty"`
	Dir     string            `json:"dir,omitempty"`
	LookErr string            `json:"look_err,omitempty"` // the command's exec.Cmd.Err: not found
	Grace   time.Duration     `json:"grace,omitempty"`
	URL     string            `json:"url,omitempty"`
	Headers map[string]string `json:"headers,omitempty"`
}

// wireError is an error as it crosses: an *llm.Error keeps its fields, a
// cancelled call and a closed MCP connection keep their identity.
type wireError struct {
	Message string    `json:"message"`
	LLM     *llmError `json:"llm,omitempty"`
	Closed  bool      `json:"closed,omitempty"`
	Cancel  bool      `json:"cancel,omitempty"`
}

type llmError struct {
	Kind       llm.Kind      `json:"kind"`
	Model      string        `json:"model"`
	Status     int           `json:"status,omitempty"`
	Cause      string        `json:"cause"`
	RetryAfter time.Duration `json:"retry_after,omitempty"`
}

func encodeLine(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		b, _ = json.Marshal(reply{Done: true, Error: &wireError{Message: "agentproc: " + err.Error()}})
	}
	return append(b, '\n')
}
