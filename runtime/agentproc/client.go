package agentproc

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sync"
	"syscall"
	"time"

	"github.com/lacy-sh/lacy/agents/llm"
	"github.com/lacy-sh/lacy/agents/mcpconn"
)

var jsonUnmarshal = json.Unmarshal

// Client is the shell's side: it starts the agent process on its first
// call and multiplexes every call over the process's standard streams.
type Client struct {
	// Command returns the agent process's command, not yet started
	// (`lacy-full agent-serve`); its standard streams are set by Client.
	Command func() (*exec.Cmd, error)
	// Stderr receives the agent process's own error output (log lines of
	// MCP servers); nil discards it.
	Stderr io.Writer

	mu      sync.Mutex
	started bool
	closed  bool
	err     error // why the process cannot be started
	in      io.WriteCloser
	cmd     *exec.Cmd
	next    int64
	pending map[int64]*pending
	wmu     sync.Mutex
	exited  chan struct{} // closed when the process has been waited for
}

// Install registers c as this process's model clients (llm.Register and
// llm.RegisterReach) and MCP client (mcpconn.Register).
func (c *Client) Install() {
	llm.Register(func(cfg llm.Config) (llm.Model, error) { return &model{c: c, cfg: cfg}, nil })
	llm.RegisterReach(c.reach)
	mcpconn.Register(c.dial)
}

// start starts the process unless it runs; a failure to start is kept
// for every later call (the program is missing or broken), a process that
// ended is started again by the next call.
func (c *Client) start() error {
	if c.closed {
		return errors.New("agent process: closed")
	}
	if c.started {
		return c.err
	}
	c.started = true
	c.pending = map[int64]*pending{}
	cmd, err := c.Command()
	if err != nil {
		c.err = fmt.Errorf("agent process: %w", err)
		return c.err
	}
	// Its own process group: Ctrl-C at the prompt is for the foreground
	// job, and a call is interrupted through the protocol instead.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Stderr = c.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		c.err = fmt.Errorf("agent process: %w", err)
		return c.err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		c.err = fmt.Errorf("agent process: %w", err)
		return c.err
	}
	if err := cmd.Start(); err != nil {
		c.err = fmt.Errorf("agent process: %w", err)
		return c.err
	}
	c.in, c.cmd = in, cmd
	c.exited = make(chan struct{})
	go c.read(out)
	return nil
}

// read delivers the process's replies to their callers; when the process
// ends, every waiting call fails.
func (c *Client) read(out io.Reader) {
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 64*1024), 64<<20)
	for sc.Scan() {
		var r reply
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			continue
		}
		c.mu.Lock()
		p := c.pending[r.ID]
		if r.Done {
			delete(c.pending, r.ID)
		}
		c.mu.Unlock()
		p.deliver(r)
	}
	c.mu.Lock()
	cmd, exited := c.cmd, c.exited
	c.mu.Unlock()
	err := cmd.Wait()
	defer close(exited)
	ended := fmt.Sprintf("agent process ended (%v)", err)
	c.mu.Lock()
	all := c.pending
	c.pending = map[int64]*pending{}
	c.started, c.in = false, nil // the next call starts another
	c.mu.Unlock()
	for id, p := range all {
		p.deliver(reply{ID: id, Done: true, Error: &wireError{Message: ended, Closed: true}})
	}
}

// pending is a call waiting for its replies.
type pending struct {
	ch   chan reply
	gone chan struct{} // closed when the caller stopped waiting
}

// deliver hands r to the caller, unless it has stopped waiting.
func (p *pending) deliver(r reply) {
	if p == nil {
		return
	}
	select {
	case p.ch <- r:
	case <-p.gone:
	}
}

// call sends r and returns the channel of its replies; the last has Done.
func (c *Client) call(r request) (int64, *pending, error) {
	c.mu.Lock()
	if err := c.start(); err != nil {
		c.mu.Unlock()
		return 0, nil, err
	}
	c.next++
	r.ID = c.next
	p := &pending{ch: make(chan reply, 64), gone: make(chan struct{})}
	c.pending[r.ID] = p
	c.mu.Unlock()
	if err := c.send(r); err != nil {
		c.mu.Lock()
		delete(c.pending, r.ID)
		c.mu.Unlock()
		return 0, nil, fmt.Errorf("agent process: %w", err)
	}
	return r.ID, p, nil
}

func (c *Client) send(r request) error {
	c.mu.Lock()
	in := c.in
	c.mu.Unlock()
	if in == nil {
		return errors.New("agent process ended")
	}
	c.wmu.Lock()
	defer c.wmu.Unlock()
	_, err := in.Write(encodeLine(r))
	return err
}

