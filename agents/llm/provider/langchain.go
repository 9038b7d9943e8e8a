package provider

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"

	"github.com/tmc/langchaingo/llms"
	"github.com/tmc/langchaingo/llms/anthropic"
	"github.com/tmc/langchaingo/llms/ollama"
	"github.com/tmc/langchaingo/llms/openai"

	"github.com/lacy-sh/lacy/agents/llm"
)

// The providers through langchaingo. Every option is passed explicitly,
// so OPENAI_API_KEY, OPENAI_MODEL, OPENAI_BASE_URL, OPENAI_API_BASE,
// OPENAI_ORGANIZATION, ANTHROPIC_API_KEY and OLLAMA_HOST, which
// langchaingo reads as defaults, never redirect lacy. Temperature is sent
// as configured, else 0: langchaingo always sends one (it omits it only
// for OpenAI's reasoning models).

// lcTools converts tool definitions; parameters stay maps, as every
// langchaingo provider accepts.
func lcTools(defs []llm.ToolDef) []llms.Tool {
	tools := make([]llms.Tool, len(defs))
	for i, t := range defs {
		tools[i] = llms.Tool{Type: "function", Function: &llms.FunctionDefinition{
			Name: t.Name, Description: t.Description, Parameters: schema(t)}}
	}
	return tools
}

// callOptions returns the options every langchaingo call takes: the
// model, the temperature, the token limit if any, and the stream.
func (c *client) callOptions(req *llm.Request, ts *textStream, maxTokens int) []llms.CallOption {
	temp := 0.0
	if t := c.temperature(req); t != nil {
		temp = *t
	}
	opts := []llms.CallOption{llms.WithModel(c.cfg.Model), llms.WithTemperature(temp),
		llms.WithStreamingFunc(func(_ context.Context, chunk []byte) error { return ts.add(string(chunk)) })}
	if maxTokens > 0 {
		opts = append(opts, llms.WithMaxTokens(maxTokens))
	}
	return opts
}

// lastIs reports whether the last line the call saw is a JSON object whose
// field has the given value: how lacy tells a finished answer from one cut
// short when langchaingo reads both as the same.
func lastIs(cl *call, field string, want any) bool {
	var v map[string]any
	if json.Unmarshal(cl.lastLine(), &v) != nil {
		return false
	}
	return v[field] == want
}

// anthropicModel sends every Anthropic turn through langchaingo's
// llms/anthropic, streaming, tools included.
type anthropicModel struct {
	*client
	llm *anthropic.LLM
}

func newAnthropic(c *client) (llm.Model, error) {
	base := c.cfg.BaseURL
	if !strings.HasSuffix(base, "/v1") {
		base += "/v1" // langchaingo posts to {base}/messages
	}
	l, err := anthropic.New(anthropic.WithToken(c.token()), anthropic.WithModel(c.cfg.Model),
		anthropic.WithBaseURL(base), anthropic.WithHTTPClient(c.lc))
	if err != nil {
		return nil, fmt.Errorf("model %q: %v", c.cfg.Name, err)
	}
	return &anthropicModel{c, l}, nil
}

// anthropicMessages converts the conversation.
//
// Workaround: langchaingo v0.1.14 converts only Parts[0] of an AI or tool
// message (verified on the wire), so an assistant turn [text, call1,
// call2] would lose its calls and the tool results would answer nothing.
// Each text, tool call and tool result is therefore a message of its own:
// AI(text), AI(call1), AI(call2), Tool(result1), Tool(result2). Anthropic
// combines consecutive turns of the same role. Its tool_result has no
// is_error field in langchaingo, so a failed result says "error: ".
func anthropicMessages(req *llm.Request) []llms.MessageContent {
	var msgs []llms.MessageContent
	if req.System != "" {
		msgs = append(msgs, llms.TextParts(llms.ChatMessageTypeSystem, req.System))
	}
	for _, m := range llm.Repair(req.Messages) {
		switch m.Role {
		case llm.User:
			if m.Content != "" {
				msgs = append(msgs, llms.TextParts(llms.ChatMessageTypeHuman, m.Content))
			}
		case llm.Assistant:
			if m.Content != "" {
				msgs = append(msgs, llms.TextParts(llms.ChatMessageTypeAI, m.Content))
			}
			for _, tc := range m.ToolCalls {
				msgs = append(msgs, llms.MessageContent{Role: llms.ChatMessageTypeAI, Parts: []llms.ContentPart{llms.ToolCall{
					ID: tc.ID, Type: "function", FunctionCall: &llms.FunctionCall{Name: tc.Name, Arguments: objectArgs(tc.Args)}}}})
			}
		case llm.Tool:
			content := m.Content
			if m.IsError {
				content = "error: " + content
			}
			msgs = append(msgs, llms.MessageContent{Role: llms.ChatMessageTypeTool, Parts: []llms.ContentPart{
				llms.ToolCallResponse{ToolCallID: m.ToolCallID, Name: m.Name, Content: content}}})
		}
	}
	return msgs
}

