package agents

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/lacy-sh/lacy/agents/llm"
	"github.com/lacy-sh/lacy/runtime/blast"
	"github.com/lacy-sh/lacy/runtime/safety"
	"github.com/lacy-sh/lacy/runtime/sandbox"
)

// Ask sends text to an agent ("" is the current one) as the next turn of
// its persisted conversation, runs the tool loop, and returns the final
// answer. c is the context of this request. The answer streams to sink;
// tool calls that need permission go to approver (nil denies them). On
// Ctrl-C (ctx cancelled) what arrived is kept in the conversation and
// returned with ctx.Err(). Errors are one line, naming the model.
func (m *Manager) Ask(ctx context.Context, agentName, text string, c Context, sink Sink, approver Approver) (string, error) {
	a, err := m.agent(agentName)
	if err != nil {
		return "", err
	}
	a.turn.Lock()
	defer a.turn.Unlock()
	spec := m.specOf(a)
	save := func() {
		if err := saveConversation(m.opts.StateDir, spec.Name, a.msgs); err != nil {
			m.log.Warn("cannot save conversation", zap.String("agent", spec.Name), zap.Error(err))
			if m.saveFailed != nil {
				m.saveOnce.Do(func() { m.saveFailed(err) })
			}
		}
	}
	return m.turn(ctx, spec, &a.msgs, text, c, sink, approver, save)
}

// Session is a conversation with an agent that is not persisted: the
// multi-turn object behind the Lua stdlib's lacy.agent and `lacy ask`.
type Session struct {
	m    *Manager
	spec AgentSpec
	msgs []llm.Message
}

// NewSession starts a fresh conversation with an agent ("" is the current
// one).
func (m *Manager) NewSession(agentName string) (*Session, error) {
	a, err := m.agent(agentName)
	if err != nil {
		return nil, err
	}
	return &Session{m: m, spec: m.specOf(a)}, nil
}

// Ask sends the next turn; see Manager.Ask. A Session is not safe for
// concurrent use.
func (s *Session) Ask(ctx context.Context, text string, c Context, sink Sink, approver Approver) (string, error) {
	return s.m.turn(ctx, s.spec, &s.msgs, text, c, sink, approver, func() {})
}

// Messages returns a copy of the conversation so far.
func (s *Session) Messages() []llm.Message { return slices.Clone(s.msgs) }

// Reset empties the conversation.
func (s *Session) Reset() { s.msgs = nil }

// Agent returns the session's agent name.
func (s *Session) Agent() string { return s.spec.Name }

// userMessage is the text stored and sent for a question: the question,
// then any attached input, redacted.
func (m *Manager) userMessage(text string, c Context) string {
	if c.Input != "" {
		in := bound(strings.TrimRight(c.Input, "\n"))
		if strings.TrimSpace(text) == "" {
			text = "Here is some input; tell me what matters in it."
		}
		text += "\n\nInput (piped to lacy):\n```\n" + in + "\n```"
	}
	return m.redactor.Redact(text)
}

// system is the system message of a request: the agent's prompt, then the
// redacted context block.
func (m *Manager) system(spec AgentSpec, c Context) string {
	block := m.redactor.Redact(m.withProjectFiles(c).Render())
	if spec.System == "" {
		return block
	}
	return spec.System + "\n\n" + block
}

// agentTools returns the tools an agent may call, in a stable order. An
// entry naming an MCP server ("loud") or one of its tools ("loud.shout")
// starts the server when start is set (see mcpPool.entryTools); otherwise it is
// listed by its name.
func (m *Manager) agentTools(ctx context.Context, spec AgentSpec, sink Sink, start bool) ([]ToolSpec, error) {
	names := spec.Tools
	if names == nil {
		for n := range m.tools {
			names = append(names, n)
		}
		slices.Sort(names)
	}
	out := make([]ToolSpec, 0, len(names))
	for _, n := range names {
		t, ok := m.tools[n]
		if !ok && start {
			if ts, isMCP := m.mcp.entryTools(ctx, n, sink); isMCP {
				out = append(out, ts...)
				continue
			}
		} else if !ok && m.mcp.has(strings.SplitN(n, ".", 2)[0]) {
			out = append(out, ToolSpec{Name: n + " (MCP)"})
			continue
		}
		if !ok {
			return nil, fmt.Errorf("agent %q: no tool named %q", spec.Name, n)
		}
		out = append(out, t)
	}
	return out, nil
}

