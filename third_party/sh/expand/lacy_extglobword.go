// lacy patch: the text of an extended glob @(...) is a word as bash has it:
// quotes make their characters literal, and parameter expansions and command
// substitutions in it are expanded before the pathname expansion.

package expand

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// extGlobFieldParts expands an extended glob's operator and pattern into
// field parts: the pattern's plain text unquoted (so a pattern), its quoted
// text and expansions as wordField gives them.
func (cfg *Config) extGlobFieldParts(eg *syntax.ExtGlob) ([]fieldPart, error) {
	raw := eg.Pattern.Value
	parts := []fieldPart{{val: eg.Op.String()}}
	var lit strings.Builder
	flushLit := func() {
		if lit.Len() > 0 {
			parts = append(parts, fieldPart{val: lit.String()})
			lit.Reset()
		}
	}
	for i := 0; i < len(raw); {
		c := raw[i]
		if c == '\\' && i+1 < len(raw) {
			lit.WriteString(raw[i : i+2])
			i += 2
			continue
		}
		if c != '\'' && c != '"' && c != '$' && c != '`' {
			lit.WriteByte(c)
			i++
			continue
		}
		end := extGlobTokenEnd(raw, i)
		if c == '$' && end == i+1 { // a lone '$'
			lit.WriteByte(c)
			i++
			continue
		}
		tok := raw[i:end]
		var word *syntax.Word
		var err error
		for w, werr := range syntax.NewParser().WordsSeq(strings.NewReader(tok)) {
			word, err = w, werr
			break
		}
		if err != nil || word == nil {
			lit.WriteString(tok) // not a word after all: keep the text
			i = end
			continue
		}
		flushLit()
		f, err := cfg.wordField(word.Parts, quoteNone)
		if err != nil {
			return nil, err
		}
		parts = append(parts, f...)
		i = end
	}
	lit.WriteByte(')')
	flushLit()
	return parts, nil
}

// extGlobTokenEnd returns the end of the quoted string, expansion or command
// substitution starting at raw[i].
func extGlobTokenEnd(raw string, i int) int {
	switch raw[i] {
	case '\'':
		if j := strings.IndexByte(raw[i+1:], '\''); j >= 0 {
			return i + 1 + j + 1
		}
		return len(raw)
	case '`':
		for j := i + 1; j < len(raw); j++ {
			if raw[j] == '\\' {
				j++
			} else if raw[j] == '`' {
				return j + 1
			}
		}
		return len(raw)
	case '"':
		for j := i + 1; j < len(raw); j++ {
			switch raw[j] {
			case '\\':
				j++
			case '$', '`':
				j = extGlobTokenEnd(raw, j) - 1
			case '"':
				return j + 1
			}
		}
		return len(raw)
	}
	// '$'
	j := i + 1
	if j >= len(raw) {
		return j
	}
	switch c := raw[j]; {
	case c == '\'':
		for k := j + 1; k < len(raw); k++ {
			if raw[k] == '\\' {
				k++
			} else if raw[k] == '\'' {
				return k + 1
			}
		}
		return len(raw)
	case c == '"':
		return extGlobTokenEnd(raw, j)
	case c == '(' || c == '{':
		open, close := c, byte(')')
		if c == '{' {
			close = '}'
		}
		depth := 0
		for k := j; k < len(raw); k++ {
			switch raw[k] {
			case '\\':
				k++
			case '\'':
				if open == '(' {
					k = extGlobTokenEnd(raw, k) - 1
				}
			case '"':
				k = extGlobTokenEnd(raw, k) - 1
			case open:
				depth++
			case close:
				depth--
				if depth == 0 {
					return k + 1
				}
			}
		}
		return len(raw)
	case c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
		k := j
		for k < len(raw) && (raw[k] == '_' || 'a' <= raw[k] && raw[k] <= 'z' || 'A' <= raw[k] && raw[k] <= 'Z' || '0' <= raw[k] && raw[k] <= '9') {
			k++
		}
		return k
	case strings.IndexByte("@*#?$!-0123456789", c) >= 0:
		return j + 1
	}
	return j
}

// hasExtGlobOp reports whether an escaped glob pattern holds an unescaped
// extended globbing operator like @( or !(.
func hasExtGlobOp(pat string) bool {
	for i := 0; i+1 < len(pat); i++ {
		switch pat[i] {
		case '\\':
			i++
		case '?', '*', '+', '@', '!':
			if pat[i+1] == '(' {
				return true
			}
		}
	}
	return false
}

// quoteExtGlobMeta escapes, besides what pattern.QuoteMeta escapes, the
// characters that extended globbing gives a meaning: quoted, they are literal.
func quoteExtGlobMeta(s string) string {
	if !strings.ContainsAny(s, "()|@!+") {
		return s
	}
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		if strings.IndexByte("()|@!+", s[i]) >= 0 {
			sb.WriteByte('\\')
		}
		sb.WriteByte(s[i])
	}
	return sb.String()
}
