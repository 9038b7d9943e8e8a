package agents

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/lacy-sh/lacy/agents/llm"
	"github.com/lacy-sh/lacy/defaults"
	"github.com/lacy-sh/lacy/internal/lazy"
)

// CorrectRole is the role (lacy.config{ models = { correct = … } }) whose
// model fixes failed commands.
const CorrectRole = "correct"

// FixSystem is the system prompt of a fix request. It is data:
// defaults/templates/correct.md.
func FixSystem() string { return fixSystem.Get() }

var fixSystem = lazy.Value[string]{New: func() string {
	return strings.TrimSpace(string(defaults.Read("templates/correct.md")))
}}

// FixRequest is a failed command to fix.
type FixRequest struct {
	Line   string   // the command as typed
	Exit   int      // its exit status
	Output string   // the tail of its error output
	Cwd    string   // where it ran
	Recent []string // the commands run before it, oldest first
}

// Bounds of a fix request.
const (
	maxFixOutput = 2000
	maxFixes     = 3
)

// ErrNoFixModel is returned by SuggestFixes when no model is configured
// for the correct role.
var ErrNoFixModel = errors.New("no model is configured to fix commands (lacy.config{ models = { correct = \"…\" } })")

// FixPrompt returns the user message of a fix request, redacted: what the
// model is shown.
func (a *Assist) FixPrompt(r FixRequest) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Command: %s\nExit status: %d\n", clip(r.Line, 2*maxCmdLen), r.Exit)
	if r.Cwd != "" {
		fmt.Fprintf(&b, "Directory: %s\n", r.Cwd)
	}
	if out := strings.TrimSpace(r.Output); out != "" {
		if len(out) > maxFixOutput {
			out = "…" + out[len(out)-maxFixOutput:]
		}
		fmt.Fprintf(&b, "Error output (end):\n%s\n", indent(out))
	}
	if n := len(r.Recent); n > 0 {
		recent := r.Recent
		if n > maxRecent {
			recent = recent[n-maxRecent:]
		}
		b.WriteString("Commands before it:\n")
		for _, c := range recent {
			fmt.Fprintf(&b, "  %s\n", clip(c, maxCmdLen))
		}
	}
	return a.redact(b.String())
}

// SuggestFixes asks the correct role's model for fixes of a failed
// command. The request is redacted; the reply is parsed and only commands
// that parse as shell are kept, best first, at most three, never the line
// itself. Nothing is run.
func (a *Assist) SuggestFixes(ctx context.Context, r FixRequest) ([]string, error) {
	name, ok := a.configuredModel(CorrectRole)
	if !ok {
		return nil, ErrNoFixModel
	}
	spec := a.models[name]
	model, err := a.model(spec)
	if err != nil {
		return nil, err
	}
	temp := 0.2
	req := &llm.Request{System: FixSystem(), Temperature: &temp, MaxTokens: 256,
		Messages: []llm.Message{{Role: llm.User, Content: a.FixPrompt(r)}}}
	resp, err := model.Chat(ctx, req)
	if err != nil {
		return nil, err
	}
	fixes := ParseFixReply(resp.Text)
	out := fixes[:0]
	for _, f := range fixes {
		if f != strings.TrimSpace(r.Line) {
			out = append(out, f)
		}
	}
	return out, nil
}

// ParseFixReply extracts the commands of a model's reply: the lines of its
// fenced code blocks (or of the whole reply when it has none), without
// prompts ("$ ") or list numbers, keeping those that parse as shell.
func ParseFixReply(text string) []string {
	var lines []string
	fenced := strings.Contains(text, "```")
	in := false
	for _, l := range strings.Split(text, "\n") {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "```") {
			in = !in
			continue
		}
		if fenced && !in {
			continue
		}
		lines = append(lines, t)
	}
	var out []string
	for _, l := range lines {
		l = strings.TrimSpace(strings.TrimPrefix(l, "$ "))
		if i := strings.Index(l, ". "); i > 0 && i <= 2 && l[0] >= '1' && l[0] <= '9' {
			l = strings.TrimSpace(l[i+2:])
		}
		if l == "" || strings.HasPrefix(l, "#") || !parses(l) {
			continue
		}
		dup := false
		for _, o := range out {
			dup = dup || o == l
		}
		if !dup {
			out = append(out, l)
		}
		if len(out) == maxFixes {
			break
		}
	}
	return out
}

// parses reports whether s is one complete shell command line.
func parses(s string) bool {
	f, err := syntax.NewParser().Parse(strings.NewReader(s), "")
	return err == nil && len(f.Stmts) > 0
}
