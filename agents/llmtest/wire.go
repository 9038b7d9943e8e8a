package llmtest

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
)

// writeReply answers req in its protocol.
func writeReply(w http.ResponseWriter, r *http.Request, req Request, rep Reply) {
	if rep.Status != 0 && rep.Status != http.StatusOK {
		writeError(w, req.Protocol, rep)
		return
	}
	stream := req.Stream && !rep.JSON
	switch {
	case req.Protocol == Ollama && stream:
		w.Header().Set("Content-Type", "application/x-ndjson")
	case stream:
		w.Header().Set("Content-Type", "text/event-stream")
		w.Header().Set("Cache-Control", "no-cache")
	default:
		w.Header().Set("Content-Type", "application/json")
	}
	if rep.Empty {
		w.WriteHeader(http.StatusOK)
		return
	}
	if !stream {
		if rep.Malformed {
			io.WriteString(w, `{"choices": [ {"message": `)
			return
		}
		io.WriteString(w, whole(req, rep))
		return
	}
	e := &emitter{w: w, r: r, rep: rep, proto: req.Protocol, model: req.Model}
	e.run()
}

// writeError sends an HTTP error in the protocol's shape.
func writeError(w http.ResponseWriter, proto string, rep Reply) {
	msg := rep.Error
	if msg == "" {
		msg = http.StatusText(rep.Status)
	}
	if rep.RetryAfter != "" {
		w.Header().Set("Retry-After", rep.RetryAfter)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(rep.Status)
	switch proto {
	case Anthropic:
		typ := map[int]string{401: "authentication_error", 403: "permission_error", 404: "not_found_error",
			429: "rate_limit_error", 529: "overloaded_error"}[rep.Status]
		if typ == "" {
			typ = "api_error"
		}
		io.WriteString(w, mustJSON(map[string]any{"type": "error", "error": map[string]any{"type": typ, "message": msg}}))
	case Ollama:
		io.WriteString(w, mustJSON(map[string]any{"error": msg}))
	default:
		io.WriteString(w, mustJSON(map[string]any{"error": map[string]any{"message": msg, "type": "error", "code": strconv.Itoa(rep.Status)}}))
	}
}

// whole is a complete non-streamed answer.
func whole(req Request, rep Reply) string {
	text := rep.FullText()
	switch req.Protocol {
	case Anthropic:
		content := []map[string]any{}
		if text != "" {
			content = append(content, map[string]any{"type": "text", "text": text})
		}
		for _, tc := range rep.ToolCalls {
			content = append(content, map[string]any{"type": "tool_use", "id": tc.ID, "name": tc.Name, "input": json.RawMessage(tc.Args)})
		}
		return mustJSON(map[string]any{"id": "msg_1", "type": "message", "role": "assistant", "model": req.Model,
			"content": content, "stop_reason": stopReason(Anthropic, rep), "usage": map[string]int{"input_tokens": 10, "output_tokens": 5}})
	case Ollama:
		return mustJSON(map[string]any{"model": req.Model, "created_at": "2026-01-01T00:00:00Z",
			"message": map[string]any{"role": "assistant", "content": text, "tool_calls": ollamaCalls(rep.ToolCalls)},
			"done":    true, "done_reason": "stop", "prompt_eval_count": 10, "eval_count": 5})
	}
	msg := map[string]any{"role": "assistant", "content": text}
	if len(rep.ToolCalls) > 0 {
		msg["tool_calls"] = openAICalls(rep.ToolCalls, false)
	}
	return mustJSON(map[string]any{"id": "chatcmpl-1", "object": "chat.completion", "model": req.Model,
		"choices": []any{map[string]any{"index": 0, "message": msg, "finish_reason": stopReason(OpenAI, rep)}},
		"usage":   map[string]int{"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15}})
}

func stopReason(proto string, rep Reply) string {
	switch {
	case proto == Anthropic && len(rep.ToolCalls) > 0:
		return "tool_use"
	case proto == Anthropic:
		return "end_turn"
	case len(rep.ToolCalls) > 0:
		return "tool_calls"
	}
	return "stop"
}

func openAICalls(calls []ToolCall, indexed bool) []map[string]any {
	out := make([]map[string]any, len(calls))
	for i, tc := range calls {
		c := map[string]any{"id": tc.ID, "type": "function", "function": map[string]any{"name": tc.Name, "arguments": tc.Args}}
		if indexed {
			c["index"] = i
		}
		out[i] = c
	}
	return out
}

func ollamaCalls(calls []ToolCall) []map[string]any {
	out := make([]map[string]any, len(calls))
	for i, tc := range calls {
		out[i] = map[string]any{"function": map[string]any{"name": tc.Name, "arguments": json.RawMessage(tc.Args)}}
	}
	return out
}

// emitter writes a streamed answer.
type emitter struct {
	w     http.ResponseWriter
	r     *http.Request
	rep   Reply
	proto string
	model string
	n     int // events written
	texts int // text chunks written
}

// text writes one text chunk, after the reply's delay unless it is the
// first.
func (e *emitter) text(event, data string) bool {
	if e.texts > 0 && !sleep(e.r, e.rep.Delay) {
		return false
	}
	e.texts++
	return e.send(event, data)
}

// send writes one event or line and flushes it.
func (e *emitter) send(event, data string) bool {
	if e.rep.BeforeChunk != nil {
		e.rep.BeforeChunk(e.n)
	}
	e.n++
	var err error
	switch {
	case e.proto == Ollama:
		_, err = io.WriteString(e.w, data+"\n")
	case event != "":
		_, err = fmt.Fprintf(e.w, "event: %s\ndata: %s\n\n", event, data)
	default:
		_, err = fmt.Fprintf(e.w, "data: %s\n\n", data)
	}
	e.w.(http.Flusher).Flush()
	return err == nil
}

func (e *emitter) run() {
	chunks := e.rep.chunks()
	switch e.proto {
	case OpenAI:
		for _, c := range chunks {
			if !e.text("", mustJSON(map[string]any{"id": "chatcmpl-1", "object": "chat.completion.chunk", "model": e.model,
				"choices": []any{map[string]any{"index": 0, "delta": map[string]any{"content": c}, "finish_reason": nil}}})) {
				return
			}
		}
		if !e.tail() {
			return
		}
		for i, tc := range e.rep.ToolCalls {
			// The name first, then the arguments in two pieces, as real servers do.
			half := len(tc.Args) / 2
			first := map[string]any{"index": i, "id": tc.ID, "type": "function", "function": map[string]any{"name": tc.Name, "arguments": tc.Args[:half]}}
			rest := map[string]any{"index": i, "function": map[string]any{"arguments": tc.Args[half:]}}
			for _, d := range []map[string]any{first, rest} {
				if !e.send("", mustJSON(map[string]any{"choices": []any{map[string]any{"index": 0,
					"delta": map[string]any{"tool_calls": []any{d}}, "finish_reason": nil}}})) {
					return
				}
			}
		}
		e.send("", mustJSON(map[string]any{"choices": []any{map[string]any{"index": 0, "delta": map[string]any{}, "finish_reason": stopReason(OpenAI, e.rep)}}}))
		e.send("", "[DONE]")
	case Ollama:
		for _, c := range chunks {
			if !e.text("", mustJSON(map[string]any{"model": e.model, "created_at": "2026-01-01T00:00:00Z",
				"message": map[string]any{"role": "assistant", "content": c}, "done": false})) {
				return
			}
		}
		if !e.tail() {
			return
		}
		if len(e.rep.ToolCalls) > 0 {
			e.send("", mustJSON(map[string]any{"model": e.model, "created_at": "2026-01-01T00:00:00Z",
				"message": map[string]any{"role": "assistant", "content": "", "tool_calls": ollamaCalls(e.rep.ToolCalls)}, "done": false}))
		}
		e.send("", mustJSON(map[string]any{"model": e.model, "created_at": "2026-01-01T00:00:00Z",
			"message": map[string]any{"role": "assistant", "content": ""}, "done": true, "done_reason": "stop",
			"prompt_eval_count": 10, "eval_count": 5}))
	case Anthropic:
		e.send("message_start", mustJSON(map[string]any{"type": "message_start", "message": map[string]any{"id": "msg_1", "type": "message",
			"role": "assistant", "model": e.model, "content": []any{}, "stop_reason": nil, "usage": map[string]int{"input_tokens": 10, "output_tokens": 1}}}))
		idx := 0
		if len(chunks) > 0 {
			e.send("content_block_start", mustJSON(map[string]any{"type": "content_block_start", "index": 0, "content_block": map[string]any{"type": "text", "text": ""}}))
			for _, c := range chunks {
				if !e.text("content_block_delta", mustJSON(map[string]any{"type": "content_block_delta", "index": 0, "delta": map[string]any{"type": "text_delta", "text": c}})) {
					return
				}
			}
			if !e.tail() {
				return
			}
			e.send("content_block_stop", `{"type":"content_block_stop","index":0}`)
			idx = 1
		} else if !e.tail() {
			return
		}
		for i, tc := range e.rep.ToolCalls {
			n := idx + i
			half := len(tc.Args) / 2
			e.send("content_block_start", mustJSON(map[string]any{"type": "content_block_start", "index": n, "content_block": map[string]any{"type": "tool_use", "id": tc.ID, "name": tc.Name, "input": map[string]any{}}}))
			for _, p := range []string{tc.Args[:half], tc.Args[half:]} {
				e.send("content_block_delta", mustJSON(map[string]any{"type": "content_block_delta", "index": n, "delta": map[string]any{"type": "input_json_delta", "partial_json": p}}))
			}
			e.send("content_block_stop", mustJSON(map[string]any{"type": "content_block_stop", "index": n}))
		}
		e.send("message_delta", mustJSON(map[string]any{"type": "message_delta", "delta": map[string]any{"stop_reason": stopReason(Anthropic, e.rep), "stop_sequence": nil}, "usage": map[string]int{"output_tokens": 5}}))
		e.send("message_stop", `{"type":"message_stop"}`)
	}
}

// tail applies Malformed and Cut after the text chunks; it reports whether
// the answer goes on.
func (e *emitter) tail() bool {
	if e.rep.Malformed {
		e.send("", `{"choices": [ {"delta": oops`)
		return false
	}
	if e.rep.Cut {
		panic(http.ErrAbortHandler) // drops the connection without an end marker
	}
	return true
}
