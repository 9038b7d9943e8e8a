// lacy patch 041: the text of an alias, for an embedder that expands
// aliases while it reads a script (bash expands them as it parses).

package interp

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// AliasValue returns the value alias name was given, as text, when aliases
// are expanded (the expand_aliases option) and name is one. It is a lacy
// patch.
func (r *Runner) AliasValue(name string) (string, bool) {
	if !r.opts[optExpandAliases] {
		return "", false
	}
	als, ok := r.alias[name]
	if !ok {
		return "", false
	}
	if als.text != "" {
		return als.text, true
	}
	var sb strings.Builder
	if len(als.args) > 0 {
		syntax.NewPrinter().Print(&sb, &syntax.CallExpr{Args: als.args})
	}
	if als.blank {
		sb.WriteByte(' ')
	}
	return sb.String(), true
}
