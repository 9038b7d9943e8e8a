// lacy patch: the declaration builtins (declare, typeset, local, export,
// readonly) run as ordinary commands too, as bash runs `builtin declare`,
// `command export`, `\builtin local` or `$cmd readonly`: their arguments are
// already expanded words, so `builtin export z=$x` splits $x.

package interp

import (
	"context"

	"mvdan.cc/sh/v3/syntax"
)

// isDeclBuiltin reports whether name is a builtin the parser reads as a
// declaration clause when it is written literally.
func isDeclBuiltin(name string) bool {
	switch name {
	case "declare", "typeset", "local", "export", "readonly":
		return true
	}
	return false
}

// declBuiltin runs a declaration builtin over already expanded arguments.
func (r *Runner) declBuiltin(ctx context.Context, name string, args []string) exitStatus {
	cm := &syntax.DeclClause{Variant: &syntax.Lit{Value: name}}
	for _, a := range args {
		// A single-quoted part keeps the field as it is: no second
		// expansion, globbing or splitting.
		cm.Args = append(cm.Args, &syntax.Assign{Value: &syntax.Word{
			Parts: []syntax.WordPart{&syntax.SglQuoted{Value: a}},
		}})
	}
	saved := r.exit
	r.exit = exitStatus{}
	if r.lacy != nil { // the command's DEBUG trap ran already
		old := r.lacy.internal
		r.lacy.internal = true
		defer func() { r.lacy.internal = old }()
	}
	r.cmd(ctx, cm)
	exit := r.exit
	r.exit = saved
	return exit
}
