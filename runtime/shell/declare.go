package shell

import (
	"context"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// runDeclaration runs src, lacy's own declaration (`alias n=v`, `export
// n=v` from the Lua config), straight through the interpreter: a
// declaration starts no program and prints nothing when it succeeds, so it
// needs none of what Run does around a command line (a foreground job, the
// terminal's modes saved and mirrored, the stderr tap drained). Each of
// those cost about 0.1 ms, on the critical path of the first prompt for
// every alias of the config (docs/performance.md). A declaration that fails
// prints its error through the tap, which is then drained so the message
// lands before the prompt. The error returned is a syntax error's.
func (s *Shell) runDeclaration(ctx context.Context, src, name string) error {
	f, err := s.parser.Parse(strings.NewReader(src), name)
	if err != nil {
		s.printSyntaxError(err)
		s.lastStatus = 2
		return err
	}
	status := 0
	for _, st := range f.Stmts {
		status, err = statusOf(ctx, s.runner.RunInternal(ctx, st))
		if err != nil || status != 0 {
			break
		}
	}
	s.lastStatus = status
	if status != 0 && s.tap != nil {
		s.tap.drain()
	}
	return err
}

// isDeclaration reports whether st only declares: it assigns variables,
// defines a function, or is an alias, export, unalias or unset whose every
// argument is written out (NAME=value for alias and export, which without
// "=" would print). Such a statement starts no program, changes neither the
// terminal's modes nor its foreground group and prints nothing unless it
// fails or set -x traces it, so runStmt runs it without the job machinery:
// the terminal's modes are not saved and mirrored, and the tap is drained
// once at the end of the line or the file (settle) rather than after each
// statement. ~/.lacyrc is mostly such lines, and the drain, a round trip
// through the pty and its copier, cost ~0.1 ms each before the first
// prompt (a 40-line file: 2-7 ms).
func isDeclaration(st *syntax.Stmt) bool {
	if st.Negated || st.Background || st.Coprocess || len(st.Redirs) > 0 {
		return false
	}
	switch cmd := st.Cmd.(type) {
	case *syntax.FuncDecl:
		return true // the body runs when called, not now
	case *syntax.DeclClause:
		// export NAME=value…; without "=", options or other variants
		// (declare -p, readonly, local) it takes the whole path.
		if cmd.Variant.Value != "export" || len(cmd.Args) == 0 {
			return false
		}
		for _, as := range cmd.Args {
			if as.Naked || as.Name == nil || as.Index != nil || as.Array != nil || !literalWord(as.Value) {
				return false
			}
		}
		return true
	case *syntax.CallExpr:
		for _, as := range cmd.Assigns {
			if as.Array != nil || as.Index != nil || !literalWord(as.Value) {
				return false
			}
		}
		if len(cmd.Args) == 0 {
			return len(cmd.Assigns) > 0
		}
		name := cmd.Args[0].Lit()
		args := cmd.Args[1:]
		switch name {
		case "alias", "export", "unalias", "unset":
		default:
			return false
		}
		if len(args) == 0 {
			return false // alias and export alone list
		}
		for _, w := range args {
			if !literalWord(w) {
				return false
			}
			lit := wordText(w)
			if strings.HasPrefix(lit, "-") {
				return false // options: -p lists, -f/-n change the meaning
			}
			if (name == "alias" || name == "export") && !strings.Contains(lit, "=") {
				return false // `alias ll` prints it
			}
		}
		return len(cmd.Assigns) == 0
	}
	return false
}

// literalWord reports whether w expands to fixed text: literals and quotes
// with at most parameter expansions in them, never a command or process
// substitution or arithmetic (nil, an empty value, is literal).
func literalWord(w *syntax.Word) bool {
	if w == nil {
		return true
	}
	ok := true
	syntax.Walk(w, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.CmdSubst, *syntax.ProcSubst, *syntax.ArithmExp, *syntax.ExtGlob:
			ok = false
		case *syntax.ParamExp:
			// ${x:=v}, ${x?msg} and friends assign or print: not plain.
			if n.Exp != nil || n.Repl != nil || n.Slice != nil || n.Index != nil {
				ok = false
			}
		}
		return ok
	})
	return ok
}

// wordText is w's text with the quotes taken off its literal parts, enough
// to look at an argument's first character and for an "=".
func wordText(w *syntax.Word) string {
	var b strings.Builder
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			b.WriteString(p.Value)
		case *syntax.SglQuoted:
			b.WriteString(p.Value)
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				if l, ok := q.(*syntax.Lit); ok {
					b.WriteString(l.Value)
				} else {
					b.WriteByte('$')
				}
			}
		default:
			b.WriteByte('$')
		}
	}
	return b.String()
}

// settle drains the tap if a declaration ran since it was last drained, so
// what it printed is on the screen before the prompt.
func (s *Shell) settle() {
	if s.undrained && s.tap != nil {
		s.tap.drain()
	}
	s.undrained = false
}