func (m *anthropicModel) Chat(ctx context.Context, req *llm.Request) (*llm.Response, error) {
	ctx, cl := begin(ctx)
	ts := &textStream{ctx: ctx, req: req}
	maxTokens := m.maxTokens(req)
	if maxTokens <= 0 {
		maxTokens = 4096 // Anthropic requires one; langchaingo would send 2048
	}
	opts := m.callOptions(req, ts, maxTokens)
	if len(req.Tools) > 0 {
		opts = append(opts, llms.WithTools(lcTools(req.Tools)))
	}
	resp, err := m.llm.GenerateContent(ctx, anthropicMessages(req), opts...)
	out := &llm.Response{Text: ts.close()}
	if err == nil {
		// Workaround: each content block is a Choice of its own (text
		// in one, each tool_use in the next), so every choice is read.
		var text strings.Builder
		for _, ch := range resp.Choices {
			text.WriteString(ch.Content)
			out.ToolCalls = append(out.ToolCalls, toolCalls(ch.ToolCalls)...)
			if ch.StopReason != "" {
				out.StopReason = ch.StopReason
			}
		}
		out.Text = text.String()
	}
	return m.conclude(ctx, cl, out, err, lastIs(cl, "type", "message_stop"))
}

// toolCalls converts langchaingo's tool calls.
func toolCalls(calls []llms.ToolCall) []llm.ToolCall {
	var out []llm.ToolCall
	for _, tc := range calls {
		if tc.FunctionCall == nil {
			continue
		}
		args := tc.FunctionCall.Arguments
		if args == "" || args == "null" {
			args = "{}"
		}
		out = append(out, llm.ToolCall{ID: tc.ID, Name: tc.FunctionCall.Name, Args: args})
	}
	return out
}

// openAIModel speaks to OpenAI and every compatible server. Turns without
// tools go through langchaingo's llms/openai; turns that offer tools go
// through lacy's own SSE client (openai.go).
type openAIModel struct {
	*client
	llm *openai.LLM
}

func newOpenAI(c *client) (llm.Model, error) {
	l, err := openai.New(openai.WithToken(c.token()), openai.WithModel(c.cfg.Model),
		openai.WithBaseURL(c.cfg.BaseURL), openai.WithOrganization(""),
		openai.WithAPIType(openai.APITypeOpenAI), openai.WithHTTPClient(c.lc))
	if err != nil {
		return nil, fmt.Errorf("model %q: %v", c.cfg.Name, err)
	}
	return &openAIModel{c, l}, nil
}

// legacyMaxTokens reports whether the token limit goes in max_tokens,
// which every OpenAI-compatible server knows, rather than OpenAI's newer
// max_completion_tokens, which its reasoning models require.
func (c *client) legacyMaxTokens() bool {
	u, err := url.Parse(c.cfg.BaseURL)
	return err != nil || u.Hostname() != "api.openai.com"
}

func (m *openAIModel) Chat(ctx context.Context, req *llm.Request) (*llm.Response, error) {
	if len(req.Tools) > 0 {
		// Workaround: langchaingo streams tool-call deltas into the text
		// callback and ignores their index, gluing parallel calls
		// together (tmc/langchaingo#1031), so these turns use lacy's
		// own SSE client.
		return m.chatSSE(ctx, req)
	}
	ctx, cl := begin(ctx)
	ts := &textStream{ctx: ctx, req: req, dropToolDeltas: true}
	opts := m.callOptions(req, ts, m.maxTokens(req))
	if m.maxTokens(req) > 0 && m.legacyMaxTokens() {
		opts = append(opts, openai.WithLegacyMaxTokensField())
	}
	resp, err := m.llm.GenerateContent(ctx, openAIMessages(req), opts...)
	out := &llm.Response{Text: ts.close()}
	ended := false
	if err == nil && len(resp.Choices) > 0 {
		ch := resp.Choices[0]
		out.Text, out.StopReason = ch.Content, ch.StopReason
		out.ToolCalls = toolCalls(ch.ToolCalls)
		ended = ch.StopReason != ""
	}
	ended = ended || string(cl.lastLine()) == "[DONE]"
	return m.conclude(ctx, cl, out, err, ended)
}