// turn runs one question through the loop: model call, tool calls, model
// call… at most MaxSteps model calls. msgs is the conversation, updated in
// place and saved after every change.
func (m *Manager) turn(ctx context.Context, spec AgentSpec, msgs *[]llm.Message, text string, c Context, sink Sink, approver Approver, save func()) (final string, err error) {
	if sink == nil {
		sink = discard{}
	}
	if approver == nil {
		approver = DenyAll{}
	}
	defer func() { sink.Done(err) }()
	ms, err := m.modelSpec(ctx, spec)
	if err != nil {
		return "", err
	}
	model, err := m.model(ms)
	if err != nil {
		return "", err
	}
	tools, err := m.agentTools(ctx, spec, sink, true)
	if err != nil {
		return "", err
	}
	defs := make([]llm.ToolDef, len(tools))
	byName := map[string]ToolSpec{}
	for i, t := range tools {
		defs[i] = toolDef(t)
		byName[t.Name] = t
	}
	*msgs = append(*msgs, llm.Message{Role: llm.User, Content: m.userMessage(text, c)})
	save()
	system := m.system(spec, c)
	// The agent's commands run in its sandbox (SubshellRunner applies it).
	pol := m.policy(spec)
	ctx = sandbox.WithPolicy(ctx, pol)
	if _, shell := byName[ToolShell]; shell && (pol.Off || !sandbox.Available()) {
		m.warnUnsandboxed(spec, pol, sink)
	}
	var budget callBudget
	for step := 0; step < m.opts.MaxSteps; step++ {
		sink.Waiting()
		var got strings.Builder
		start := time.Now()
		resp, err := model.Chat(ctx, &llm.Request{
			System: system, Messages: window(*msgs), Tools: defs, Temperature: spec.Temperature,
			OnText: func(d string) { got.WriteString(d); sink.Text(d) },
		})
		m.log.Info("model call", zap.String("agent", spec.Name), zap.String("model", ms.Name),
			zap.Duration("took", time.Since(start)), zap.Int("step", step), zap.Stringer("kind", llm.KindOf(err)))
		if err != nil {
			if partial := got.String(); partial != "" {
				*msgs = append(*msgs, llm.Message{Role: llm.Assistant, Content: m.redactor.Redact(partial)})
				save()
				return partial, err
			}
			return "", err
		}
		*msgs = append(*msgs, m.redactReply(resp))
		save()
		final = resp.Text
		if len(resp.ToolCalls) == 0 {
			return final, nil
		}
		if budget.exhausted {
			// The model was told to answer and called tools again.
			return final, m.toolLimitError(spec)
		}
		for _, call := range resp.ToolCalls {
			result := llm.Message{Role: llm.Tool, ToolCallID: call.ID, Name: call.Name}
			switch {
			case ctx.Err() != nil:
				result.Content, result.IsError = "cancelled by the user", true
			case !budget.take(m.opts.MaxToolCalls):
				result.Content, result.IsError = m.refuseOverLimit(call, sink), true
			default:
				result.Content, result.IsError = m.runTool(ctx, byName, call, sink, approver)
			}
			*msgs = append(*msgs, result)
			save()
		}
		if ctx.Err() != nil {
			return final, ctx.Err()
		}
	}
	return final, fmt.Errorf("agent %q stopped after %d model calls (the tool loop limit)", spec.Name, m.opts.MaxSteps)
}

// redactReply is the stored form of a reply: a model that repeats a
// secret does not get it written to disk or sent back.
func (m *Manager) redactReply(resp *llm.Response) llm.Message {
	text := resp.Text
	if len(text) > maxStored {
		// The user saw it all as it streamed; the conversation keeps its
		// head and tail.
		text = cutMiddle(text, maxStored)
	}
	msg := llm.Message{Role: llm.Assistant, Content: m.redactor.Redact(text)}
	for _, tc := range resp.ToolCalls {
		tc.Args = m.redactArgs(tc.Args)
		msg.ToolCalls = append(msg.ToolCalls, tc)
	}
	return msg
}

// redactArgs redacts the string values of a call's JSON arguments,
// keeping the JSON valid.
func (m *Manager) redactArgs(raw string) string {
	args, err := llm.ParseArgs(raw)
	if err != nil {
		return m.redactor.Redact(raw)
	}
	var walk func(v any) any
	walk = func(v any) any {
		switch v := v.(type) {
		case string:
			return m.redactor.Redact(v)
		case map[string]any:
			for k, x := range v {
				v[k] = walk(x)
			}
		case []any:
			for i, x := range v {
				v[i] = walk(x)
			}
		}
		return v
	}
	b, _ := json.Marshal(walk(args))
	return string(b)
}

