package translate

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/lacy-sh/lacy/runtime/wrappers"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// Known reports whether a command name can run here: a function, an alias,
// a program on PATH, or one of lacy's own builtins. Shell keywords and
// mvdan/sh's builtins are always known; Check adds them.
type Known func(name string) bool

// problemParse starts the problem of a line that is not a command line
// at all: it does not parse, or its command name is prose.
const problemParse = "not a command line: "

// Check parses line as bash and checks that every command name in it can
// run here: a keyword, a builtin, or what known accepts; a name with a
// slash must be an executable file (relative to dir). The error names the
// first problem, e.g. "`fnd`: not installed here".
func Check(line, dir string, known Known) error {
	f, err := syntax.NewParser().Parse(strings.NewReader(line), "")
	if err != nil {
		return fmt.Errorf("%s%v", problemParse, err)
	}
	if len(f.Stmts) == 0 {
		return fmt.Errorf("no command")
	}
	var problem error
	syntax.Walk(f, func(n syntax.Node) bool {
		if problem != nil {
			return false
		}
		call, ok := n.(*syntax.CallExpr)
		if !ok || len(call.Args) == 0 {
			return true
		}
		for _, name := range commandNames(call.Args) {
			if err := checkName(name, dir, known); err != nil {
				problem = err
				return false
			}
		}
		return true
	})
	return problem
}

// commandNames returns the command name of a call and, behind wrappers
// (sudo, env, xargs, …), the names they run, quotes removed. Names that
// expand at run time ($EDITOR) are not checked.
func commandNames(args []*syntax.Word) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		name := wordName(args[i])
		if name == "" {
			return out
		}
		out = append(out, name)
		w, ok := wrappers.Lookup(filepath.Base(name))
		if !ok || !w.CommandFollows() {
			return out
		}
		// Skip the wrapper's options, their arguments, its assignments
		// (env FOO=1) and fixed operands (timeout's duration), as
		// defaults/safety/wrappers.tsv describes them.
		rest := make([]string, 0, len(args)-i-1)
		for _, a := range args[i+1:] {
			rest = append(rest, wordName(a))
		}
		i += w.Skip(rest)
	}
	return out
}

// wordName returns a word's value when it has no expansion, quotes
// removed ('I'm sorry, … can't' is the name "Im sorry, … cant"); "" when
// it expands at run time.
func wordName(w *syntax.Word) string {
	var b strings.Builder
	for _, p := range w.Parts {
		switch x := p.(type) {
		case *syntax.Lit:
			b.WriteString(x.Value)
		case *syntax.SglQuoted:
			b.WriteString(x.Value)
		case *syntax.DblQuoted:
			for _, q := range x.Parts {
				lit, ok := q.(*syntax.Lit)
				if !ok {
					return ""
				}
				b.WriteString(lit.Value)
			}
		default:
			return ""
		}
	}
	return b.String()
}

// checkName checks one command name.
func checkName(name, dir string, known Known) error {
	if strings.ContainsAny(name, " \t\n") {
		// Prose whose apostrophes pair up as quotes.
		return fmt.Errorf("%s`%s` is not a program name", problemParse, name)
	}
	if syntax.IsKeyword(name) || interp.IsBuiltin(name) {
		return nil
	}
	if strings.Contains(name, "/") {
		p := name
		if !filepath.IsAbs(p) && dir != "" {
			p = filepath.Join(dir, p)
		}
		fi, err := os.Stat(p)
		if err != nil || fi.IsDir() || fi.Mode()&0o111 == 0 {
			return fmt.Errorf("`%s`: no such executable here", name)
		}
		return nil
	}
	if known != nil && known(name) {
		return nil
	}
	return fmt.Errorf("`%s`: not installed here", name)
}
