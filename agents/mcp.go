package agents

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"go.uber.org/zap"

	"github.com/lacy-sh/lacy/agents/mcpconn"
	"github.com/lacy-sh/lacy/runtime/redact"
)

// DefaultMCPCallTimeout bounds a tool call of an MCP server whose
// declaration gives no timeout.
const DefaultMCPCallTimeout = 60 * time.Second

// Lifecycle bounds of an MCP server.
const (
	mcpStartTimeout = 30 * time.Second // start, handshake and tool list (npx may download)
	mcpGrace        = time.Second      // after stdin is closed, before the group is killed
)

// mcpPool holds the MCP servers of a Manager. A server starts on the first
// request of an agent that uses it and stops on Close; one that fails to
// start or crashes stays down for the session, reported once.
type mcpPool struct {
	log   *zap.Logger
	cwd   func() string // the shell's directory: a server's default working tree
	specs map[string]MCPSpec
	order []string

	mu      sync.Mutex
	servers map[string]*mcpServer
	closed  bool
}

// mcpServer is one started (or failed) server.
type mcpServer struct {
	spec  MCPSpec
	ready chan struct{} // closed when the start attempt has ended

	// Set before ready is closed.
	sess  mcpconn.Conn
	cmd   *exec.Cmd // nil for HTTP servers
	tools []ToolSpec
	took  time.Duration

	mu       sync.Mutex
	err      error // why the server is not usable
	reported bool  // err was shown to the user
	stopped  bool
}

func newMCPPool(specs []MCPSpec, log *zap.Logger) *mcpPool {
	p := &mcpPool{log: log.Named("mcp"), specs: map[string]MCPSpec{}, servers: map[string]*mcpServer{}}
	for _, s := range specs {
		if _, dup := p.specs[s.Name]; !dup {
			p.order = append(p.order, s.Name)
		}
		p.specs[s.Name] = s
	}
	return p
}

// has reports whether name is a declared server.
func (p *mcpPool) has(name string) bool {
	_, ok := p.specs[name]
	return ok
}

// server returns the named server, started (or failed) by this call or an
// earlier one.
func (p *mcpPool) server(ctx context.Context, name string) *mcpServer {
	p.mu.Lock()
	s, ok := p.servers[name]
	if !ok {
		s = &mcpServer{spec: p.specs[name], ready: make(chan struct{})}
		if p.closed {
			s.err = errors.New("lacy is exiting")
			close(s.ready)
		}
		p.servers[name] = s
	}
	p.mu.Unlock()
	if !ok && s.err == nil {
		p.start(ctx, s)
		close(s.ready)
		p.mu.Lock()
		closed := p.closed
		if s.err != nil && ctx.Err() != nil {
			delete(p.servers, name) // interrupted, not broken: the next request tries again
		}
		p.mu.Unlock()
		if closed { // Close ran while this one was starting
			s.stop(p.log)
		}
	}
	select {
	case <-s.ready:
	case <-ctx.Done():
		return &mcpServer{spec: s.spec, err: ctx.Err(), reported: true}
	}
	return s
}

// start connects to a server and lists its tools.
func (p *mcpPool) start(ctx context.Context, s *mcpServer) {
	start := time.Now()
	log := p.log.With(zap.String("server", s.spec.Name))
	ctx, cancel := context.WithTimeout(ctx, mcpStartTimeout)
	defer cancel()
	ep := mcpconn.Endpoint{URL: s.spec.URL, Headers: s.spec.Headers, Grace: mcpGrace}
	if s.spec.URL == "" {
		cmd := exec.Command(s.spec.Command, s.spec.Args...)
		cmd.Env = os.Environ()
		for _, k := range slices.Sorted(maps.Keys(s.spec.Env)) {
			cmd.Env = append(cmd.Env, k+"="+s.spec.Env[k])
		}
		cmd.Dir = s.spec.Cwd
		if err := sandboxCommand(cmd, p.policy(s.spec)); err != nil {
			s.err = fmt.Errorf("cannot sandbox it: %v", err)
			return
		}
		// Its own process group: Ctrl-C at the prompt must not reach it.
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
		cmd.Stderr = &logWriter{log: log}
		cmd.WaitDelay = mcpGrace
		s.cmd = cmd
		ep.Cmd = cmd
	}
	sess, err := mcpconn.Dial(ctx, ep)
	if err == nil {
		s.sess = sess
		var tools []mcpconn.Tool
		if tools, err = sess.Tools(ctx); err != nil {
			err = fmt.Errorf("listing its tools: %w", err)
		}
		for _, tool := range tools {
			s.tools = append(s.tools, s.toolSpec(tool, log))
		}
	}
	s.took = time.Since(start)
	if err != nil {
		s.err = fmt.Errorf("cannot start: %s", oneLineErr(err))
		log.Warn("mcp server failed to start", zap.Error(err))
		s.stop(p.log)
		return
	}
	log.Info("mcp server started", zap.Int("tools", len(s.tools)), zap.Duration("took", s.took))
}

