package translate

import (
	"context"
	"fmt"
	"os/exec"
	"strings"
	"time"

	"mvdan.cc/sh/v3/syntax"

	"github.com/lacy-sh/lacy/agents/llm"
)

// ExplainLines bounds the model's explanation.
const ExplainLines = 6

// Explain asks the model what cmd does, in a few lines of plain text.
// redact may be nil.
func Explain(ctx context.Context, m llm.Model, cmd string, c Context, redact func(string) string) (string, error) {
	if redact == nil {
		redact = func(s string) string { return s }
	}
	resp, err := m.Chat(ctx, &llm.Request{
		System:   redact(render("templates/explain.md", map[string]any{"Lines": ExplainLines, "OS": c.OS, "Cwd": c.Cwd})),
		Messages: []llm.Message{{Role: llm.User, Content: redact(cmd)}},
	})
	if err != nil {
		return "", err
	}
	return strings.TrimSpace(stripThink(resp.Text)), nil
}

// Offline explains cmd without a model: its structure (each command of the
// line and how they are joined) and each program's one-line description
// from whatis, when describe knows it (nil: none).
func Offline(cmd string, describe func(name string) string) (string, error) {
	f, err := syntax.NewParser().Parse(strings.NewReader(cmd), "")
	if err != nil {
		return "", fmt.Errorf("does not parse: %v", err)
	}
	var b strings.Builder
	described := map[string]bool{}
	var stmt func(s *syntax.Stmt, depth int)
	line := func(depth int, format string, args ...any) {
		fmt.Fprintf(&b, "%s%s\n", strings.Repeat("  ", depth), fmt.Sprintf(format, args...))
	}
	cmdNode := func(c syntax.Command, depth int) {
		switch x := c.(type) {
		case *syntax.BinaryCmd:
			op := map[syntax.BinCmdOperator]string{syntax.AndStmt: "then, if it succeeded (&&):", syntax.OrStmt: "then, if it failed (||):",
				syntax.Pipe: "its output piped (|) into:", syntax.PipeAll: "its output and errors piped (|&) into:"}[x.Op]
			stmt(x.X, depth)
			line(depth, "%s", op)
			stmt(x.Y, depth)
		case *syntax.CallExpr:
			names := commandNames(x.Args)
			text := printNode(x)
			desc := ""
			for _, n := range names {
				if described[n] || describe == nil {
					continue
				}
				described[n] = true
				if d := describe(n); d != "" {
					desc += "\n" + strings.Repeat("  ", depth+1) + n + ": " + d
				}
			}
			line(depth, "run %s%s", text, desc)
		default:
			line(depth, "%s", printNode(c))
		}
	}
	stmt = func(s *syntax.Stmt, depth int) {
		if s.Cmd != nil {
			cmdNode(s.Cmd, depth)
		}
		for _, r := range s.Redirs {
			line(depth+1, "redirect %s%s", r.Op, printNode(r.Word))
		}
		if s.Background {
			line(depth+1, "in the background (&)")
		}
		if s.Negated {
			line(depth+1, "its status negated (!)")
		}
	}
	for i, s := range f.Stmts {
		if i > 0 {
			line(0, "then:")
		}
		stmt(s, 0)
	}
	return strings.TrimRight(b.String(), "\n"), nil
}

// printNode prints a syntax node on one line.
func printNode(n syntax.Node) string {
	if n == nil {
		return ""
	}
	var b strings.Builder
	if err := syntax.NewPrinter(syntax.Minify(true)).Print(&b, n); err != nil {
		return ""
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

// Whatis returns a program's one-line description from whatis(1) (the man
// page database), or "" when there is none or whatis is missing.
func Whatis(name string) string {
	path, err := exec.LookPath("whatis")
	if err != nil {
		return ""
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, path, "--", name).Output()
	if err != nil {
		return ""
	}
	for _, l := range strings.Split(string(out), "\n") {
		// "find (1)             - search for files in a directory hierarchy"
		head, desc, ok := strings.Cut(l, " - ")
		if ok && strings.HasPrefix(strings.TrimSpace(head), name+" ") || ok && strings.TrimSpace(head) == name {
			return strings.TrimSpace(desc)
		}
	}
	return ""
}