// runTool asks for permission if needed, runs one call and returns what
// the model is told.
func (m *Manager) runTool(ctx context.Context, tools map[string]ToolSpec, call llm.ToolCall, sink Sink, approver Approver) (string, bool) {
	t, ok := tools[call.Name]
	if !ok {
		sink.ToolCall(call.Name, call.Args)
		sink.ToolResult(call.Name, "unknown tool", true)
		return fmt.Sprintf("there is no tool named %q", call.Name), true
	}
	args, err := llm.ParseArgs(call.Args)
	if err != nil {
		sink.ToolCall(call.Name, call.Args)
		sink.ToolResult(call.Name, err.Error(), true)
		return err.Error(), true
	}
	req := m.describe(t, args)
	req.Sandbox = m.sandboxLine(ctx, t)
	if p, ok := sandbox.FromContext(ctx); ok && t.Name == ToolShell && !p.Off && !p.Network && sandbox.ABI() >= 4 {
		req.NetworkOffer = true
	}
	announce := firstLine(req.Preview)
	if t.Name == ToolWriteFile {
		announce = str(args, "path")
	} else if t.Server != "" {
		announce = mcpAnnounce(args)
	}
	sink.ToolCall(t.Name, m.redactor.Redact(announce))
	if req.Refuse != "" {
		m.log.Info("tool call refused", zap.String("tool", t.Name))
		sink.ToolResult(t.Name, "refused: "+req.Refuse, true)
		return "refused: " + req.Refuse + "; this is never allowed, do not retry it", true
	}
	// Reading a credential file or leaving the working tree asks, even for
	// tools that otherwise do not; a pattern never approves it.
	if t.NeedsPermission || req.Credential || req.Outside {
		key := approvalKey(t.Name, args, req)
		m.mu.Lock()
		allowed := !req.Destructive && (m.session[key] || !req.Credential && !req.Outside && m.preApproved(t.Name, args) ||
			t.Server != "" && m.mcpApproved(t))
		m.mu.Unlock()
		if !allowed {
			d, err := approver.Approve(ctx, req)
			if err != nil || d == Deny {
				m.log.Info("tool call denied", zap.String("tool", t.Name))
				sink.ToolResult(t.Name, "denied", true)
				if ctx.Err() != nil {
					return "cancelled by the user", true
				}
				return "the user denied this call; do not retry it, ask the user or take another way", true
			}
			if d == AllowNetwork && req.NetworkOffer {
				p, _ := sandbox.FromContext(ctx)
				p.Network = true
				ctx = sandbox.WithPolicy(ctx, p)
			}
			if d == AllowSession && !req.Destructive {
				m.mu.Lock()
				m.session[key] = true
				m.mu.Unlock()
			}
		}
	}
	m.log.Info("tool call", zap.String("tool", t.Name))
	m.snapshot(t, args, req, sink)
	var wire *tripwire
	tree := WorkTree(m.cwd())
	if t.Name == ToolShell && t.Server == "" {
		wire = watchTree(tree)
	}
	out, err := t.Run(ctx, args)
	if wire != nil {
		if put := wire.restore(tree); len(put) > 0 {
			// The sandbox lets the tree be written; what runs later on its
			// own outside it may not be.
			note := "lacy put back " + strings.Join(put, ", ") + ": an agent's command may not change what runs later on its own (git hooks, settings in .git/config that run programs); ask the user to do it"
			m.log.Warn("agent command changed autorun files; restored", zap.Strings("paths", put))
			sink.ToolResult(t.Name, note, true)
			out += "\n" + note
		}
	}
	if err != nil {
		msg := m.redactor.Redact(bound(err.Error()))
		sink.ToolResult(t.Name, msg, true)
		return "error: " + msg, true
	}
	out = m.redactor.Redact(bound(out))
	sink.ToolResult(t.Name, summarize(out), false)
	return untrusted(t.Name, out), false
}

