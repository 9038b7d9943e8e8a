package provider

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/lacy-sh/lacy/agents/llm"
)

// lacy's transport sits under every request, langchaingo's and lacy's own:
// langchaingo returns HTTP failures as plain strings, without the status
// or the Retry-After header, has no retries and no idle timeout, and
// silently ends some broken streams as if they were complete. The
// transport sees the wire, so it
//
//   - retries 429 and 503 as Retry-After says, within bounds;
//   - cancels a request when no byte arrives within Config.Timeout;
//   - turns a refused connection or an error status into lacy's *Error,
//     recorded in the call so Chat can report it exactly;
//   - watches the answer's lines: a line that is not JSON, a read error
//     midway, and the last line (which says whether the answer ended);
//   - re-frames a single JSON document sent to a streaming request as the
//     equivalent stream, which langchaingo would otherwise read as nothing.

// callKey is the context key of a Chat call's *call.
type callKey struct{}

// call is what the transport saw during one Chat call. The request's
// context carries it from Chat down to RoundTrip.
type call struct {
	mu        sync.Mutex
	err       *llm.Error // a failure before the answer: no connection, an error status, no first byte
	readErr   error      // a read error midway
	idle      bool       // readErr is the idle timeout
	malformed string     // the cause when a line was not JSON
	seen      bool       // a line of the answer arrived
	part      []byte     // the unfinished line
	last      []byte     // the last line (an SSE event's data, or an NDJSON line)
}

// begin starts a call: the returned context carries it to the transport.
func begin(ctx context.Context) (context.Context, *call) {
	cl := &call{}
	return context.WithValue(ctx, callKey{}, cl), cl
}

// observe takes bytes of the answer as they are read.
func (cl *call) observe(p []byte, ndjson bool) {
	cl.mu.Lock()
	defer cl.mu.Unlock()
	for len(p) > 0 {
		i := bytes.IndexByte(p, '\n')
		if i < 0 {
			cl.part = append(cl.part, p...)
			return
		}
		line := p[:i]
		if len(cl.part) > 0 {
			cl.part = append(cl.part, line...)
			line = cl.part
		}
		cl.line(line, ndjson)
		cl.part = cl.part[:0]
		p = p[i+1:]
	}
}

// flush takes the last line when the answer did not end with a newline.
func (cl *call) flush(ndjson bool) {
	cl.mu.Lock()
	defer cl.mu.Unlock()
	if len(cl.part) > 0 {
		cl.line(cl.part, ndjson)
		cl.part = cl.part[:0]
	}
}

func (cl *call) line(line []byte, ndjson bool) {
	data := bytes.TrimSpace(line)
	if !ndjson {
		var ok bool
		if data, ok = bytes.CutPrefix(data, []byte("data:")); !ok {
			return // blank separators, comments, event: lines
		}
		data = bytes.TrimSpace(data)
	}
	if len(data) == 0 {
		return
	}
	cl.seen = true
	if cl.malformed == "" && !(!ndjson && string(data) == "[DONE]") && !json.Valid(data) {
		cl.malformed = "malformed stream chunk: " + oneLine(string(data), 80)
	}
	cl.last = append(cl.last[:0], data...)
}

// lastLine returns a copy of the last line seen.
func (cl *call) lastLine() []byte {
	cl.mu.Lock()
	defer cl.mu.Unlock()
	return bytes.Clone(cl.last)
}

func (cl *call) readFailed(err error, idle bool) {
	cl.mu.Lock()
	defer cl.mu.Unlock()
	if cl.readErr == nil {
		cl.readErr, cl.idle = err, idle
	}
}

func (cl *call) fail(e *llm.Error) *llm.Error {
	cl.mu.Lock()
	defer cl.mu.Unlock()
	cl.err = e
	return e
}

// transport is lacy's http.RoundTripper; see the comment at the top.
type transport struct {
	c      *client
	base   http.RoundTripper
	ndjson bool // the answers are NDJSON (Ollama), not SSE
}

// errIdle is the cancellation cause when no byte arrived within Timeout.
var errIdle = errors.New("idle timeout")

