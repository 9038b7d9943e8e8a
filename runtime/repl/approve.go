package repl

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/lacy-sh/lacy/agents"
	"github.com/lacy-sh/lacy/runtime/ask"
)

// approver is how the REPL asks before an agent's tool runs. The question
// stays on screen and is answered with one key, read outside the line
// editor: y allows once, a for the session, n, Esc or Ctrl-C deny (Ctrl-C
// also stops the agent's turn). A destructive call needs the word yes.
type approver struct {
	term   *ask.Terminal
	out    io.Writer
	color  bool
	cancel context.CancelFunc // stops the agent's turn on Ctrl-C
	feed   func([]byte)       // hands keys typed before a question to the next prompt
}

// Approver returns the REPL's tool-permission question for one agent turn
// (App's core.UI.Approver).
func (a *App) Approver(cancel context.CancelFunc) agents.Approver {
	t := &ask.Terminal{In: a.IO.InFile, Out: a.IO.Out}
	if !t.IsTerminal() {
		return agents.NewPrompter(a.IO.In, a.IO.Out)
	}
	return &approver{term: t, out: a.IO.Out, color: a.Color, cancel: cancel, feed: a.feedKeys}
}

// Approve shows the call and reads the answer. Only keys typed after the
// question is drawn answer it; keys typed before it are the next prompt's,
// as typed. Keys typed after the answer in the same burst ("yes⏎" out of
// habit) are dropped: they must not become a command at the next prompt.
func (p *approver) Approve(ctx context.Context, call agents.ToolCallRequest) (agents.Decision, error) {
	if err := p.term.Begin(); err != nil {
		return agents.Deny, err
	}
	defer func() {
		p.term.End()
		p.term.TypedAhead()
		if b := p.term.TypedBefore(); p.feed != nil {
			p.feed(b)
		}
	}()
	if call.Destructive {
		return p.approveDestructive(ctx, call)
	}
	p.printf("%s\n", p.style(bold, "lacy wants to "+toolAction(call.Tool)+":"))
	p.preview(call.Preview)
	if call.Note != "" {
		p.printf("%s\n", p.style(warnSGR, "⚠ "+call.Note))
	}
	p.bounds(call)
	net := ""
	if call.NetworkOffer {
		net = "  " + p.keys("w", "once with network")
	}
	p.printf("%s ", p.style(bold, "Allow?")+"  "+p.keys("y", "once")+"  "+p.keys("a", "this session")+net+"  "+p.keys("n", "deny")+p.style(dimSGR, "  (Esc, Ctrl-C deny)"))
	for {
		k, err := p.term.Key(ctx)
		if err != nil {
			p.printf("\n")
			return agents.Deny, err
		}
		switch strings.ToLower(k) {
		case "y":
			p.printf("%s\n", p.style(dimSGR, "allowed once"))
			return agents.AllowOnce, nil
		case "a":
			p.printf("%s\n", p.style(dimSGR, "allowed for this session"))
			return agents.AllowSession, nil
		case "w":
			if call.NetworkOffer {
				p.printf("%s\n", p.style(dimSGR, "allowed once, with network"))
				return agents.AllowNetwork, nil
			}
		case "n", ask.KeyEsc:
			p.printf("%s\n", p.style(dimSGR, "denied"))
			return agents.Deny, nil
		case ask.KeyCtrlC, ask.KeyCtrlD:
			p.printf("%s\n", p.style(dimSGR, "denied"))
			p.cancel()
			return agents.Deny, context.Canceled
		}
		// Any other key (Enter included) is not an answer: keep asking.
	}
}

// approveDestructive asks for the word yes.
func (p *approver) approveDestructive(ctx context.Context, call agents.ToolCallRequest) (agents.Decision, error) {
	p.printf("%s\n", p.style(warnSGR, "⚠ destructive: "+call.Reason))
	p.preview(call.Preview)
	if call.Note != "" {
		p.printf("%s\n", p.style(warnSGR, "⚠ "+call.Note))
	}
	p.bounds(call)
	p.printf("%s ", p.style(bold, "This needs the word yes.")+" Type yes and Enter to run it; anything else denies ›")
	w, err := p.term.Word(ctx)
	switch {
	case err == ask.ErrCancelled && w == ask.KeyCtrlC:
		p.printf("%s\n", p.style(dimSGR, "denied"))
		p.cancel()
		return agents.Deny, context.Canceled
	case err != nil:
		p.printf("%s\n", p.style(dimSGR, "denied"))
		return agents.Deny, nil
	case strings.EqualFold(strings.TrimSpace(w), "yes"):
		return agents.AllowOnce, nil
	}
	p.printf("%s\n", p.style(dimSGR, "denied (it needs the word yes)"))
	return agents.Deny, nil
}

// bounds prints what a destructive command would touch and what the
// sandbox lets it do (or that there is none), one line each.
func (p *approver) bounds(call agents.ToolCallRequest) {
	if call.Blast != "" {
		p.printf("%s\n", p.style(warnSGR, call.Blast))
	}
	if strings.HasPrefix(call.Sandbox, "⚠") {
		p.printf("%s\n", p.style(warnSGR, call.Sandbox))
	} else if call.Sandbox != "" {
		p.printf("%s\n", p.style(dimSGR, call.Sandbox))
	}
}

// preview prints what the call will do, indented.
func (p *approver) preview(s string) {
	s = strings.TrimRight(s, "\n")
	for _, l := range strings.Split(s, "\n") {
		p.printf("    %s\n", l)
	}
}

// keys renders one answer key and its meaning: [y] once.
func (p *approver) keys(key, meaning string) string {
	return p.style(bold, "["+key+"]") + " " + meaning
}

func (p *approver) printf(format string, args ...any) {
	fmt.Fprintf(p.out, format, args...)
}

const (
	bold    = "\x1b[1m"
	dimSGR  = "\x1b[2m"
	warnSGR = "\x1b[1;33m"
)

func (p *approver) style(sgr, s string) string {
	if !p.color {
		return s
	}
	return sgr + s + sgrReset
}

// toolAction says what a tool call does, for the question's first line.
func toolAction(tool string) string {
	switch tool {
	case agents.ToolShell:
		return "run a command"
	case agents.ToolWriteFile:
		return "write a file"
	case agents.ToolReadFile:
		return "read a file"
	case agents.ToolListDir:
		return "list a directory"
	}
	return "use " + tool
}
