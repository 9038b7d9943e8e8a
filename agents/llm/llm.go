// Package llm is lacy's client for chat models: one small interface,
// Model, with streaming text, tool calls and one-line typed errors, over
// three wire protocols — OpenAI chat completions (and every compatible
// server), Anthropic messages, and Ollama's native /api/chat.
//
// This package is the types and New; the clients themselves are in
// agents/llm/provider, which registers them (Register) when a program
// imports it, so a program can use the types without linking langchaingo.
//
// The providers are langchaingo's (github.com/tmc/langchaingo v0.1.14):
// llms/anthropic for every Anthropic turn, llms/openai and llms/ollama for
// turns that offer no tools. Where langchaingo is verified broken, lacy
// keeps its own code, each workaround documented where it lives:
//
//   - OpenAI turns that offer tools use lacy's SSE client (openai.go):
//     langchaingo leaks tool-call deltas into the text stream and ignores
//     the delta index (tmc/langchaingo#1031).
//   - Ollama turns with tools, offered or in the history, use lacy's
//     NDJSON client (ollama.go): langchaingo's ollama has no tool support
//     (tmc/langchaingo#965).
//   - Anthropic history is sent one part per message and the answer read
//     from every choice (langchain.go): langchaingo sends only Parts[0].
//   - Under every request, lacy's transport (transport.go) gives the HTTP
//     status, Retry-After retries, the idle timeout, stream checks and
//     exact errors that langchaingo's plain string errors cannot.
//
// See docs/agents.md.
package llm

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"
)

// Role is the author of a message.
type Role string

// The roles of a conversation. The system prompt is not a message: it is
// passed in Request.System so it is never stored with the conversation.
const (
	User      Role = "user"
	Assistant Role = "assistant"
	Tool      Role = "tool"
)

// Message is one turn of a conversation.
type Message struct {
	Role    Role   `json:"role"`
	Content string `json:"content,omitempty"`
	// ToolCalls are the calls an assistant message asked for.
	ToolCalls []ToolCall `json:"tool_calls,omitempty"`
	// ToolCallID and Name identify the call a tool message answers.
	ToolCallID string `json:"tool_call_id,omitempty"`
	Name       string `json:"name,omitempty"`
	// IsError marks a tool result that reports a failure or a denial.
	IsError bool `json:"is_error,omitempty"`
}

// ToolCall is a model's request to run a tool.
type ToolCall struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Args is the JSON object of arguments, as the model wrote it.
	Args string `json:"args"`
}

// ToolDef describes a tool offered to the model.
type ToolDef struct {
	Name        string
	Description string
	// Parameters is a JSON schema of type object.
	Parameters map[string]any
}

// Request is one chat call.
type Request struct {
	System      string
	Messages    []Message
	Tools       []ToolDef
	Temperature *float64 // nil: the model's configured value, else the server's default
	MaxTokens   int      // 0: the model's configured value, else the protocol default
	// OnText receives the answer's text as it arrives, while Chat runs:
	// never after it returns, never concurrently with itself, but not
	// always on the goroutine that called Chat (langchaingo's Anthropic
	// reader has its own). It must not block for long.
	OnText func(delta string)
}

// Response is the model's final message.
type Response struct {
	Text       string
	ToolCalls  []ToolCall
	StopReason string
}

// Model is a chat model.
type Model interface {
	// Chat sends the request and streams the answer through req.OnText. On
	// failure the error is an *Error (or ctx.Err() when the caller
	// cancelled), and the response holds what arrived before it.
	Chat(ctx context.Context, req *Request) (*Response, error)
	// Config returns the model's configuration, without its key.
	Config() Config
}

// Config configures a Model.
type Config struct {
	Name        string // the name given in lacy.model, used in errors
	Provider    string // "openai", "anthropic", "ollama" or "googleai"
	Model       string
	BaseURL     string // "" means the provider's usual address
	APIKey      string // never logged, never written
	Temperature *float64
	MaxTokens   int
	// Timeout bounds the wait for each piece of the answer: the first byte
	// and every gap between chunks. Zero means 60s.
	Timeout time.Duration
	// ConnectTimeout bounds the TCP connection. Zero means 5s.
	ConnectTimeout time.Duration
	// Retries is how many times a 429 or 503 is retried, honouring
	// Retry-After. Zero means 2; negative means none.
	Retries int
}