// toolSpec turns a server's tool into one an agent may call.
func (s *mcpServer) toolSpec(tool mcpconn.Tool, log *zap.Logger) ToolSpec {
	schema := tool.Schema
	if schema == nil {
		schema = map[string]any{}
	}
	delete(schema, "$schema")
	if schema["type"] == nil {
		schema["type"] = "object"
	}
	if schema["properties"] == nil {
		schema["properties"] = map[string]any{}
	}
	remote := tool.Name
	return ToolSpec{
		Name:            s.spec.Name + MCPSep + remote,
		Description:     tool.Description,
		Schema:          schema,
		NeedsPermission: true,
		Server:          s.spec.Name,
		Remote:          remote,
		Source:          s.spec.Source,
		Run: func(ctx context.Context, args map[string]any) (string, error) {
			return s.call(ctx, remote, args, log)
		},
	}
}

// call runs one tool of the server and returns its text. A server that
// dies during the call is marked down for the session.
func (s *mcpServer) call(ctx context.Context, tool string, args map[string]any, log *zap.Logger) (string, error) {
	if err := s.down(); err != nil {
		return "", fmt.Errorf("mcp server %s is not running: %v", s.spec.Name, err)
	}
	if args == nil {
		args = map[string]any{}
	}
	limit := s.spec.Timeout
	if limit <= 0 {
		limit = DefaultMCPCallTimeout
	}
	callCtx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	text, isError, err := s.sess.Call(callCtx, tool, args)
	if err != nil {
		if ctx.Err() != nil {
			return "", ctx.Err()
		}
		if callCtx.Err() != nil {
			log.Warn("mcp tool call timed out", zap.String("tool", tool), zap.Duration("limit", limit))
			return "", fmt.Errorf("mcp server %s did not answer %s within %s (lacy.mcp(%q, { timeout = … }))", s.spec.Name, tool, limit, s.spec.Name)
		}
		if s.exited() || errors.Is(err, mcpconn.ErrClosed) || errors.Is(err, io.EOF) {
			s.mu.Lock()
			s.err, s.reported = fmt.Errorf("stopped during a call: %s", oneLineErr(err)), true
			s.mu.Unlock()
			log.Warn("mcp server stopped during a call", zap.String("tool", tool), zap.Error(err))
			go s.stop(log) // reap it, and whatever it left in its group
			return "", fmt.Errorf("mcp server %s stopped during the call; its tools are gone for this session", s.spec.Name)
		}
		return "", err
	}
	if isError {
		if text == "" {
			text = "the tool failed"
		}
		return "", errors.New(text)
	}
	return text, nil
}

// exited reports whether a stdio server's process has ended.
func (s *mcpServer) exited() bool {
	if s.cmd == nil || s.cmd.Process == nil {
		return false
	}
	// Signal 0 checks that the process exists (a zombie not yet waited for
	// still does: the caller also looks at the error).
	return s.cmd.Process.Signal(syscall.Signal(0)) != nil
}

// down returns why the server cannot be used, or nil.
func (s *mcpServer) down() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err
}

// stop ends the session: stdin is closed, the server gets mcpGrace to
// exit, then its process group is killed.
func (s *mcpServer) stop(log *zap.Logger) {
	s.mu.Lock()
	if s.stopped {
		s.mu.Unlock()
		return
	}
	s.stopped = true
	s.mu.Unlock()
	done := make(chan struct{})
	go func() {
		defer close(done)
		if s.sess != nil {
			_ = s.sess.Close()
		}
	}()
	select {
	case <-done:
	case <-time.After(mcpGrace):
	}
	if s.cmd != nil && s.cmd.Process != nil {
		// Whatever the server started in its group goes too.
		_ = syscall.Kill(-s.cmd.Process.Pid, syscall.SIGKILL)
	}
	select {
	case <-done:
	case <-time.After(mcpGrace):
		log.Warn("mcp server did not stop", zap.String("server", s.spec.Name))
	}
}

// close stops every started server, in parallel.
func (p *mcpPool) close() {
	p.mu.Lock()
	p.closed = true
	var started []*mcpServer
	for _, s := range p.servers {
		started = append(started, s)
	}
	p.mu.Unlock()
	var wg sync.WaitGroup
	for _, s := range started {
		select {
		case <-s.ready:
		default:
			continue // still starting: it stops itself when done
		}
		wg.Go(func() { s.stop(p.log) })
	}
	wg.Wait()
}

// Close stops the MCP servers that were started. The Manager may still
// answer, without them.
func (m *Manager) Close() { m.mcp.close() }

