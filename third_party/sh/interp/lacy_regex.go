// Copyright (c) 2017, Daniel Martí <mvdan@mvdan.cc>
// See LICENSE for licensing information

package interp

import (
	"regexp"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// regexWord expands the right side of [[ x =~ re ]] as bash does: quoted
// parts match literally, unquoted text (backslash escapes included) is
// regular expression syntax. It is a lacy patch.
func (r *Runner) regexWord(w *syntax.Word) string {
	var sb strings.Builder
	for _, wp := range w.Parts {
		one := &syntax.Word{Parts: []syntax.WordPart{wp}}
		switch wp := wp.(type) {
		case *syntax.Lit:
			sb.WriteString(wp.Value)
		case *syntax.SglQuoted, *syntax.DblQuoted:
			sb.WriteString(regexp.QuoteMeta(r.literal(one)))
		default:
			sb.WriteString(r.literal(one))
		}
	}
	return sb.String()
}
