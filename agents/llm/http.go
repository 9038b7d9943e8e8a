package llm

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// client holds what the three protocols share: configuration, HTTP,
// timeouts and retries.
type client struct {
	cfg  Config
	http *http.Client
}

func (c *client) Config() Config {
	cfg := c.cfg
	cfg.APIKey = ""
	cfg.HTTPClient = nil
	return cfg
}

func (c *client) defaultURL(u string) {
	if c.cfg.BaseURL == "" {
		c.cfg.BaseURL = u
	}
	c.cfg.BaseURL = strings.TrimRight(c.cfg.BaseURL, "/")
	c.http = c.cfg.HTTPClient
	if c.http == nil {
		d := &net.Dialer{Timeout: c.cfg.ConnectTimeout, KeepAlive: 30 * time.Second}
		c.http = &http.Client{Transport: &http.Transport{
			Proxy:               http.ProxyFromEnvironment,
			DialContext:         d.DialContext,
			TLSHandshakeTimeout: c.cfg.ConnectTimeout,
			MaxIdleConnsPerHost: 2,
			IdleConnTimeout:     90 * time.Second,
		}}
	}
}

// errIdle is the cancellation cause when no byte arrived within Timeout.
var errIdle = errors.New("idle timeout")

// stream is an open response body whose every read pushes the idle
// deadline back.
type stream struct {
	c      *client
	ctx    context.Context // the caller's context
	rctx   context.Context // the request's context, cancelled on idle
	cancel context.CancelCauseFunc
	timer  *time.Timer
	body   io.ReadCloser
	r      *bufio.Reader
	json   bool // the server answered with a single JSON document
}

func (s *stream) Read(p []byte) (int, error) {
	n, err := s.body.Read(p)
	if n > 0 {
		s.timer.Reset(s.c.cfg.Timeout)
	}
	return n, err
}

// line returns the next line without its end of line; io.EOF at the end.
func (s *stream) line() ([]byte, error) {
	b, err := s.r.ReadBytes('\n')
	if err != nil && len(b) > 0 && err == io.EOF {
		err = nil
	}
	if err != nil {
		return nil, err
	}
	return bytes.TrimRight(b, "\r\n"), nil
}

// close releases the request. The rest of the body (usually a final
// newline) is drained in the background, for at most a second, so the
// connection can be reused by the next turn instead of a new TLS handshake.
func (s *stream) close() {
	s.timer.Stop()
	body, cancel := s.body, s.cancel
	go func() {
		t := time.AfterFunc(time.Second, func() { cancel(nil) })
		io.Copy(io.Discard, io.LimitReader(body, 64<<10))
		t.Stop()
		body.Close()
		cancel(nil)
	}()
}

// readError maps an error met while reading the body.
func (s *stream) readError(err error) error {
	if s.ctx.Err() != nil {
		return s.ctx.Err()
	}
	if context.Cause(s.rctx) == errIdle {
		return s.c.fail(Timeout, 0, "no data for %s — the answer stalled (timeout)", s.c.cfg.Timeout)
	}
	if err == io.EOF || errors.Is(err, io.ErrUnexpectedEOF) {
		return s.c.fail(Cut, 0, "the answer stopped midway (the connection closed before the end)")
	}
	return s.c.fail(Cut, 0, "the answer stopped midway: %s", oneLine(err.Error(), 120))
}

// post sends body as JSON to path and returns the open response, retrying
// 429 and 503 answers as Retry-After says, within bounds.
func (c *client) post(ctx context.Context, path string, body any, header http.Header) (*stream, error) {
	payload, err := json.Marshal(body)
	if err != nil {
		return nil, c.fail(BadRequest, 0, "cannot encode the request: %v", err)
	}
	for attempt := 0; ; attempt++ {
		rctx, cancel := context.WithCancelCause(ctx)
		timer := time.AfterFunc(c.cfg.Timeout, func() { cancel(errIdle) })
		req, err := http.NewRequestWithContext(rctx, http.MethodPost, c.cfg.BaseURL+path, bytes.NewReader(payload))
		if err != nil {
			timer.Stop()
			cancel(nil)
			return nil, c.fail(BadRequest, 0, "bad base_url %q: %v", c.cfg.BaseURL, err)
		}
		req.Header = header.Clone()
		req.Header.Set("Content-Type", "application/json")
		resp, err := c.http.Do(req)
		if err != nil {
			timer.Stop()
			cause := context.Cause(rctx)
			cancel(nil)
			switch {
			case ctx.Err() != nil:
				return nil, ctx.Err()
			case cause == errIdle:
				return nil, c.fail(Timeout, 0, "no answer within %s (timeout)", c.cfg.Timeout)
			}
			return nil, c.netError(err)
		}
		if resp.StatusCode/100 == 2 {
			s := &stream{c: c, ctx: ctx, rctx: rctx, cancel: cancel, timer: timer, body: resp.Body}
			s.r = bufio.NewReaderSize(s, 16<<10)
			s.json = strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json")
			return s, nil
		}
		msg, _ := io.ReadAll(io.LimitReader(resp.Body, 8<<10))
		resp.Body.Close()
		timer.Stop()
		cancel(nil)
		e := c.statusError(resp.StatusCode, msg)
		var told bool
		e.RetryAfter, told = retryAfter(resp.Header.Get("Retry-After"), time.Now())
		if (resp.StatusCode == 429 || resp.StatusCode == 503) && attempt < c.cfg.Retries {
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
		if e.Kind == RateLimit && e.RetryAfter > 0 {
			e.Cause += "; retry after " + e.RetryAfter.Round(time.Second).String()
		} else if attempt > 0 {
			e.Cause += "; gave up after " + strconv.Itoa(attempt) + " retries"
		}
		return nil, e
	}
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

// bearer returns the Authorization header for key, or none without a key.
func bearer(key string) http.Header {
	h := http.Header{}
	if key != "" {
		h.Set("Authorization", "Bearer "+key)
	}
	return h
}

// finish checks a complete response for emptiness.
func (c *client) finish(r *Response) (*Response, error) {
	if strings.TrimSpace(r.Text) == "" && len(r.ToolCalls) == 0 {
		return r, c.fail(Empty, 0, "the model sent an empty reply")
	}
	return r, nil
}

// temperature and maxTokens pick the request's value, else the model's.
func (c *client) temperature(req *Request) *float64 {
	if req.Temperature != nil {
		return req.Temperature
	}
	return c.cfg.Temperature
}

func (c *client) maxTokens(req *Request) int {
	if req.MaxTokens > 0 {
		return req.MaxTokens
	}
	return c.cfg.MaxTokens
}

func emit(req *Request, s string) {
	if s != "" && req.OnText != nil {
		req.OnText(s)
	}
}

// schema returns a tool's parameter schema, never nil.
func schema(t ToolDef) map[string]any {
	if t.Parameters != nil {
		return t.Parameters
	}
	return map[string]any{"type": "object", "properties": map[string]any{}}
}