// entryTools resolves an agent's tool entry that names an MCP server
// ("loud": all its tools) or one of its tools ("loud.shout"). ok is false
// when the entry names no server. A server that is down contributes no
// tools; the first time, the user is told in one line.
func (p *mcpPool) entryTools(ctx context.Context, entry string, sink Sink) (tools []ToolSpec, ok bool) {
	server, tool, one := strings.Cut(entry, ".")
	if !p.has(server) {
		return nil, false
	}
	sink.Waiting() // a server may take a while to start
	s := p.server(ctx, server)
	s.mu.Lock()
	err, tell := s.err, s.err != nil && !s.reported
	s.reported = s.reported || tell
	s.mu.Unlock()
	if err != nil {
		if tell {
			sink.ToolResult(server, fmt.Sprintf("mcp server %s: %v; going on without its tools", server, err), true)
		}
		return nil, true
	}
	if !one {
		return s.tools, true
	}
	for _, t := range s.tools {
		if t.Remote == tool {
			return []ToolSpec{t}, true
		}
	}
	p.log.Warn("mcp server has no such tool", zap.String("server", server), zap.String("tool", tool))
	sink.ToolResult(server, fmt.Sprintf("mcp server %s has no tool %q", server, tool), true)
	return nil, true
}

// mcpApproved reports whether config pre-approves an MCP tool:
// approve = { "loud.shout" } or { "loud.*" }. The server is named exactly,
// so a shell pattern ("*", "ls*") never approves an MCP tool.
func (g *Guard) mcpApproved(t ToolSpec) bool {
	for _, p := range g.approve {
		if server, tool, ok := strings.Cut(p, "."); ok && server == t.Server && Match(tool, t.Remote) {
			return true
		}
	}
	return false
}

// mcpPreview is what the user approves for an MCP call: the server, the
// tool and the arguments.
func mcpPreview(t ToolSpec, args map[string]any) string {
	b, err := json.MarshalIndent(args, "", "  ")
	if err != nil || len(args) == 0 {
		b = []byte("{}")
	}
	return fmt.Sprintf("MCP server %s, tool %s, arguments %s", t.Server, t.Remote, b)
}

// mcpSecrets are the values of MCP declarations that must never reach a
// model or a log: HTTP header values (and a bearer token alone), and env
// values whose names look secret.
func mcpSecrets(specs []MCPSpec) []string {
	var out, env []string
	for _, s := range specs {
		for _, v := range s.Headers {
			out = append(out, v)
			if _, tok, ok := strings.Cut(v, " "); ok {
				out = append(out, strings.TrimSpace(tok))
			}
		}
		for k, v := range s.Env {
			env = append(env, k+"="+v)
		}
	}
	return append(out, redact.EnvSecrets(env)...)
}

// mcpAnnounce is the one-line form of an MCP call's arguments.
func mcpAnnounce(args map[string]any) string {
	b, err := json.Marshal(args)
	if err != nil || len(args) == 0 {
		return "{}"
	}
	return string(b)
}

// MCPServerInfo is what `lacy doctor` reports of a server.
type MCPServerInfo struct {
	Name   string
	Target string // the command line or the URL
	Tools  []string
	Took   time.Duration // to start and list its tools
	Err    error
}

// CheckMCP starts every declared MCP server and lists its tools. Close
// stops them.
func (m *Manager) CheckMCP(ctx context.Context) []MCPServerInfo { return m.mcp.check(ctx) }

// check starts every server and lists its tools.
func (p *mcpPool) check(ctx context.Context) []MCPServerInfo {
	out := make([]MCPServerInfo, len(p.order))
	var wg sync.WaitGroup
	for i, name := range p.order {
		wg.Go(func() {
			s := p.server(ctx, name)
			info := MCPServerInfo{Name: name, Target: s.spec.URL, Took: s.took, Err: s.down()}
			if info.Target == "" {
				info.Target = strings.Join(append([]string{s.spec.Command}, s.spec.Args...), " ")
			}
			for _, t := range s.tools {
				info.Tools = append(info.Tools, t.Remote)
			}
			out[i] = info
		})
	}
	wg.Wait()
	return out
}

// logWriter writes a server's stderr to the log, a line at a time.
type logWriter struct {
	log *zap.Logger
	mu  sync.Mutex
	buf []byte
}

func (w *logWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf = append(w.buf, p...)
	for {
		i := bytes.IndexByte(w.buf, '\n')
		if i < 0 {
			break
		}
		w.log.Info("mcp server stderr", zap.String("line", string(w.buf[:i])))
		w.buf = w.buf[i+1:]
	}
	if len(w.buf) > 4096 {
		w.log.Info("mcp server stderr", zap.String("line", string(w.buf)))
		w.buf = w.buf[:0]
	}
	return len(p), nil
}
