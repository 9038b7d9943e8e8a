package llm

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"sort"
	"strconv"
	"strings"
)

// openAI speaks POST {base}/chat/completions, streamed as server-sent
// events, or answered as one JSON document by servers that do not stream.
type openAI struct{ *client }

type oaMessage struct {
	Role       string       `json:"role"`
	Content    *string      `json:"content"`
	ToolCalls  []oaToolCall `json:"tool_calls,omitempty"`
	ToolCallID string       `json:"tool_call_id,omitempty"`
}

type oaToolCall struct {
	Index    *int   `json:"index,omitempty"`
	ID       string `json:"id,omitempty"`
	Type     string `json:"type,omitempty"`
	Function struct {
		Name      string `json:"name,omitempty"`
		Arguments string `json:"arguments"`
	} `json:"function"`
}

type oaChoice struct {
	Message      *oaMessage `json:"message"`
	Delta        *oaMessage `json:"delta"`
	FinishReason *string    `json:"finish_reason"`
}

type oaChunk struct {
	Choices []oaChoice      `json:"choices"`
	Error   json.RawMessage `json:"error"`
}

func (m *openAI) body(req *Request) map[string]any {
	msgs := make([]oaMessage, 0, len(req.Messages)+1)
	if req.System != "" {
		msgs = append(msgs, oaMessage{Role: "system", Content: &req.System})
	}
	for _, msg := range Repair(req.Messages) {
		o := oaMessage{Role: string(msg.Role), ToolCallID: msg.ToolCallID}
		content := msg.Content
		if msg.Role != Assistant || content != "" || len(msg.ToolCalls) == 0 {
			o.Content = &content
		}
		for _, tc := range msg.ToolCalls {
			var w oaToolCall
			w.ID, w.Type = tc.ID, "function"
			w.Function.Name, w.Function.Arguments = tc.Name, tc.Args
			if w.Function.Arguments == "" {
				w.Function.Arguments = "{}"
			}
			o.ToolCalls = append(o.ToolCalls, w)
		}
		msgs = append(msgs, o)
	}
	b := map[string]any{"model": m.cfg.Model, "messages": msgs, "stream": true}
	if t := m.temperature(req); t != nil {
		b["temperature"] = *t
	}
	if n := m.maxTokens(req); n > 0 {
		b["max_tokens"] = n
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

func (m *openAI) Chat(ctx context.Context, req *Request) (*Response, error) {
	s, err := m.post(ctx, "/chat/completions", m.body(req), bearer(m.cfg.APIKey))
	if err != nil {
		return &Response{}, err
	}
	defer s.close()
	if s.json {
		return m.whole(s, req)
	}
	resp := &Response{}
	var text strings.Builder
	calls := map[int]*ToolCall{}
	done, finished, seen := false, false, false
	for !done {
		line, err := s.line()
		if err != nil {
			if err == io.EOF && finished {
				break // some servers end after finish_reason without [DONE]
			}
			if err == io.EOF && !seen {
				return resp, m.fail(Empty, 0, "the server sent an empty reply")
			}
			resp.Text = text.String()
			return resp, s.readError(err)
		}
		data, ok := bytes.CutPrefix(line, []byte("data:"))
		if !ok {
			continue // blank separators, comments, event: lines
		}
		data = bytes.TrimSpace(data)
		seen = true
		if string(data) == "[DONE]" {
			done = true
			continue
		}
		var chunk oaChunk
		if err := json.Unmarshal(data, &chunk); err != nil {
			resp.Text = text.String()
			return resp, m.fail(Malformed, 0, "malformed stream chunk: %s", oneLine(string(data), 80))
		}
		if len(chunk.Error) > 0 && string(chunk.Error) != "null" {
			resp.Text = text.String()
			return resp, m.fail(Server, 0, "error in the stream: %s", m.serverMessage(data))
		}
		for _, ch := range chunk.Choices {
			if ch.FinishReason != nil && *ch.FinishReason != "" {
				finished = true
				resp.StopReason = *ch.FinishReason
			}
			d := ch.Delta
			if d == nil {
				d = ch.Message
			}
			if d == nil {
				continue
			}
			if d.Content != nil && *d.Content != "" {
				text.WriteString(*d.Content)
				emit(req, *d.Content)
			}
			for i, tc := range d.ToolCalls {
				idx := i
				if tc.Index != nil {
					idx = *tc.Index
				}
				c := calls[idx]
				if c == nil {
					c = &ToolCall{}
					calls[idx] = c
				}
				if tc.ID != "" {
					c.ID = tc.ID
				}
				if tc.Function.Name != "" {
					c.Name = tc.Function.Name
				}
				c.Args += tc.Function.Arguments
			}
		}
	}
	resp.Text = text.String()
	idx := make([]int, 0, len(calls))
	for i := range calls {
		idx = append(idx, i)
	}
	sort.Ints(idx)
	for _, i := range idx {
		c := calls[i]
		if c.ID == "" {
			c.ID = "call_" + strconv.Itoa(i)
		}
		resp.ToolCalls = append(resp.ToolCalls, *c)
	}
	return m.finish(resp)
}

// whole reads a non-streamed completion.
func (m *openAI) whole(s *stream, req *Request) (*Response, error) {
	data, err := io.ReadAll(s.r)
	if err != nil {
		return &Response{}, s.readError(err)
	}
	var v oaChunk
	if err := json.Unmarshal(data, &v); err != nil {
		return &Response{}, m.fail(Malformed, 0, "malformed reply: %s", oneLine(string(data), 80))
	}
	resp := &Response{}
	for _, ch := range v.Choices {
		if ch.Message == nil {
			continue
		}
		if ch.FinishReason != nil {
			resp.StopReason = *ch.FinishReason
		}
		if ch.Message.Content != nil {
			resp.Text += *ch.Message.Content
		}
		for i, tc := range ch.Message.ToolCalls {
			id := tc.ID
			if id == "" {
				id = "call_" + strconv.Itoa(i)
			}
			resp.ToolCalls = append(resp.ToolCalls, ToolCall{ID: id, Name: tc.Function.Name, Args: tc.Function.Arguments})
		}
	}
	if len(v.Choices) == 0 {
		return resp, m.fail(Malformed, 0, "malformed reply: no choices")
	}
	emit(req, resp.Text)
	return m.finish(resp)
}
