// Package mcpconn is the seam between lacy's agents and an MCP client: a
// connected session's three operations (list tools, call one, close), the
// endpoint to connect to, and the registry of the client that connects. The
// agents (package agents) keep everything else — which servers an agent
// may use, approvals, sandboxing, time limits, crash handling — on this
// side. The client over the MCP SDK (agents/mcpclient) registers itself
// when imported; a program that reaches its servers through another process
// (runtime/agentproc) registers that instead, and links no MCP SDK.
package mcpconn

import (
	"context"
	"errors"
	"os/exec"
	"time"
)

// Tool is a tool a server offers.
type Tool struct {
	Name        string         `json:"name"`
	Description string         `json:"description,omitempty"`
	Schema      map[string]any `json:"schema,omitempty"` // its input's JSON schema
}

// Conn is a connected session with one server.
type Conn interface {
	// Tools lists the server's tools.
	Tools(ctx context.Context) ([]Tool, error)
	// Call runs a tool and returns what the model is told of its result;
	// isError is the server saying the tool failed. An error wrapping
	// ErrClosed means the connection is gone.
	Call(ctx context.Context, tool string, args map[string]any) (text string, isError bool, err error)
	// Close ends the session (for a command, closes its stdin).
	Close() error
}

// ErrClosed is the connection to a server ending.
var ErrClosed = errors.New("connection closed")

// Endpoint is where a server is: a command speaking MCP on its standard
// streams (prepared by the caller: sandbox, environment, process group),
// or a streamable HTTP URL.
type Endpoint struct {
	// Cmd is the server's command, not yet started; nil for URL.
	Cmd *exec.Cmd
	// Grace is how long the command has to exit after its stdin closes.
	Grace time.Duration
	URL   string
	// Headers are sent with every HTTP request to URL.
	Headers map[string]string
}

// Dialer connects to an endpoint.
type Dialer func(ctx context.Context, e Endpoint) (Conn, error)

var dial Dialer

// Register sets the client Dial uses.
func Register(d Dialer) { dial = d }

// Dial connects to e with the registered client.
func Dial(ctx context.Context, e Endpoint) (Conn, error) {
	if dial == nil {
		return nil, errors.New("this program has no MCP client (mcpconn.Register)")
	}
	return dial(ctx, e)
}
