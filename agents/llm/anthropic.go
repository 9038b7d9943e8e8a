package llm

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
)

// anthropic speaks POST {base}/v1/messages, streamed as server-sent events
// or answered as one JSON document.
type anthropic struct{ *client }

// anthropicVersion is the API version lacy was written against.
const anthropicVersion = "2023-06-01"

type anBlock struct {
	Type      string          `json:"type"`
	Text      string          `json:"text,omitempty"`
	ID        string          `json:"id,omitempty"`
	Name      string          `json:"name,omitempty"`
	Input     json.RawMessage `json:"input,omitempty"`
	ToolUseID string          `json:"tool_use_id,omitempty"`
	Content   string          `json:"content,omitempty"`
	IsError   bool            `json:"is_error,omitempty"`
}

type anMessage struct {
	Role    string    `json:"role"`
	Content []anBlock `json:"content"`
}

func (m *anthropic) body(req *Request) map[string]any {
	var msgs []anMessage
	add := func(role string, blocks ...anBlock) {
		if len(blocks) == 0 {
			return
		}
		if n := len(msgs); n > 0 && msgs[n-1].Role == role {
			msgs[n-1].Content = append(msgs[n-1].Content, blocks...)
			return
		}
		msgs = append(msgs, anMessage{Role: role, Content: blocks})
	}
	for _, msg := range Repair(req.Messages) {
		switch msg.Role {
		case User:
			if msg.Content != "" {
				add("user", anBlock{Type: "text", Text: msg.Content})
			}
		case Tool:
			add("user", anBlock{Type: "tool_result", ToolUseID: msg.ToolCallID, Content: msg.Content, IsError: msg.IsError})
		case Assistant:
			var blocks []anBlock
			if msg.Content != "" {
				blocks = append(blocks, anBlock{Type: "text", Text: msg.Content})
			}
			for _, tc := range msg.ToolCalls {
				input := json.RawMessage(tc.Args)
				if !json.Valid(input) || !bytes.HasPrefix(bytes.TrimSpace(input), []byte("{")) {
					input = json.RawMessage("{}")
				}
				blocks = append(blocks, anBlock{Type: "tool_use", ID: tc.ID, Name: tc.Name, Input: input})
			}
			add("assistant", blocks...)
		}
	}
	maxTokens := m.maxTokens(req)
	if maxTokens <= 0 {
		maxTokens = 4096
	}
	b := map[string]any{"model": m.cfg.Model, "messages": msgs, "max_tokens": maxTokens, "stream": true}
	if req.System != "" {
		b["system"] = req.System
	}
	if t := m.temperature(req); t != nil {
		b["temperature"] = *t
	}
	if len(req.Tools) > 0 {
		tools := make([]map[string]any, len(req.Tools))
		for i, t := range req.Tools {
			tools[i] = map[string]any{"name": t.Name, "description": t.Description, "input_schema": schema(t)}
		}
		b["tools"] = tools
	}
	return b
}

type anEvent struct {
	Type         string   `json:"type"`
	Index        int      `json:"index"`
	ContentBlock *anBlock `json:"content_block"`
	Delta        struct {
		Type        string `json:"type"`
		Text        string `json:"text"`
		PartialJSON string `json:"partial_json"`
		StopReason  string `json:"stop_reason"`
	} `json:"delta"`
	Error *struct {
		Type    string `json:"type"`
		Message string `json:"message"`
	} `json:"error"`
	// The non-streamed reply.
	Content    []anBlock `json:"content"`
	StopReason string    `json:"stop_reason"`
}

func (m *anthropic) Chat(ctx context.Context, req *Request) (*Response, error) {
	h := http.Header{}
	if m.cfg.APIKey != "" {
		h.Set("x-api-key", m.cfg.APIKey)
	}
	h.Set("anthropic-version", anthropicVersion)
	path := "/v1/messages"
	if strings.HasSuffix(m.cfg.BaseURL, "/v1") {
		path = "/messages"
	}
	s, err := m.post(ctx, path, m.body(req), h)
	if err != nil {
		return &Response{}, err
	}
	defer s.close()
	if s.json {
		return m.whole(s, req)
	}
	resp := &Response{}
	var text strings.Builder
	type block struct {
		call *ToolCall
		args strings.Builder
	}
	blocks := map[int]*block{}
	var order []int
	seen := false
	for stopped := false; !stopped; {
		line, err := s.line()
		if err == io.EOF && !seen {
			return resp, m.fail(Empty, 0, "the server sent an empty reply")
		}
		if err != nil {
			resp.Text = text.String()
			return resp, s.readError(err)
		}
		data, ok := bytes.CutPrefix(line, []byte("data:"))
		if !ok {
			continue
		}
		seen = true
		var ev anEvent
		if err := json.Unmarshal(bytes.TrimSpace(data), &ev); err != nil {
			resp.Text = text.String()
			return resp, m.fail(Malformed, 0, "malformed stream event: %s", oneLine(string(data), 80))
		}
		switch ev.Type {
		case "content_block_start":
			if cb := ev.ContentBlock; cb != nil && cb.Type == "tool_use" {
				blocks[ev.Index] = &block{call: &ToolCall{ID: cb.ID, Name: cb.Name}}
				order = append(order, ev.Index)
			} else if cb != nil && cb.Text != "" {
				text.WriteString(cb.Text)
				emit(req, cb.Text)
			}
		case "content_block_delta":
			switch ev.Delta.Type {
			case "text_delta":
				text.WriteString(ev.Delta.Text)
				emit(req, ev.Delta.Text)
			case "input_json_delta":
				if b := blocks[ev.Index]; b != nil {
					b.args.WriteString(ev.Delta.PartialJSON)
				}
			}
		case "message_delta":
			if ev.Delta.StopReason != "" {
				resp.StopReason = ev.Delta.StopReason
			}
		case "message_stop":
			stopped = true
		case "error":
			resp.Text = text.String()
			msg := "unknown error"
			if ev.Error != nil {
				msg = ev.Error.Type + ": " + ev.Error.Message
			}
			return resp, m.fail(Server, 0, "error in the stream: %s", oneLine(msg, 160))
		}
	}
	resp.Text = text.String()
	for _, i := range order {
		b := blocks[i]
		b.call.Args = b.args.String()
		if b.call.Args == "" {
			b.call.Args = "{}"
		}
		resp.ToolCalls = append(resp.ToolCalls, *b.call)
	}
	return m.finish(resp)
}

// whole reads a non-streamed message.
func (m *anthropic) whole(s *stream, req *Request) (*Response, error) {
	data, err := io.ReadAll(s.r)
	if err != nil {
		return &Response{}, s.readError(err)
	}
	var v anEvent
	if err := json.Unmarshal(data, &v); err != nil || v.Type == "error" {
		return &Response{}, m.fail(Malformed, 0, "malformed reply: %s", oneLine(string(data), 80))
	}
	resp := &Response{StopReason: v.StopReason}
	for _, b := range v.Content {
		switch b.Type {
		case "text":
			resp.Text += b.Text
		case "tool_use":
			args := string(b.Input)
			if args == "" {
				args = "{}"
			}
			resp.ToolCalls = append(resp.ToolCalls, ToolCall{ID: b.ID, Name: b.Name, Args: args})
		}
	}
	emit(req, resp.Text)
	return m.finish(resp)
}
