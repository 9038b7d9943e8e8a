// lacy patch: array assignments as bash does them.

package interp

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// inlineAssign is what bash makes of an assignment before a command:
// `a=(x y)` binds the string "(x y)", `a[i]=x` is not a valid identifier
// (reported, and skipped: nil); anything else is as.
func (r *Runner) inlineAssign(as *syntax.Assign) *syntax.Assign {
	switch {
	case as.Index != nil:
		var sb strings.Builder
		syntax.NewPrinter(syntax.Minify(true)).Print(&sb, as.Index)
		r.errf("`%s[%s]': not a valid identifier\n", as.Name.Value, sb.String())
		return nil
	case as.Array != nil:
		var parts []string
		for _, elem := range as.Array.Elems {
			prefix := ""
			if elem.Index != nil {
				var sb strings.Builder
				syntax.NewPrinter(syntax.Minify(true)).Print(&sb, elem.Index)
				prefix = "[" + sb.String() + "]="
			}
			if elem.Value == nil {
				parts = append(parts, prefix)
				continue
			}
			if prefix != "" {
				parts = append(parts, prefix+r.literal(elem.Value))
			} else {
				parts = append(parts, r.fields(elem.Value)...)
			}
		}
		val := "(" + strings.Join(parts, " ") + ")"
		return &syntax.Assign{Name: as.Name, Value: &syntax.Word{Parts: []syntax.WordPart{&syntax.SglQuoted{Value: val}}}}
	}
	return as
}
