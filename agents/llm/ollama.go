package llm

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"strconv"
	"strings"
)

// ollama speaks Ollama's native POST {base}/api/chat, streamed as
// newline-delimited JSON, tool calls included.
type ollama struct{ *client }

type olToolCall struct {
	ID       string `json:"id,omitempty"`
	Function struct {
		Index     *int            `json:"index,omitempty"`
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
	Error      string     `json:"error"`
}

func (m *ollama) body(req *Request) map[string]any {
	msgs := make([]olMessage, 0, len(req.Messages)+1)
	if req.System != "" {
		msgs = append(msgs, olMessage{Role: "system", Content: req.System})
	}
	for _, msg := range Repair(req.Messages) {
		o := olMessage{Role: string(msg.Role), Content: msg.Content}
		if msg.Role == Tool {
			o.ToolName = msg.Name
		}
		for _, tc := range msg.ToolCalls {
			var w olToolCall
			w.Function.Name = tc.Name
			w.Function.Arguments = json.RawMessage(tc.Args)
			if !json.Valid(w.Function.Arguments) {
				w.Function.Arguments = json.RawMessage("{}")
			}
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

func (m *ollama) Chat(ctx context.Context, req *Request) (*Response, error) {
	s, err := m.post(ctx, "/api/chat", m.body(req), bearer(m.cfg.APIKey))
	if err != nil {
		return &Response{}, err
	}
	defer s.close()
	resp := &Response{}
	var text strings.Builder
	dec := json.NewDecoder(s.r)
	for {
		var chunk olChunk
		if err := dec.Decode(&chunk); err != nil {
			resp.Text = text.String()
			var syn *json.SyntaxError
			var typ *json.UnmarshalTypeError
			if errors.As(err, &syn) || errors.As(err, &typ) || (s.json && errors.Is(err, io.ErrUnexpectedEOF)) {
				return resp, m.fail(Malformed, 0, "malformed stream line: %v", err)
			}
			if err == io.EOF && text.Len() == 0 && len(resp.ToolCalls) == 0 {
				return resp, m.fail(Empty, 0, "the model sent an empty reply")
			}
			return resp, s.readError(err)
		}
		if chunk.Error != "" {
			resp.Text = text.String()
			k := Server
			if strings.Contains(chunk.Error, "not found") {
				k = NotFound
			}
			return resp, m.fail(k, 0, "error in the stream: %s", oneLine(chunk.Error, 160))
		}
		if msg := chunk.Message; msg != nil {
			if msg.Content != "" {
				text.WriteString(msg.Content)
				emit(req, msg.Content)
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
				resp.ToolCalls = append(resp.ToolCalls, ToolCall{ID: id, Name: tc.Function.Name, Args: args})
			}
		}
		if chunk.Done {
			resp.StopReason = chunk.DoneReason
			break
		}
	}
	resp.Text = text.String()
	return m.finish(resp)
}
