package provider

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/lacy-sh/lacy/agents/llm"
)

// lacy's own client for Ollama's native POST {base}/api/chat, for the
// turns with tools. langchaingo v0.1.14's ollama provider has no tool
// support: it ignores WithTools and rejects tool-call and tool-result
// parts ("only support Text and BinaryContent parts right now", verified;
// tmc/langchaingo#965, open). Its OpenAI-compatible /v1 endpoint would
// bring back the streaming bug of openai.go, so tool turns stay native.
// HTTP, retries, timeouts and errors are the shared transport's.

type olToolCall struct {
	ID       string `json:"id,omitempty"`
	Function struct {
		Name      string          `json:"name"`
		Arguments json.RawMessage `json:"arguments"`
	} `json:"function"`
}

type olMessage struct {
	Role      string       `json:"role"`
	Content   string       `json:"content"`
	ToolCalls []olToolCall `json:"tool_calls,omitempty"`
	ToolName  string       `json:"tool_name,omitempty"`
}

type olChunk struct {
	Message    *olMessage `json:"message"`
	Done       bool       `json:"done"`
	DoneReason string     `json:"done_reason"`
}

func (m *ollamaModel) body(req *llm.Request) map[string]any {
	msgs := make([]olMessage, 0, len(req.Messages)+1)
	if req.System != "" {
		msgs = append(msgs, olMessage{Role: "system", Content: req.System})
	}
	for _, msg := range llm.Repair(req.Messages) {
		o := olMessage{Role: string(msg.Role), Content: msg.Content}
		if msg.Role == llm.Tool {
			o.ToolName = msg.Name
		}
		for _, tc := range msg.ToolCalls {
			var w olToolCall
			w.Function.Name = tc.Name
			w.Function.Arguments = json.RawMessage(objectArgs(tc.Args))
			o.ToolCalls = append(o.ToolCalls, w)
		}
		msgs = append(msgs, o)
	}
	b := map[string]any{"model": m.cfg.Model, "messages": msgs, "stream": true}
	opts := map[string]any{}
	if t := m.temperature(req); t != nil {
		opts["temperature"] = *t
	}
	if n := m.maxTokens(req); n > 0 {
		opts["num_predict"] = n
	}
	if len(opts) > 0 {
		b["options"] = opts
	}
	if len(req.Tools) > 0 {
		tools := make([]map[string]any, len(req.Tools))
		for i, t := range req.Tools {
			tools[i] = map[string]any{"type": "function", "function": map[string]any{
				"name": t.Name, "description": t.Description, "parameters": schema(t)}}
		}
		b["tools"] = tools
	}
	return b
}

func (m *ollamaModel) chatNDJSON(ctx context.Context, req *llm.Request) (*llm.Response, error) {
	ctx, cl := begin(ctx)
	hresp, err := m.post(ctx, cl, "/api/chat", m.body(req), bearer(m.cfg.APIKey))
	if err != nil {
		return &llm.Response{}, err
	}
	defer hresp.Body.Close()
	resp := &llm.Response{}
	var text strings.Builder
	ended := false
	sc := bufio.NewScanner(hresp.Body)
	sc.Buffer(make([]byte, 0, 16<<10), 8<<20)
	for !ended && sc.Scan() {
		line := sc.Bytes()
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		var chunk olChunk
		if json.Unmarshal(line, &chunk) != nil {
			break // the transport marked it malformed
		}
		if msg := chunk.Message; msg != nil {
			if msg.Content != "" {
				text.WriteString(msg.Content)
				if req.OnText != nil {
					req.OnText(msg.Content)
				}
			}
			for _, tc := range msg.ToolCalls {
				id := tc.ID
				if id == "" {
					id = "call_" + strconv.Itoa(len(resp.ToolCalls))
				}
				args := string(tc.Function.Arguments)
				if args == "" || args == "null" {
					args = "{}"
				}
				resp.ToolCalls = append(resp.ToolCalls, llm.ToolCall{ID: id, Name: tc.Function.Name, Args: args})
			}
		}
		if chunk.Done {
			ended = true
			resp.StopReason = chunk.DoneReason
		}
	}
	resp.Text = text.String()
	return m.conclude(ctx, cl, resp, nil, ended)
}
