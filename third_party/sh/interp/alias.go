// lacy patch 035: aliases as bash has them.

package interp

import (
	"context"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// aliasRunState is the Runner state of aliases: topStmt is the top-level
// statement running (an alias is not expanded in the line that defines it,
// as bash parses a line before running it); aliasStack lists the text
// aliases being run.
type aliasRunState struct {
	topStmt    *syntax.Stmt
	topUnit    int
	nextUnit   int
	aliasStack []string
}

// aliasWords parses an alias's value. A value that is a list of plain words
// gives those words; any other (a pipeline, a list with ; && || or newlines,
// a reserved word, an unclosed quote) gives back the text, which bash pastes
// in front of the command's remaining words and parses again.
func aliasWords(src string) (words []*syntax.Word, text string, ok bool) {
	if strings.Contains(strings.ReplaceAll(src, "<<<", ""), "<<") {
		// bash would read a here-document's body from the script, not the
		// alias; upstream's refusal is closer to what bash then does.
		return nil, "", false
	}
	if strings.ContainsAny(src, "\n;&|()<>") {
		return nil, src, true
	}
	parser := syntax.NewParser()
	for w, err := range parser.WordsSeq(strings.NewReader(src)) {
		if err != nil {
			return nil, src, true
		}
		words = append(words, w)
	}
	if len(words) > 0 && syntax.IsKeyword(words[0].Lit()) {
		return nil, src, true
	}
	return words, "", true
}

// aliasText runs a command whose first word is an alias that is not a list
// of words: the alias's text followed by the rest of the command is parsed
// and run, as bash expands aliases as text before parsing.
func (r *Runner) aliasText(ctx context.Context, name, text string, cm *syntax.CallExpr, rest []*syntax.Word) {
	var sb strings.Builder
	printer := syntax.NewPrinter()
	for _, as := range cm.Assigns {
		printer.Print(&sb, as)
		sb.WriteByte(' ')
	}
	sb.WriteString(text)
	for _, w := range rest {
		sb.WriteByte(' ')
		printer.Print(&sb, w)
	}
	f, err := syntax.NewParser().Parse(strings.NewReader(sb.String()), "")
	if err != nil {
		r.errf("%v\n", err)
		r.exit.code = 2
		return
	}
	r.aliasStack = append(r.aliasStack, name)
	defer func() { r.aliasStack = r.aliasStack[:len(r.aliasStack)-1] }()
	r.stmts(ctx, f.Stmts)
}

// unitStmts runs the statements of an eval string or a sourced file, each a
// line of its own for aliases: bash reads and runs them one at a time.
func (r *Runner) unitStmts(ctx context.Context, stmts []*syntax.Stmt) {
	oldStmt, oldUnit := r.topStmt, r.topUnit
	r.nextUnit++
	unit := r.nextUnit
	for _, st := range stmts {
		if r.stop(ctx) {
			break
		}
		r.topStmt, r.topUnit = st, unit
		r.stmt(ctx, st)
	}
	r.topStmt, r.topUnit = oldStmt, oldUnit
}

// aliasHidden reports whether an alias was defined on the line now running:
// bash parses (and expands aliases in) a whole line before running it.
func (r *Runner) aliasHidden(als alias) bool {
	return r.topStmt != nil && als.unit == r.topUnit && r.topStmt.Pos().Line() <= als.lineEnd
}