// describe builds the approval request of a call: its preview and whether
// it is destructive.
func (m *Manager) describe(t ToolSpec, args map[string]any) ToolCallRequest {
	req := ToolCallRequest{Tool: t.Name, Args: args}
	if t.Server != "" {
		req.Tool, req.Preview = t.Server+"."+t.Remote, mcpPreview(t, args)
		return req
	}
	switch t.Name {
	case ToolShell:
		req.Preview = str(args, "command")
		dir := ""
		if m.opts.Cwd != nil {
			dir = m.opts.Cwd()
		}
		req.Destructive, req.Reason = safety.IsDestructiveWith(req.Preview, dir, m.defs)
		if req.Destructive {
			req.Blast = blast.Preview(context.Background(), req.Preview, blast.Options{Dir: dir, Timeout: m.opts.BlastTimeout}).String()
		}
		m.guardCommand(&req, req.Preview)
	case ToolWriteFile:
		p := str(args, "path")
		m.guardPath(&req, args)
		old, err := os.ReadFile(resolve(m.opts.Cwd, p))
		if err != nil {
			old = nil
		}
		req.Preview = Diff(p, string(old), str(args, "content"))
		if err != nil {
			req.Preview = "new file " + p + "\n" + req.Preview
		}
	case ToolReadFile, ToolListDir:
		req.Preview = str(args, "path")
		m.guardPath(&req, args)
	default:
		b, _ := json.Marshal(args)
		req.Preview = string(b)
	}
	return req
}

// approvalKey identifies "the same call" for allow-for-this-session: the
// exact command for shell, the absolute path for the file tools, the tool
// otherwise.
func approvalKey(tool string, args map[string]any, req ToolCallRequest) string {
	switch {
	case tool == ToolShell:
		return tool + ":" + str(args, "command")
	case isFileTool(tool):
		return tool + ":" + req.Path
	}
	return tool
}

// Match reports whether s matches the glob, where * matches any run of
// characters (spaces and slashes included) and ? any one character.
func Match(glob, s string) bool {
	for len(glob) > 0 {
		switch glob[0] {
		case '*':
			for i := len(s); i >= 0; i-- {
				if Match(glob[1:], s[i:]) {
					return true
				}
			}
			return false
		case '?':
			if s == "" {
				return false
			}
			s = s[1:]
		default:
			if s == "" || s[0] != glob[0] {
				return false
			}
			s = s[1:]
		}
		glob = glob[1:]
	}
	return s == ""
}

// summarize describes a tool result in one line.
func summarize(out string) string {
	n := strings.Count(strings.TrimRight(out, "\n"), "\n") + 1
	first := firstLine(out)
	if n > 1 {
		return fmt.Sprintf("%s (%d lines)", first, n)
	}
	return first
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}

// ContextPreview returns exactly what the next request of an agent ("" is
// the current one) would carry besides the conversation: the model, the
// tools, and the system message with the context block, redacted.
func (m *Manager) ContextPreview(ctx context.Context, agentName string, c Context) string {
	a, err := m.agent(agentName)
	if err != nil {
		return err.Error()
	}
	a.turn.Lock()
	n := len(a.msgs)
	a.turn.Unlock()
	spec := m.specOf(a)
	var b strings.Builder
	model := "(none)"
	if ms, err := m.modelSpec(ctx, spec); err == nil {
		cfg := m.llmConfig(ms)
		cfg.BaseURL = baseURL(cfg)
		model = strings.TrimPrefix(cfg.Describe(), "model ")
	} else {
		model += " — " + err.Error()
	}
	fmt.Fprintf(&b, "agent: %s\nmodel: %s\n", spec.Name, model)
	if tools, err := m.agentTools(ctx, spec, nil, false); err == nil {
		names := make([]string, len(tools))
		for i, t := range tools {
			names[i] = t.Name
		}
		fmt.Fprintf(&b, "tools: %s\n", strings.Join(names, ", "))
	}
	fmt.Fprintf(&b, "conversation: %d messages (%d sent)\n", n, min(n, maxHistory))
	c = m.withProjectFiles(c)
	if !m.opts.Context.NoFiles {
		b.WriteString(FilesSummary(c.Files) + "\n")
	}
	b.WriteString(outputSummary(m.opts.Context, c.Output) + "\n")
	b.WriteString("system message:\n")
	b.WriteString(indent(m.system(spec, c)))
	if c.Input != "" {
		b.WriteString("attached input:\n" + indent(m.redactor.Redact(bound(c.Input))))
	}
	return b.String()
}

// IsCancel reports whether err is the user's Ctrl-C rather than a failure.
func IsCancel(err error) bool { return errors.Is(err, context.Canceled) }
