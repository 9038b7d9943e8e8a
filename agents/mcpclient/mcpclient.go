// Package mcpclient is lacy's MCP client over the MCP SDK
// (github.com/modelcontextprotocol/go-sdk): importing it registers it with
// mcpconn.Register. Only a program that talks to MCP servers itself imports
// it (lacy-full, through internal/app).
package mcpclient

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/lacy-sh/lacy/agents/mcpconn"
)

func init() { mcpconn.Register(Dial) }

// Dial connects to a server: a command over its standard streams, else a
// streamable HTTP URL.
func Dial(ctx context.Context, e mcpconn.Endpoint) (mcpconn.Conn, error) {
	var t mcp.Transport
	if e.Cmd != nil {
		t = &mcp.CommandTransport{Command: e.Cmd, TerminateDuration: e.Grace}
	} else {
		t = &mcp.StreamableClientTransport{Endpoint: e.URL, MaxRetries: -1, DisableStandaloneSSE: true,
			HTTPClient: &http.Client{Transport: headers{e.Headers, http.DefaultTransport}}}
	}
	client := mcp.NewClient(&mcp.Implementation{Name: "lacy", Version: "1"}, nil)
	sess, err := client.Connect(ctx, t, nil)
	if err != nil {
		return nil, err
	}
	return conn{sess}, nil
}

type conn struct{ sess *mcp.ClientSession }

func (c conn) Tools(ctx context.Context) ([]mcpconn.Tool, error) {
	var out []mcpconn.Tool
	for tool, err := range c.sess.Tools(ctx, nil) {
		if err != nil {
			return out, err
		}
		schema := map[string]any{}
		if b, err := json.Marshal(tool.InputSchema); err == nil {
			_ = json.Unmarshal(b, &schema)
		}
		out = append(out, mcpconn.Tool{Name: tool.Name, Description: tool.Description, Schema: schema})
	}
	return out, nil
}

func (c conn) Call(ctx context.Context, tool string, args map[string]any) (string, bool, error) {
	res, err := c.sess.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		if errors.Is(err, mcp.ErrConnectionClosed) || errors.Is(err, io.EOF) {
			return "", false, closed{err}
		}
		return "", false, err
	}
	return resultText(res), res.IsError, nil
}

func (c conn) Close() error { return c.sess.Close() }

// closed is the SDK's error for a lost connection, as mcpconn.ErrClosed.
type closed struct{ error }

func (e closed) Unwrap() []error { return []error{e.error, mcpconn.ErrClosed} }

// resultText is what the model is told of a tool result: its text
// content, a note for each other kind, or the structured content as JSON.
func resultText(res *mcp.CallToolResult) string {
	var parts []string
	for _, c := range res.Content {
		switch c := c.(type) {
		case *mcp.TextContent:
			parts = append(parts, c.Text)
		case *mcp.ImageContent:
			parts = append(parts, fmt.Sprintf("[image %s, %d bytes]", c.MIMEType, len(c.Data)))
		case *mcp.AudioContent:
			parts = append(parts, fmt.Sprintf("[audio %s, %d bytes]", c.MIMEType, len(c.Data)))
		case *mcp.ResourceLink:
			parts = append(parts, fmt.Sprintf("[resource %s %s]", c.Name, c.URI))
		case *mcp.EmbeddedResource:
			if c.Resource != nil && c.Resource.Text != "" {
				parts = append(parts, c.Resource.Text)
			} else if c.Resource != nil {
				parts = append(parts, fmt.Sprintf("[resource %s]", c.Resource.URI))
			}
		}
	}
	if len(parts) == 0 && res.StructuredContent != nil {
		b, _ := json.Marshal(res.StructuredContent)
		parts = append(parts, string(b))
	}
	return strings.Join(parts, "\n")
}

// headers adds configured headers to every request of an HTTP server.
type headers struct {
	h    map[string]string
	next http.RoundTripper
}

func (h headers) RoundTrip(r *http.Request) (*http.Response, error) {
	if len(h.h) > 0 {
		r = r.Clone(r.Context())
		for k, v := range h.h {
			r.Header.Set(k, v)
		}
	}
	return h.next.RoundTrip(r)
}