// openAIMessages converts the conversation; langchaingo writes the tool
// calls of an assistant message and one tool message per result.
func openAIMessages(req *llm.Request) []llms.MessageContent {
	msgs := make([]llms.MessageContent, 0, len(req.Messages)+1)
	if req.System != "" {
		msgs = append(msgs, llms.TextParts(llms.ChatMessageTypeSystem, req.System))
	}
	for _, m := range llm.Repair(req.Messages) {
		switch m.Role {
		case llm.User:
			msgs = append(msgs, llms.TextParts(llms.ChatMessageTypeHuman, m.Content))
		case llm.Assistant:
			mc := llms.MessageContent{Role: llms.ChatMessageTypeAI}
			if m.Content != "" || len(m.ToolCalls) == 0 {
				mc.Parts = append(mc.Parts, llms.TextPart(m.Content))
			}
			for _, tc := range m.ToolCalls {
				args := tc.Args
				if args == "" {
					args = "{}"
				}
				mc.Parts = append(mc.Parts, llms.ToolCall{ID: tc.ID, Type: "function",
					FunctionCall: &llms.FunctionCall{Name: tc.Name, Arguments: args}})
			}
			msgs = append(msgs, mc)
		case llm.Tool:
			msgs = append(msgs, llms.MessageContent{Role: llms.ChatMessageTypeTool, Parts: []llms.ContentPart{
				llms.ToolCallResponse{ToolCallID: m.ToolCallID, Name: m.Name, Content: m.Content}}})
		}
	}
	return msgs
}

// isToolDelta reports whether a streamed chunk is langchaingo's JSON of
// tool-call deltas rather than text (tmc/langchaingo#1031): an array of
// objects that all carry a "function".
func isToolDelta(chunk string) bool {
	if !strings.HasPrefix(chunk, "[{") {
		return false
	}
	var deltas []struct {
		Function json.RawMessage `json:"function"`
	}
	if json.Unmarshal([]byte(chunk), &deltas) != nil || len(deltas) == 0 {
		return false
	}
	for _, d := range deltas {
		if len(d.Function) == 0 || bytes.Equal(d.Function, []byte("null")) {
			return false
		}
	}
	return true
}

// ollamaModel speaks Ollama's native /api/chat. Turns without tools go
// through langchaingo's llms/ollama; turns with tools use lacy's own
// NDJSON client (ollama.go).
type ollamaModel struct {
	*client
	llm *ollama.LLM
}

func newOllama(c *client) (llm.Model, error) {
	// ollama.WithServerURL calls log.Fatal on a URL that does not parse:
	// check it first.
	if u, err := url.Parse(c.cfg.BaseURL); err != nil || u.Scheme == "" || u.Host == "" {
		return nil, fmt.Errorf("model %q: bad base_url %q", c.cfg.Name, c.cfg.BaseURL)
	}
	l, err := ollama.New(ollama.WithServerURL(c.cfg.BaseURL), ollama.WithModel(c.cfg.Model), ollama.WithHTTPClient(c.lc))
	if err != nil {
		return nil, fmt.Errorf("model %q: %v", c.cfg.Name, err)
	}
	return &ollamaModel{c, l}, nil
}

// hasToolTurns reports whether msgs hold a tool call or result.
func hasToolTurns(msgs []llm.Message) bool {
	for _, m := range msgs {
		if m.Role == llm.Tool || len(m.ToolCalls) > 0 {
			return true
		}
	}
	return false
}

func (m *ollamaModel) Chat(ctx context.Context, req *llm.Request) (*llm.Response, error) {
	if len(req.Tools) > 0 || hasToolTurns(req.Messages) {
		// Workaround: langchaingo's ollama ignores WithTools and rejects
		// tool-call and tool-result parts ("only support Text and
		// BinaryContent parts right now", tmc/langchaingo#965), so these
		// turns use lacy's own NDJSON client.
		return m.chatNDJSON(ctx, req)
	}
	ctx, cl := begin(ctx)
	ts := &textStream{ctx: ctx, req: req}
	msgs := make([]llms.MessageContent, 0, len(req.Messages)+1)
	if req.System != "" {
		msgs = append(msgs, llms.TextParts(llms.ChatMessageTypeSystem, req.System))
	}
	for _, msg := range req.Messages {
		role := llms.ChatMessageTypeHuman
		if msg.Role == llm.Assistant {
			role = llms.ChatMessageTypeAI
		}
		msgs = append(msgs, llms.TextParts(role, msg.Content))
	}
	resp, err := m.llm.GenerateContent(ctx, msgs, m.callOptions(req, ts, m.maxTokens(req))...)
	out := &llm.Response{Text: ts.close()}
	// langchaingo ignores a read error and has no done_reason: the last
	// line tells whether the answer ended.
	ended := lastIs(cl, "done", true)
	if err == nil && ended && len(resp.Choices) > 0 {
		out.Text, out.StopReason = resp.Choices[0].Content, "stop"
	}
	return m.conclude(ctx, cl, out, err, ended)
}