// wait returns the final reply of a call, passing text replies to onText;
// when ctx ends first, the call is cancelled in the process and ctx's
// error returned at once (the process's late answer is dropped).
func (c *Client) wait(ctx context.Context, id int64, p *pending, onText func(string)) (reply, error) {
	for {
		select {
		case r := <-p.ch:
			if !r.Done {
				if onText != nil {
					onText(r.Text)
				}
				continue
			}
			return r, r.Error.err()
		case <-ctx.Done():
			close(p.gone)
			c.mu.Lock()
			delete(c.pending, id)
			c.mu.Unlock()
			_ = c.send(request{ID: id, Op: "cancel"})
			return reply{}, ctx.Err()
		}
	}
}

// Close ends the agent process: its standard input closes, and it stops
// its MCP servers and exits.
func (c *Client) Close() error {
	c.mu.Lock()
	in := c.in
	c.closed = true
	c.mu.Unlock()
	if in == nil {
		return nil
	}
	return in.Close()
}

// model is an llm.Model answered by the agent process.
type model struct {
	c   *Client
	cfg llm.Config
}

func (m *model) Config() llm.Config {
	cfg := m.cfg
	cfg.APIKey = ""
	return cfg
}

func (m *model) Chat(ctx context.Context, req *llm.Request) (*llm.Response, error) {
	if err := ctx.Err(); err != nil {
		return &llm.Response{}, err
	}
	wr := &chatRequest{System: req.System, Messages: req.Messages, Temperature: req.Temperature, MaxTokens: req.MaxTokens, Stream: req.OnText != nil}
	for _, t := range req.Tools {
		wr.Tools = append(wr.Tools, toolDef{Name: t.Name, Description: t.Description, Parameters: t.Parameters})
	}
	id, ch, err := m.c.call(request{Op: "chat", Model: toWire(m.cfg), Req: wr})
	if err != nil {
		return &llm.Response{}, &llm.Error{Kind: llm.Unreachable, Model: m.cfg.Describe(), Cause: err.Error()}
	}
	r, err := m.c.wait(ctx, id, ch, req.OnText)
	resp := r.Resp
	if resp == nil {
		resp = &llm.Response{}
	}
	return resp, err
}

// reach is llm.Reach through the agent process, which connects.
func (c *Client) reach(ctx context.Context, hostport string, timeout time.Duration) error {
	id, ch, err := c.call(request{Op: "reach", Host: hostport, Timeout: timeout})
	if err != nil {
		return err
	}
	_, err = c.wait(ctx, id, ch, nil)
	return err
}

// dial connects to an MCP server through the agent process.
func (c *Client) dial(ctx context.Context, e mcpconn.Endpoint) (mcpconn.Conn, error) {
	w := &endpoint{URL: e.URL, Headers: e.Headers, Grace: e.Grace}
	if e.Cmd != nil {
		w.Path, w.Args, w.Env, w.Dir = e.Cmd.Path, e.Cmd.Args, e.Cmd.Env, e.Cmd.Dir
		if e.Cmd.Err != nil {
			w.LookErr = e.Cmd.Err.Error()
		}
	}
	id, ch, err := c.call(request{Op: "dial", Endpoint: w})
	if err != nil {
		return nil, err
	}
	if _, err := c.wait(ctx, id, ch, nil); err != nil {
		if ctx.Err() == nil {
			return nil, err
		}
		// Interrupted: the connection may still come up; close it.
		go c.closeConn(id)
		return nil, err
	}
	return &conn{c: c, id: id}, nil
}

func (c *Client) closeConn(id int64) {
	if cid, ch, err := c.call(request{Op: "close", Conn: id}); err == nil {
		_, _ = c.wait(context.Background(), cid, ch, nil)
	}
}

// conn is an MCP connection held by the agent process.
type conn struct {
	c  *Client
	id int64
}

func (n *conn) Tools(ctx context.Context) ([]mcpconn.Tool, error) {
	id, ch, err := n.c.call(request{Op: "tools", Conn: n.id})
	if err != nil {
		return nil, err
	}
	r, err := n.c.wait(ctx, id, ch, nil)
	return r.Tools, err
}

func (n *conn) Call(ctx context.Context, tool string, args map[string]any) (string, bool, error) {
	id, ch, err := n.c.call(request{Op: "call", Conn: n.id, Tool: tool, Args: args})
	if err != nil {
		return "", false, closedError(err.Error())
	}
	r, err := n.c.wait(ctx, id, ch, nil)
	return r.Result, r.IsError, err
}

func (n *conn) Close() error {
	id, ch, err := n.c.call(request{Op: "close", Conn: n.id})
	if err != nil {
		return nil
	}
	_, err = n.c.wait(context.Background(), id, ch, nil)
	if errors.Is(err, mcpconn.ErrClosed) {
		return nil
	}
	return err
}

// Self returns the command of the agent process: lacy-full beside the
// running binary, else on PATH, with Arg.
func Self() (*exec.Cmd, error) {
	full, err := findFull()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(full, Arg)
	cmd.Env = os.Environ()
	return cmd, nil
}
