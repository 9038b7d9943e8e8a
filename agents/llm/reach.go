package llm

import (
	"context"
	"errors"
	"time"
)

// reach opens and closes a TCP connection, set by RegisterReach.
var reach func(ctx context.Context, hostport string, timeout time.Duration) error

// RegisterReach sets how Reach connects. Like Register, it is set by the
// program's network code: agents/llm/provider dials in process, and
// runtime/agentproc asks the agent process, so that the interactive shell,
// which reaches its models through that process, does not link package net
// (about 0.5 MB of binary, resident once started, and its initialisation).
func RegisterReach(f func(ctx context.Context, hostport string, timeout time.Duration) error) {
	reach = f
}

// Reach reports whether a TCP connection to hostport ("host:port") opens
// within timeout: whether a model's server is up, without a request.
func Reach(ctx context.Context, hostport string, timeout time.Duration) error {
	if reach == nil {
		return errors.New("this program cannot connect (llm.RegisterReach)")
	}
	return reach(ctx, hostport, timeout)
}