func (t *transport) RoundTrip(req *http.Request) (*http.Response, error) {
	ctx := req.Context()
	cl, _ := ctx.Value(callKey{}).(*call)
	if cl == nil {
		cl = &call{}
	}
	c := t.c
	for attempt := 0; ; attempt++ {
		rctx, cancel := context.WithCancelCause(ctx)
		timer := time.AfterFunc(c.cfg.Timeout, func() { cancel(errIdle) })
		r := req.Clone(rctx)
		if c.cfg.APIKey == "" {
			// langchaingo demands a token; lacy gives it a placeholder and
			// sends none, as a keyless local server expects.
			r.Header.Del("Authorization")
			r.Header.Del("X-Api-Key")
		}
		if attempt > 0 {
			r.Body, _ = req.GetBody() // retries happen only when GetBody is set
		}
		resp, err := t.base.RoundTrip(r)
		if err != nil {
			timer.Stop()
			cause := context.Cause(rctx)
			cancel(nil)
			switch {
			case ctx.Err() != nil:
				return nil, ctx.Err()
			case cause == errIdle:
				return nil, cl.fail(c.fail(llm.Timeout, 0, "no answer within %s (timeout)", c.cfg.Timeout))
			}
			return nil, cl.fail(c.netError(err))
		}
		if resp.StatusCode/100 == 2 {
			b := &body{rc: resp.Body, cl: cl, ndjson: t.ndjson, rctx: rctx, cancel: cancel, timer: timer, timeout: c.cfg.Timeout}
			resp.Body = b
			if !t.ndjson && strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
				t.reframe(resp, b)
			}
			return resp, nil
		}
		msg, _ := io.ReadAll(io.LimitReader(resp.Body, 8<<10))
		resp.Body.Close()
		timer.Stop()
		cancel(nil)
		e := c.statusError(resp.StatusCode, msg)
		var told bool
		e.RetryAfter, told = retryAfter(resp.Header.Get("Retry-After"), time.Now())
		if (resp.StatusCode == 429 || resp.StatusCode == 503) && attempt < c.cfg.Retries && req.GetBody != nil {
			wait := e.RetryAfter
			if !told {
				wait = time.Duration(500<<attempt) * time.Millisecond
			}
			if wait <= c.maxWait() {
				select {
				case <-ctx.Done():
					return nil, ctx.Err()
				case <-time.After(wait):
				}
				continue
			}
		}
		if e.Kind == llm.RateLimit && e.RetryAfter > 0 {
			e.Cause += "; retry after " + e.RetryAfter.Round(time.Second).String()
		} else if attempt > 0 {
			e.Cause += "; gave up after " + strconv.Itoa(attempt) + " retries"
		}
		cl.fail(e)
		// The caller (langchaingo) still gets the answer to report in its
		// own words; Chat returns e.
		resp.Body = io.NopCloser(bytes.NewReader(msg))
		return resp, nil
	}
}

// reframe turns a complete JSON answer to a streaming request into the
// stream that says the same, for a parser that only reads streams. A
// document that does not parse leaves an empty stream and a malformed
// mark in the call.
func (t *transport) reframe(resp *http.Response, b *body) {
	data, err := io.ReadAll(io.LimitReader(b, 16<<20))
	b.Close()
	var sse []byte
	if err == nil {
		if t.c.cfg.Provider == "anthropic" {
			sse, err = anthropicEvents(data)
		} else {
			sse, err = openAIEvents(data)
		}
		if err != nil {
			b.cl.mu.Lock()
			b.cl.malformed = "malformed reply: " + oneLine(string(data), 80)
			b.cl.mu.Unlock()
		}
	}
	resp.Header.Set("Content-Type", "text/event-stream")
	resp.ContentLength = -1
	resp.Body = &body{rc: io.NopCloser(bytes.NewReader(sse)), cl: b.cl}
}

// openAIEvents re-frames a chat completion: each choice's message becomes
// a delta, with the text and each tool call in events of their own (so no
// tool call ever shares a callback with text, see notes on langchaingo
// #1031), then the finish reason and [DONE].
func openAIEvents(data []byte) ([]byte, error) {
	var v struct {
		Choices []struct {
			Message *struct {
				Content   *string          `json:"content"`
				ToolCalls []map[string]any `json:"tool_calls"`
			} `json:"message"`
			FinishReason *string `json:"finish_reason"`
		} `json:"choices"`
	}
	if err := json.Unmarshal(data, &v); err != nil {
		return nil, err
	}
	if len(v.Choices) == 0 {
		return nil, errors.New("no choices")
	}
	var out bytes.Buffer
	event := func(delta map[string]any, finish *string) {
		out.WriteString("data: ")
		json.NewEncoder(&out).Encode(map[string]any{"choices": []any{map[string]any{"index": 0, "delta": delta, "finish_reason": finish}}})
		out.WriteString("\n")
	}
	ch := v.Choices[0]
	if m := ch.Message; m != nil {
		if m.Content != nil && *m.Content != "" {
			event(map[string]any{"role": "assistant", "content": *m.Content}, nil)
		}
		for i, tc := range m.ToolCalls {
			tc["index"] = i
			event(map[string]any{"tool_calls": []any{tc}}, nil)
		}
	}
	finish := "stop"
	if ch.FinishReason != nil && *ch.FinishReason != "" {
		finish = *ch.FinishReason
	}
	event(map[string]any{}, &finish)
	out.WriteString("data: [DONE]\n\n")
	return out.Bytes(), nil
}

