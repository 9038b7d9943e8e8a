package provider

import (
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"strings"
	"syscall"

	"github.com/lacy-sh/lacy/agents/llm"
)

func (c *client) fail(k llm.Kind, status int, format string, args ...any) *llm.Error {
	return &llm.Error{Kind: k, Model: c.cfg.Describe(), Status: status, Cause: fmt.Sprintf(format, args...)}
}

// netError turns a transport error into an *Error.
func (c *client) netError(err error) *llm.Error {
	var dns *net.DNSError
	var op *net.OpError
	switch {
	case errors.Is(err, syscall.ECONNREFUSED):
		return c.fail(llm.Unreachable, 0, "connection refused — is the server running?")
	case errors.As(err, &dns):
		return c.fail(llm.Unreachable, 0, "cannot resolve host %q", dns.Name)
	case errors.As(err, &op) && op.Op == "dial":
		if op.Timeout() {
			return c.fail(llm.Unreachable, 0, "no connection within %s — is the server running?", c.cfg.ConnectTimeout)
		}
		return c.fail(llm.Unreachable, 0, "cannot connect: %v", op.Err)
	}
	return c.fail(llm.Unreachable, 0, "request failed: %v", oneLine(err.Error(), 160))
}

// statusError builds the error for a non-2xx answer with the given body.
func (c *client) statusError(status int, body []byte) *llm.Error {
	msg := c.serverMessage(body)
	said := ""
	if msg != "" {
		said = " (server said: " + msg + ")"
	}
	switch {
	case status == 401:
		return c.fail(llm.Auth, status, "401 Unauthorized — check the API key%s", said)
	case status == 403:
		return c.fail(llm.Auth, status, "403 Forbidden — the key is not allowed to use this model%s", said)
	case status == 404:
		return c.fail(llm.NotFound, status, "404 Not Found — unknown model %q or wrong base_url%s", c.cfg.Model, said)
	case status == 429:
		return c.fail(llm.RateLimit, status, "429 Too Many Requests — rate limited%s", said)
	case status >= 500:
		return c.fail(llm.Server, status, "server error %d%s", status, said)
	case strings.Contains(strings.ToLower(msg), "model") && strings.Contains(strings.ToLower(msg), "not found"):
		return c.fail(llm.NotFound, status, "unknown model %q%s", c.cfg.Model, said)
	}
	return c.fail(llm.BadRequest, status, "request rejected with %d%s", status, said)
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
