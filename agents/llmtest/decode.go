package llmtest

import (
	"encoding/json"
	"strings"
)

// decode fills the protocol-neutral fields of req from its body.
func decode(req *Request) error {
	var raw struct {
		Model       string            `json:"model"`
		Stream      bool              `json:"stream"`
		System      json.RawMessage   `json:"system"`
		Messages    []json.RawMessage `json:"messages"`
		Tools       []json.RawMessage `json:"tools"`
		Temperature *float64          `json:"temperature"`
		MaxTokens   int               `json:"max_tokens"`
		// OpenAI's newer name for max_tokens; its servers take either.
		MaxCompletionTokens int `json:"max_completion_tokens"`
		Options             struct {
			Temperature *float64 `json:"temperature"`
			NumPredict  int      `json:"num_predict"`
		} `json:"options"`
	}
	if err := json.Unmarshal(req.Body, &raw); err != nil {
		return err
	}
	req.Model, req.Stream, req.Temperature, req.MaxTokens = raw.Model, raw.Stream, raw.Temperature, raw.MaxTokens
	if req.MaxTokens == 0 {
		req.MaxTokens = raw.MaxCompletionTokens
	}
	if req.Protocol == Ollama {
		req.Temperature, req.MaxTokens = raw.Options.Temperature, raw.Options.NumPredict
	}
	if len(raw.System) > 0 {
		req.System = textOf(raw.System)
	}
	for _, t := range raw.Tools {
		var tool struct {
			Name     string `json:"name"`
			Function struct {
				Name string `json:"name"`
			} `json:"function"`
		}
		json.Unmarshal(t, &tool)
		if tool.Name == "" {
			tool.Name = tool.Function.Name
		}
		req.Tools = append(req.Tools, tool.Name)
	}
	for _, m := range raw.Messages {
		var msg struct {
			Role       string          `json:"role"`
			Content    json.RawMessage `json:"content"`
			ToolCallID string          `json:"tool_call_id"`
			ToolCalls  []struct {
				ID       string `json:"id"`
				Function struct {
					Name      string          `json:"name"`
					Arguments json.RawMessage `json:"arguments"`
				} `json:"function"`
			} `json:"tool_calls"`
		}
		if err := json.Unmarshal(m, &msg); err != nil {
			return err
		}
		if msg.Role == "system" {
			if req.System != "" {
				req.System += "\n"
			}
			req.System += textOf(msg.Content)
			continue
		}
		if req.Protocol == Anthropic {
			req.Messages = append(req.Messages, anthropicMessages(msg.Role, msg.Content)...)
			continue
		}
		out := Message{Role: msg.Role, Content: textOf(msg.Content), ToolCallID: msg.ToolCallID}
		for _, tc := range msg.ToolCalls {
			args := string(tc.Function.Arguments)
			var s string
			if json.Unmarshal(tc.Function.Arguments, &s) == nil {
				args = s // OpenAI sends arguments as a JSON string
			}
			out.ToolCalls = append(out.ToolCalls, ToolCall{ID: tc.ID, Name: tc.Function.Name, Args: args})
		}
		req.Messages = append(req.Messages, out)
	}
	return nil
}

// textOf returns the text of a content value: a string, or an array of
// parts with "text" fields.
func textOf(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var parts []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	json.Unmarshal(raw, &parts)
	var b strings.Builder
	for _, p := range parts {
		b.WriteString(p.Text)
	}
	return b.String()
}

// anthropicMessages splits an Anthropic message into neutral messages:
// tool_result blocks become "tool" messages.
func anthropicMessages(role string, raw json.RawMessage) []Message {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return []Message{{Role: role, Content: s}}
	}
	var blocks []struct {
		Type      string          `json:"type"`
		Text      string          `json:"text"`
		ID        string          `json:"id"`
		Name      string          `json:"name"`
		Input     json.RawMessage `json:"input"`
		ToolUseID string          `json:"tool_use_id"`
		Content   json.RawMessage `json:"content"`
	}
	json.Unmarshal(raw, &blocks)
	var out []Message
	cur := Message{Role: role}
	for _, b := range blocks {
		switch b.Type {
		case "text":
			cur.Content += b.Text
		case "tool_use":
			cur.ToolCalls = append(cur.ToolCalls, ToolCall{ID: b.ID, Name: b.Name, Args: string(b.Input)})
		case "tool_result":
			out = append(out, Message{Role: "tool", ToolCallID: b.ToolUseID, Content: textOf(b.Content)})
		}
	}
	if cur.Content != "" || len(cur.ToolCalls) > 0 {
		out = append(out, cur)
	}
	return out
}
