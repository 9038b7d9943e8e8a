// Copyright (c) 2017, Daniel Martí <mvdan@mvdan.cc>
// See LICENSE for licensing information

package expand

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// lacy patch: quote removal in words expanded as one string (Literal:
// assignments, redirection targets, case words, [[ ]] operands): an
// unquoted backslash quotes the next character and is removed, so that
// x=a\ b is "a b" and x=\$HOME is "$HOME" (mvdan/sh kept the backslashes).

// removeLitEscapes returns parts with the backslash escapes of its
// unquoted literals removed. A leading literal that starts with a tilde is
// left alone, for tilde expansion.
func removeLitEscapes(parts []syntax.WordPart) []syntax.WordPart {
	var out []syntax.WordPart
	for i, wp := range parts {
		lit, ok := wp.(*syntax.Lit)
		if !ok || !strings.Contains(lit.Value, `\`) || (i == 0 && strings.HasPrefix(lit.Value, "~")) {
			if out != nil {
				out = append(out, wp)
			}
			continue
		}
		if out == nil {
			out = append(make([]syntax.WordPart, 0, len(parts)), parts[:i]...)
		}
		out = append(out, &syntax.SglQuoted{Left: lit.ValuePos, Right: lit.ValueEnd, Value: unescapeLit(lit.Value)})
	}
	if out == nil {
		return parts
	}
	return out
}

// unescapeLit removes the backslash before each character; a trailing
// backslash stays.
func unescapeLit(s string) string {
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
		}
		sb.WriteByte(s[i])
	}
	return sb.String()
}
