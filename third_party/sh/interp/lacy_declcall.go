// Copyright (c) 2017, Daniel Martí <mvdan@mvdan.cc>
// See LICENSE for licensing information

package interp

import (
	"context"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// lacy patch: the declaration builtins (declare, local, export, readonly,
// typeset) reached as an ordinary command — `\export A=1` (conda's hook
// escapes every builtin so), `command export`, `builtin local` — run as the
// declaration they name, with their arguments taken as already expanded
// words, as bash does.

// declBuiltin runs name as a declaration; ok is false for other names.
func (r *Runner) declBuiltin(ctx context.Context, name string, args []string) (exit exitStatus, ok bool) {
	switch name {
	case "declare", "local", "export", "readonly", "nameref":
	case "typeset":
		name = "declare"
	default:
		return exitStatus{}, false
	}
	lit := func(s string) *syntax.Lit { return &syntax.Lit{Value: s} }
	word := func(s string) *syntax.Word { // the expanded text, not expanded again
		return &syntax.Word{Parts: []syntax.WordPart{&syntax.SglQuoted{Value: s}}}
	}
	dc := &syntax.DeclClause{Variant: lit(name)}
	for _, a := range args {
		as := &syntax.Assign{}
		n, v, isAssign := strings.Cut(a, "=")
		if isAssign && strings.HasSuffix(n, "+") {
			n, as.Append = strings.TrimSuffix(n, "+"), true
		}
		switch {
		case isAssign && syntax.ValidName(n):
			as.Name, as.Value = lit(n), word(v)
		case !isAssign && syntax.ValidName(a):
			as.Naked, as.Name = true, lit(a)
		default:
			as.Naked, as.Value = true, word(a)
		}
		dc.Args = append(dc.Args, as)
	}
	saved := r.exit
	r.exit = exitStatus{}
	r.cmd(ctx, dc)
	exit, r.exit = r.exit, saved
	return exit, true
}
