package provider

import (
	"context"
	"net"
	"time"

	"github.com/lacy-sh/lacy/agents/llm"
)

func init() { llm.RegisterReach(dialTCP) }

// dialTCP is llm.Reach in a program that talks to models itself.
func dialTCP(ctx context.Context, hostport string, timeout time.Duration) error {
	d := net.Dialer{Timeout: timeout}
	c, err := d.DialContext(ctx, "tcp", hostport)
	if err != nil {
		return err
	}
	return c.Close()
}
