package agentproc

import (
	"bufio"
	"context"
	"errors"
	"io"
	"os/exec"
	"sync"
	"syscall"

	"github.com/lacy-sh/lacy/agents/llm"
	"github.com/lacy-sh/lacy/agents/mcpconn"
)

// Serve answers the shell's requests read from in on out, with the model
// and MCP clients registered in this process, until in ends. It then closes
// every MCP connection (killing their process groups) and returns. The MCP
// servers' error output goes to stderr.
func Serve(in io.Reader, out io.Writer, stderr io.Writer) error {
	s := &server{out: out, stderr: stderr, calls: map[int64]context.CancelFunc{}, conns: map[int64]*serverConn{}}
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), 64<<20)
	for sc.Scan() {
		var r request
		if err := jsonUnmarshal(sc.Bytes(), &r); err != nil {
			continue
		}
		s.handle(r)
	}
	s.shutdown()
	return sc.Err()
}

type server struct {
	mu     sync.Mutex
	out    io.Writer
	stderr io.Writer
	calls  map[int64]context.CancelFunc
	conns  map[int64]*serverConn
	wg     sync.WaitGroup
}

type serverConn struct {
	conn mcpconn.Conn
	cmd  *exec.Cmd
}

func (s *server) send(r reply) {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, _ = s.out.Write(encodeLine(r))
}

func (s *server) handle(r request) {
	if r.Op == "cancel" {
		s.mu.Lock()
		cancel := s.calls[r.ID]
		s.mu.Unlock()
		if cancel != nil {
			cancel()
		}
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	s.mu.Lock()
	s.calls[r.ID] = cancel
	s.mu.Unlock()
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		rep := s.run(ctx, r)
		s.mu.Lock()
		delete(s.calls, r.ID)
		s.mu.Unlock()
		cancel()
		rep.ID, rep.Done = r.ID, true
		s.send(rep)
	}()
}

func (s *server) run(ctx context.Context, r request) reply {
	switch r.Op {
	case "chat":
		if r.Model == nil || r.Req == nil {
			return reply{Error: &wireError{Message: "agentproc: chat without a model or a request"}}
		}
		m, err := llm.New(r.Model.config())
		if err != nil {
			return reply{Error: toWireError(err)}
		}
		req := &llm.Request{System: r.Req.System, Messages: r.Req.Messages, Temperature: r.Req.Temperature, MaxTokens: r.Req.MaxTokens}
		for _, t := range r.Req.Tools {
			req.Tools = append(req.Tools, llm.ToolDef{Name: t.Name, Description: t.Description, Parameters: t.Parameters})
		}
		if r.Req.Stream {
			req.OnText = func(delta string) { s.send(reply{ID: r.ID, Text: delta}) }
		}
		resp, err := m.Chat(ctx, req)
		return reply{Resp: resp, Error: toWireError(err)}
	case "reach":
		return reply{Error: toWireError(llm.Reach(ctx, r.Host, r.Timeout))}
	case "dial":
		if r.Endpoint == nil {
			return reply{Error: &wireError{Message: "agentproc: dial without an endpoint"}}
		}
		e := mcpconn.Endpoint{URL: r.Endpoint.URL, Headers: r.Endpoint.Headers, Grace: r.Endpoint.Grace}
		var cmd *exec.Cmd
		if r.Endpoint.Path != "" {
			cmd = &exec.Cmd{Path: r.Endpoint.Path, Args: r.Endpoint.Args, Env: r.Endpoint.Env, Dir: r.Endpoint.Dir,
				SysProcAttr: &syscall.SysProcAttr{Setpgid: true}, WaitDelay: r.Endpoint.Grace, Stderr: s.stderr}
			if r.Endpoint.LookErr != "" {
				cmd.Err = errors.New(r.Endpoint.LookErr)
			}
			e.Cmd = cmd
		}
		c, err := mcpconn.Dial(ctx, e)
		if err != nil {
			return reply{Error: toWireError(err)}
		}
		s.mu.Lock()
		s.conns[r.ID] = &serverConn{conn: c, cmd: cmd}
		s.mu.Unlock()
		return reply{}
	case "tools", "call", "close":
		s.mu.Lock()
		c := s.conns[r.Conn]
		if r.Op == "close" {
			delete(s.conns, r.Conn)
		}
		s.mu.Unlock()
		if c == nil {
			return reply{Error: &wireError{Message: "connection closed", Closed: true}}
		}
		switch r.Op {
		case "tools":
			tools, err := c.conn.Tools(ctx)
			return reply{Tools: tools, Error: toWireError(err)}
		case "call":
			text, isErr, err := c.conn.Call(ctx, r.Tool, r.Args)
			return reply{Result: text, IsError: isErr, Error: toWireError(err)}
		}
		c.close()
		return reply{}
	}
	return reply{Error: &wireError{Message: "agentproc: unknown op " + r.Op}}
}

// close ends the session, then kills whatever is left of the server's
// process group.
func (c *serverConn) close() {
	_ = c.conn.Close()
	if c.cmd != nil && c.cmd.Process != nil {
		_ = syscall.Kill(-c.cmd.Process.Pid, syscall.SIGKILL)
	}
}

func (s *server) shutdown() {
	s.mu.Lock()
	for _, cancel := range s.calls {
		cancel()
	}
	conns := s.conns
	s.conns = map[int64]*serverConn{}
	s.mu.Unlock()
	var wg sync.WaitGroup
	for _, c := range conns {
		wg.Go(c.close)
	}
	wg.Wait()
	s.wg.Wait()
}

func toWireError(err error) *wireError {
	if err == nil {
		return nil
	}
	w := &wireError{Message: err.Error()}
	var le *llm.Error
	if errors.As(err, &le) {
		w.LLM = &llmError{Kind: le.Kind, Model: le.Model, Status: le.Status, Cause: le.Cause, RetryAfter: le.RetryAfter}
	}
	w.Closed = errors.Is(err, mcpconn.ErrClosed)
	w.Cancel = errors.Is(err, context.Canceled)
	return w
}

// fromWire is the error the shell's caller sees.
func (w *wireError) err() error {
	switch {
	case w == nil:
		return nil
	case w.LLM != nil:
		return &llm.Error{Kind: w.LLM.Kind, Model: w.LLM.Model, Status: w.LLM.Status, Cause: w.LLM.Cause, RetryAfter: w.LLM.RetryAfter}
	case w.Cancel:
		return context.Canceled
	case w.Closed:
		return closedError(w.Message)
	}
	return errors.New(w.Message)
}

// closedError is a lost MCP connection, as mcpconn.ErrClosed.
type closedError string

func (e closedError) Error() string        { return string(e) }
func (e closedError) Is(target error) bool { return target == mcpconn.ErrClosed }
