package provider

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"sync"

	"github.com/tmc/langchaingo/httputil"
	"github.com/tmc/langchaingo/llms"
	"github.com/tmc/langchaingo/llms/anthropic"
	"github.com/tmc/langchaingo/llms/openai"

	"github.com/lacy-sh/lacy/agents/llm"
)

// client holds what every provider shares: the configuration and the HTTP
// clients over lacy's transport.
type client struct {
	cfg llm.Config
	// http is for lacy's own protocol code; lc is the same transport
	// behind langchaingo's User-Agent, handed to langchaingo.
	http, lc *http.Client
}

func (c *client) Config() llm.Config {
	cfg := c.cfg
	cfg.APIKey = ""
	return cfg
}

// defaultURL completes the configuration and builds the HTTP clients.
func (c *client) defaultURL(u string) {
	if c.cfg.BaseURL == "" {
		c.cfg.BaseURL = u
	}
	c.cfg.BaseURL = strings.TrimRight(c.cfg.BaseURL, "/")
	c.http = newHTTP(c, c.cfg.Provider == "ollama")
	c.lc = &http.Client{Transport: &httputil.Transport{Transport: c.http.Transport}}
}

// token is the key handed to langchaingo, which refuses to start without
// one (and would read it from the environment). A keyless model gets a
// placeholder that the transport strips from the request.
func (c *client) token() string {
	if c.cfg.APIKey != "" {
		return c.cfg.APIKey
	}
	return "lacy-no-key"
}

// userAgent is the User-Agent of lacy's own protocol code.
const userAgent = "lacy"

// conclude decides how a call ended, from what the transport saw, the
// library's error and whether the answer reached its end marker. out
// keeps what arrived before a failure.
func (c *client) conclude(ctx context.Context, cl *call, out *llm.Response, libErr error, ended bool) (*llm.Response, error) {
	if err := ctx.Err(); err != nil {
		return out, err
	}
	cl.mu.Lock()
	e, malformed, readErr, idle, seen := cl.err, cl.malformed, cl.readErr, cl.idle, cl.seen
	cl.mu.Unlock()
	switch {
	case e != nil:
		return out, e
	case malformed != "":
		return out, c.fail(llm.Malformed, 0, "%s", malformed)
	case idle:
		return out, c.fail(llm.Timeout, 0, "no data for %s — the answer stalled (timeout)", c.cfg.Timeout)
	case readErr != nil:
		if errors.Is(readErr, io.ErrUnexpectedEOF) {
			return out, c.fail(llm.Cut, 0, "the answer stopped midway (the connection closed before the end)")
		}
		return out, c.fail(llm.Cut, 0, "the answer stopped midway: %s", oneLine(readErr.Error(), 120))
	}
	if e := c.streamError(cl.lastLine()); e != nil {
		return out, e
	}
	switch {
	case libErr != nil && !errors.Is(libErr, anthropic.ErrEmptyResponse) && !errors.Is(libErr, openai.ErrEmptyResponse):
		return out, c.libError(libErr)
	case !seen:
		return out, c.fail(llm.Empty, 0, "the server sent an empty reply")
	case !ended:
		return out, c.fail(llm.Cut, 0, "the answer stopped midway (the connection closed before the end)")
	}
	return c.finish(out)
}

// streamError reports an error sent inside a 200 answer, in any of the
// three protocols' shapes: {"error":…} or Anthropic's {"type":"error",…}.
func (c *client) streamError(last []byte) *llm.Error {
	if !json.Valid(last) {
		return nil
	}
	var v struct {
		Error json.RawMessage `json:"error"`
	}
	if json.Unmarshal(last, &v) != nil || len(v.Error) == 0 || string(v.Error) == "null" {
		return nil
	}
	msg := c.serverMessage(last)
	k := llm.Server
	if strings.Contains(msg, "not found") {
		k = llm.NotFound
	}
	return c.fail(k, 0, "error in the stream: %s", msg)
}

// libError maps an error langchaingo returned that the transport did not
// explain, through langchaingo's own classifier (MapError, llms.Error).
func (c *client) libError(err error) *llm.Error {
	var mapped error
	if c.cfg.Provider == "anthropic" {
		mapped = anthropic.MapError(err)
	} else {
		mapped = openai.MapError(err)
	}
	k := llm.Server
	var le *llms.Error
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	if errors.As(err, &syn) || errors.As(err, &typ) || strings.Contains(err.Error(), "unmarshal") {
		k = llm.Malformed // e.g. a tool call's arguments that are not JSON
	} else if errors.As(mapped, &le) {
		switch le.Code {
		case llms.ErrCodeAuthentication:
			k = llm.Auth
		case llms.ErrCodeRateLimit, llms.ErrCodeQuotaExceeded:
			k = llm.RateLimit
		case llms.ErrCodeResourceNotFound:
			k = llm.NotFound
		case llms.ErrCodeInvalidRequest, llms.ErrCodeTokenLimit, llms.ErrCodeContentFilter:
			k = llm.BadRequest
		case llms.ErrCodeTimeout:
			k = llm.Timeout
		}
	}
	msg := err.Error()
	if c.cfg.APIKey != "" {
		msg = strings.ReplaceAll(msg, c.cfg.APIKey, "***")
	}
	return c.fail(k, 0, "%s", oneLine(msg, 200))
}

// finish checks a complete response for emptiness.
func (c *client) finish(r *llm.Response) (*llm.Response, error) {
	if strings.TrimSpace(r.Text) == "" && len(r.ToolCalls) == 0 {
		return r, c.fail(llm.Empty, 0, "the model sent an empty reply")
	}
	return r, nil
}

// temperature and maxTokens pick the request's value, else the model's.
func (c *client) temperature(req *llm.Request) *float64 {
	if req.Temperature != nil {
		return req.Temperature
	}
	return c.cfg.Temperature
}

func (c *client) maxTokens(req *llm.Request) int {
	if req.MaxTokens > 0 {
		return req.MaxTokens
	}
	return c.cfg.MaxTokens
}

// textStream collects an answer's text as it streams and passes it to
// req.OnText, never after Chat returned (langchaingo's Anthropic reader
// calls it from its own goroutine).
type textStream struct {
	req  *llm.Request
	ctx  context.Context
	text strings.Builder
	// dropToolDeltas drops langchaingo's tool-call JSON from the text
	// (tmc/langchaingo#1031).
	dropToolDeltas bool
	mu             sync.Mutex
	done           bool
}

// add takes a piece of text; an error stops the library's stream.
func (s *textStream) add(piece string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.done {
		return nil // never reached: langchaingo's readers stop before it returns
	}
	if err := s.ctx.Err(); err != nil {
		return err
	}
	if piece == "" || (s.dropToolDeltas && isToolDelta(piece)) {
		return nil // langchaingo ends with an empty chunk
	}
	s.text.WriteString(piece)
	if s.req.OnText != nil {
		s.req.OnText(piece)
	}
	return nil
}

// close stops the stream and returns its text.
func (s *textStream) close() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.done = true
	return s.text.String()
}

// schema returns a tool's parameter schema, never nil.
func schema(t llm.ToolDef) map[string]any {
	if t.Parameters != nil {
		return t.Parameters
	}
	return map[string]any{"type": "object", "properties": map[string]any{}}
}

// objectArgs returns a tool call's arguments as a JSON object, "{}" when
// they are not one.
func objectArgs(s string) string {
	var v map[string]any
	if json.Unmarshal([]byte(s), &v) != nil || v == nil {
		return "{}"
	}
	return s
}