// anthropicEvents re-frames a message as the events of a streamed one.
func anthropicEvents(data []byte) ([]byte, error) {
	var v struct {
		Type       string            `json:"type"`
		ID         string            `json:"id"`
		Model      string            `json:"model"`
		Content    []json.RawMessage `json:"content"`
		StopReason string            `json:"stop_reason"`
		Usage      map[string]any    `json:"usage"`
	}
	if err := json.Unmarshal(data, &v); err != nil {
		return nil, err
	}
	if v.Type == "error" {
		return nil, errors.New("an error document")
	}
	if v.Usage == nil {
		v.Usage = map[string]any{}
	}
	if _, ok := v.Usage["input_tokens"]; !ok {
		v.Usage["input_tokens"] = 0
	}
	var out bytes.Buffer
	event := func(name string, e map[string]any) {
		e["type"] = name
		fmt.Fprintf(&out, "event: %s\ndata: ", name)
		json.NewEncoder(&out).Encode(e)
		out.WriteString("\n")
	}
	event("message_start", map[string]any{"message": map[string]any{"id": v.ID, "type": "message", "role": "assistant",
		"model": v.Model, "content": []any{}, "usage": v.Usage}})
	for i, raw := range v.Content {
		var blk struct {
			Type  string          `json:"type"`
			Text  string          `json:"text"`
			ID    string          `json:"id"`
			Name  string          `json:"name"`
			Input json.RawMessage `json:"input"`
		}
		if err := json.Unmarshal(raw, &blk); err != nil {
			return nil, err
		}
		switch blk.Type {
		case "text":
			event("content_block_start", map[string]any{"index": i, "content_block": map[string]any{"type": "text", "text": ""}})
			event("content_block_delta", map[string]any{"index": i, "delta": map[string]any{"type": "text_delta", "text": blk.Text}})
		case "tool_use":
			event("content_block_start", map[string]any{"index": i, "content_block": map[string]any{"type": "tool_use", "id": blk.ID, "name": blk.Name, "input": map[string]any{}}})
			event("content_block_delta", map[string]any{"index": i, "delta": map[string]any{"type": "input_json_delta", "partial_json": string(blk.Input)}})
		default:
			continue // thinking and other blocks carry nothing lacy shows
		}
		event("content_block_stop", map[string]any{"index": i})
	}
	event("message_delta", map[string]any{"delta": map[string]any{"stop_reason": v.StopReason}, "usage": map[string]any{"output_tokens": v.Usage["output_tokens"]}})
	event("message_stop", map[string]any{})
	return out.Bytes(), nil
}

// body is an answer's body: every read pushes the idle deadline back and
// is observed by the call.
type body struct {
	rc      io.ReadCloser
	cl      *call
	ndjson  bool
	rctx    context.Context // nil for a re-framed body
	cancel  context.CancelCauseFunc
	timer   *time.Timer
	timeout time.Duration
	once    sync.Once
}

func (b *body) Read(p []byte) (int, error) {
	n, err := b.rc.Read(p)
	if n > 0 {
		if b.timer != nil {
			b.timer.Reset(b.timeout)
		}
		b.cl.observe(p[:n], b.ndjson)
	}
	switch {
	case err == io.EOF:
		b.cl.flush(b.ndjson)
	case err != nil:
		b.cl.readFailed(err, b.rctx != nil && context.Cause(b.rctx) == errIdle)
	}
	return n, err
}

// Close releases the request. The rest of the body (usually the end of
// the chunked encoding) is drained in the background, for at most a
// second, so the next turn reuses the connection instead of a new TLS
// handshake.
func (b *body) Close() error {
	b.once.Do(func() {
		if b.timer == nil {
			b.rc.Close()
			return
		}
		b.timer.Stop()
		if b.rctx.Err() != nil {
			b.rc.Close()
			b.cancel(nil)
			return
		}
		go func() {
			t := time.AfterFunc(time.Second, func() { b.cancel(nil) })
			io.Copy(io.Discard, io.LimitReader(b.rc, 64<<10))
			t.Stop()
			b.rc.Close()
			b.cancel(nil)
		}()
	})
	return nil
}

// newHTTP returns the client whose transport is lacy's, over a fresh one
// with the connect timeout.
func newHTTP(c *client, ndjson bool) *http.Client {
	d := &net.Dialer{Timeout: c.cfg.ConnectTimeout, KeepAlive: 30 * time.Second}
	base := &http.Transport{
		Proxy:               http.ProxyFromEnvironment,
		DialContext:         d.DialContext,
		TLSHandshakeTimeout: c.cfg.ConnectTimeout,
		MaxIdleConnsPerHost: 2,
		IdleConnTimeout:     90 * time.Second,
	}
	return &http.Client{Transport: &transport{c: c, base: base, ndjson: ndjson}}
}

// maxWait is the longest Retry-After lacy waits for: 20s, or the timeout
// when that is shorter.
func (c *client) maxWait() time.Duration {
	return min(20*time.Second, c.cfg.Timeout)
}

// retryAfter parses a Retry-After header, seconds or an HTTP date; ok is
// false when there is no usable header.
func retryAfter(h string, now time.Time) (d time.Duration, ok bool) {
	h = strings.TrimSpace(h)
	if n, err := strconv.ParseFloat(h, 64); err == nil && n >= 0 {
		return time.Duration(n * float64(time.Second)), true
	}
	if t, err := http.ParseTime(h); err == nil {
		return max(t.Sub(now), 0), true
	}
	return 0, false
}