// Default addresses of the providers.
const (
	DefaultOpenAIURL    = "https://api.openai.com/v1"
	DefaultAnthropicURL = "https://api.anthropic.com"
	DefaultOllamaURL    = "http://127.0.0.1:11434"
	// DefaultGoogleURL is Gemini's OpenAI-compatible endpoint; lacy speaks
	// the OpenAI protocol to it instead of linking Google's gRPC SDK.
	DefaultGoogleURL = "https://generativelanguage.googleapis.com/v1beta/openai"
)

// New returns a Model for cfg. Nothing is read from the environment:
// every option langchaingo would take from OPENAI_*, ANTHROPIC_API_KEY or
// OLLAMA_HOST is passed explicitly.
func New(cfg Config) (Model, error) {
	if cfg.Timeout <= 0 {
		cfg.Timeout = 60 * time.Second
	}
	if cfg.ConnectTimeout <= 0 {
		cfg.ConnectTimeout = 5 * time.Second
	}
	if cfg.Retries == 0 {
		cfg.Retries = 2
	}
	if cfg.Model == "" {
		return nil, fmt.Errorf("model %q: no model name (set model = \"…\")", cfg.Name)
	}
	switch cfg.Provider {
	case "openai", "", "googleai", "gemini", "anthropic", "ollama":
	default:
		return nil, fmt.Errorf("model %q: unknown provider %q (want openai, anthropic, ollama or googleai)", cfg.Name, cfg.Provider)
	}
	if impl == nil {
		return nil, fmt.Errorf("model %q: this program has no model clients (llm.Register)", cfg.Name)
	}
	return impl(cfg.complete())
}

// impl is the model clients' constructor, set by Register.
var impl func(Config) (Model, error)

// Register sets the constructor New hands a checked, completed Config to.
// The clients (agents/llm/provider, which links langchaingo and lacy's own
// protocol code) register themselves when imported, so a program that only
// needs the types, or that reaches its models through another process
// (runtime/agentproc), links none of them.
func Register(newModel func(Config) (Model, error)) { impl = newModel }

// complete fills in the provider's usual address, so that every
// implementation (in this process or another) describes the model alike.
func (c Config) complete() Config {
	def := ""
	switch c.Provider {
	case "openai", "":
		c.Provider, def = "openai", DefaultOpenAIURL
	case "googleai", "gemini":
		def = DefaultGoogleURL
	case "anthropic":
		def = DefaultAnthropicURL
	case "ollama":
		def = DefaultOllamaURL
	}
	if c.BaseURL == "" {
		c.BaseURL = def
	}
	c.BaseURL = strings.TrimRight(c.BaseURL, "/")
	if c.Provider == "ollama" {
		c.BaseURL = strings.TrimSuffix(c.BaseURL, "/v1")
	}
	return c
}

// Describe returns the one-line identity of a model used in messages:
// `model "local" (ollama qwen2.5-coder:7b at http://127.0.0.1:11434)`.
func (c Config) Describe() string {
	return fmt.Sprintf("model %q (%s %s at %s)", c.Name, c.Provider, c.Model, c.BaseURL)
}

// ParseArgs decodes a tool call's arguments; an empty string is an empty
// object.
func ParseArgs(s string) (map[string]any, error) {
	args := map[string]any{}
	if strings.TrimSpace(s) == "" {
		return args, nil
	}
	if err := json.Unmarshal([]byte(s), &args); err != nil {
		return nil, fmt.Errorf("arguments are not a JSON object: %v", err)
	}
	return args, nil
}

// Repair returns msgs made valid for every protocol: an assistant tool call
// without a result (a call interrupted by Ctrl-C or a crash) gets a result
// saying so, and a result without its call is dropped.
func Repair(msgs []Message) []Message {
	out := make([]Message, 0, len(msgs))
	for i := 0; i < len(msgs); i++ {
		m := msgs[i]
		if m.Role == Tool {
			continue // results are emitted after their call below
		}
		out = append(out, m)
		if m.Role != Assistant || len(m.ToolCalls) == 0 {
			continue
		}
		results := map[string]Message{}
		j := i + 1
		for ; j < len(msgs) && msgs[j].Role == Tool; j++ {
			results[msgs[j].ToolCallID] = msgs[j]
		}
		for _, tc := range m.ToolCalls {
			r, ok := results[tc.ID]
			if !ok {
				r = Message{Role: Tool, ToolCallID: tc.ID, Name: tc.Name, Content: "the call was interrupted and did not complete", IsError: true}
			}
			out = append(out, r)
		}
		i = j - 1
	}
	return out
}
