package provider

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"sort"
	"strconv"
	"strings"

	"github.com/lacy-sh/lacy/agents/llm"
)

// lacy's own OpenAI chat-completions client, for the turns that offer
// tools. langchaingo v0.1.14 cannot stream them: it passes each tool-call
// delta to the text callback as JSON and appends arguments to the last
// call whenever a delta has no "type", ignoring "index", so a server that
// repeats the type splits one call in two and interleaved parallel calls
// are glued together (verified; tmc/langchaingo#1031, open). This client
// accumulates calls by index. HTTP, retries, timeouts and errors are the
// shared transport's.

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

type oaChunk struct {
	Choices []struct {
		Delta        *oaMessage `json:"delta"`
		FinishReason *string    `json:"finish_reason"`
	} `json:"choices"`
}

func (m *openAIModel) body(req *llm.Request) map[string]any {
	msgs := make([]oaMessage, 0, len(req.Messages)+1)
	if req.System != "" {
		msgs = append(msgs, oaMessage{Role: "system", Content: &req.System})
	}
	for _, msg := range llm.Repair(req.Messages) {
		o := oaMessage{Role: string(msg.Role), ToolCallID: msg.ToolCallID}
		content := msg.Content
		if msg.Role != llm.Assistant || content != "" || len(msg.ToolCalls) == 0 {
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
		if m.legacyMaxTokens() {
			b["max_tokens"] = n
		} else {
			b["max_completion_tokens"] = n
		}
	}
	tools := make([]map[string]any, len(req.Tools))
	for i, t := range req.Tools {
		tools[i] = map[string]any{"type": "function", "function": map[string]any{
			"name": t.Name, "description": t.Description, "parameters": schema(t)}}
	}
	b["tools"] = tools
	return b
}

// post sends a JSON body through lacy's transport. On failure the
// response is nil and the error final.
func (c *client) post(ctx context.Context, cl *call, path string, body any, header http.Header) (*http.Response, error) {
	payload, err := json.Marshal(body)
	if err != nil {
		return nil, c.fail(llm.BadRequest, 0, "cannot encode the request: %v", err)
	}
	hreq, err := http.NewRequestWithContext(ctx, http.MethodPost, c.cfg.BaseURL+path, bytes.NewReader(payload))
	if err != nil {
		return nil, c.fail(llm.BadRequest, 0, "bad base_url %q: %v", c.cfg.BaseURL, err)
	}
	hreq.Header = header
	hreq.Header.Set("Content-Type", "application/json")
	hreq.Header.Set("User-Agent", userAgent)
	resp, err := c.http.Do(hreq)
	if err == nil && resp.StatusCode/100 == 2 {
		return resp, nil
	}
	if err == nil {
		resp.Body.Close()
	}
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	cl.mu.Lock()
	defer cl.mu.Unlock()
	if cl.err != nil {
		return nil, cl.err
	}
	return nil, c.netError(err)
}

// bearer returns the Authorization header for key, or none without a key.
func bearer(key string) http.Header {
	h := http.Header{}
	if key != "" {
		h.Set("Authorization", "Bearer "+key)
	}
	return h
}

func (m *openAIModel) chatSSE(ctx context.Context, req *llm.Request) (*llm.Response, error) {
	ctx, cl := begin(ctx)
	hresp, err := m.post(ctx, cl, "/chat/completions", m.body(req), bearer(m.cfg.APIKey))
	if err != nil {
		return &llm.Response{}, err
	}
	defer hresp.Body.Close()
	resp := &llm.Response{}
	var text strings.Builder
	calls := map[int]*llm.ToolCall{}
	ended := false
	sc := bufio.NewScanner(hresp.Body)
	sc.Buffer(make([]byte, 0, 16<<10), 8<<20)
	for sc.Scan() {
		data, ok := bytes.CutPrefix(sc.Bytes(), []byte("data:"))
		if !ok {
			continue // blank separators, comments, event: lines
		}
		data = bytes.TrimSpace(data)
		if string(data) == "[DONE]" {
			ended = true
			break
		}
		var chunk oaChunk
		if json.Unmarshal(data, &chunk) != nil {
			break // the transport marked it malformed
		}
		for _, ch := range chunk.Choices {
			if ch.FinishReason != nil && *ch.FinishReason != "" {
				ended = true // some servers end here without [DONE]
				resp.StopReason = *ch.FinishReason
			}
			d := ch.Delta
			if d == nil {
				continue
			}
			if d.Content != nil && *d.Content != "" {
				text.WriteString(*d.Content)
				if req.OnText != nil {
					req.OnText(*d.Content)
				}
			}
			for i, tc := range d.ToolCalls {
				idx := i
				if tc.Index != nil {
					idx = *tc.Index
				}
				c := calls[idx]
				if c == nil {
					c = &llm.ToolCall{}
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
	return m.conclude(ctx, cl, resp, nil, ended)
}
