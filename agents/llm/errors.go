package llm

import (
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"strings"
	"syscall"
	"time"
)

// Kind classifies a failed call.
type Kind int

// The kinds of failure.
const (
	Unreachable Kind = iota + 1 // no connection: refused, unknown host, network down
	Auth                        // 401 or 403
	NotFound                    // 404 or an unknown model
	RateLimit                   // 429 after the retries
	Server                      // 5xx
	Timeout                     // no byte within the configured timeout
	Malformed                   // a reply that does not parse
	Cut                         // the stream stopped before its end
	Empty                       // a complete reply with no text and no tool call
	BadRequest                  // another 4xx: the server rejected the request
)

var kindNames = [...]string{"", "unreachable", "auth", "not-found", "rate-limit", "server", "timeout", "malformed", "cut", "empty", "bad-request"}

// String returns the kind's short name, e.g. "rate-limit".
func (k Kind) String() string {
	if k > 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("kind(%d)", int(k))
}

// Error is a failed call. Its message is one line that names the model and
// the cause.
type Error struct {
	Kind       Kind
	Model      string // Config.Describe() of the model
	Status     int    // HTTP status, 0 when there was no response
	Cause      string // what went wrong, in words
	RetryAfter time.Duration
}

func (e *Error) Error() string { return e.Model + ": " + e.Cause }

// KindOf returns the Kind of err, or 0 when err is not an *Error.
func KindOf(err error) Kind {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return 0
}

func (c *client) fail(k Kind, status int, format string, args ...any) *Error {
	return &Error{Kind: k, Model: c.cfg.Describe(), Status: status, Cause: fmt.Sprintf(format, args...)}
}

// netError turns a transport error into an *Error.
func (c *client) netError(err error) *Error {
	var dns *net.DNSError
	var op *net.OpError
	switch {
	case errors.Is(err, syscall.ECONNREFUSED):
		return c.fail(Unreachable, 0, "connection refused — is the server running?")
	case errors.As(err, &dns):
		return c.fail(Unreachable, 0, "cannot resolve host %q", dns.Name)
	case errors.As(err, &op) && op.Op == "dial":
		if op.Timeout() {
			return c.fail(Unreachable, 0, "no connection within %s — is the server running?", c.cfg.ConnectTimeout)
		}
		return c.fail(Unreachable, 0, "cannot connect: %v", op.Err)
	}
	return c.fail(Unreachable, 0, "request failed: %v", oneLine(err.Error(), 160))
}

// statusError builds the error for a non-2xx answer with the given body.
func (c *client) statusError(status int, body []byte) *Error {
	msg := c.serverMessage(body)
	said := ""
	if msg != "" {
		said = " (server said: " + msg + ")"
	}
	switch {
	case status == 401:
		return c.fail(Auth, status, "401 Unauthorized — check the API key%s", said)
	case status == 403:
		return c.fail(Auth, status, "403 Forbidden — the key is not allowed to use this model%s", said)
	case status == 404:
		return c.fail(NotFound, status, "404 Not Found — unknown model %q or wrong base_url%s", c.cfg.Model, said)
	case status == 429:
		return c.fail(RateLimit, status, "429 Too Many Requests — rate limited%s", said)
	case status >= 500:
		return c.fail(Server, status, "server error %d%s", status, said)
	case strings.Contains(strings.ToLower(msg), "model") && strings.Contains(strings.ToLower(msg), "not found"):
		return c.fail(NotFound, status, "unknown model %q%s", c.cfg.Model, said)
	}
	return c.fail(BadRequest, status, "request rejected with %d%s", status, said)
}

// serverMessage extracts a short message from an error body in any of the
// three protocols' shapes.
func (c *client) serverMessage(body []byte) string {
	var v struct {
		Error   json.RawMessage `json:"error"`
		Message string          `json:"message"`
	}
	msg := ""
	if json.Unmarshal(body, &v) == nil {
		var s string
		var obj struct {
			Message string `json:"message"`
		}
		switch {
		case json.Unmarshal(v.Error, &s) == nil && s != "":
			msg = s
		case json.Unmarshal(v.Error, &obj) == nil && obj.Message != "":
			msg = obj.Message
		default:
			msg = v.Message
		}
	} else {
		msg = string(body)
	}
	if c.cfg.APIKey != "" {
		msg = strings.ReplaceAll(msg, c.cfg.APIKey, "***")
	}
	return oneLine(msg, 160)
}

// oneLine collapses s to a single line of at most n bytes.
func oneLine(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > n {
		s = s[:n] + "…"
	}
	return s
}
