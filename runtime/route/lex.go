package route

import (
	"strings"
	"unicode/utf8"
)

// The lexer is a small, allocation-light approximation of bash's word
// splitting: it finds words and operators, and notes for each word whether it
// was quoted, expanded, globbed and so on. The classifier only needs the shape
// of a line, never its exact meaning, and it runs on every keystroke, so this
// beats a full parse (mvdan.cc/sh's parser costs several µs and fails on the
// half-typed or English lines that matter most here).

// tokKind tells words from operators.
type tokKind uint8

const (
	tWord  tokKind = iota
	tPipe          // | |&
	tAndOr         // && ||
	tSemi          // ; ;;
	tBg            // &
	tRedir         // < > >> << <<< &> 2> …
	tParen         // ( )
)

// tokFlags describe the inside of a word.
type tokFlags uint16

const (
	fQuoted       tokFlags = 1 << iota // has a '…', "…" or $'…' part
	fDollar                            // has a $ expansion
	fSubst                             // has $(…) or `…`
	fGlob                              // has an unquoted * or [ (or ? before the end)
	fSlash                             // has an unquoted /
	fAssign                            // NAME=… shape
	fUnterminated                      // an opening quote is never closed
	fContraction                       // letters'letters, as in don't
	fEscape                            // has a backslash escape
	fBrace                             // has an unquoted { or }
	fPlaceholder                       // a <placeholder>, as in docs
	fScript                            // has letters of a script other than Latin (Han, Cyrillic…)
	fAccent                            // has Latin letters outside ASCII (é, ß, ı)
)

// token is one word or operator; start and end are byte offsets in the line.
type token struct {
	start, end int
	kind       tokKind
	flags      tokFlags
}

// maxTokens bounds the work per line; words past it are ignored.
const maxTokens = 96

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func isOpChar(c byte) bool {
	switch c {
	case '|', '&', ';', '(', ')', '<', '>':
		return true
	}
	return false
}

func isLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isNameByte(c byte) bool { return isLetter(c) || isDigit(c) || c == '_' }

// lex splits s into tokens, appending to dst. A '#' that starts a word
// starts a comment, which is skipped; a newline is a separator like ";".
func lex(s string, dst []token) []token {
	n := len(s)
	i := 0
	for i < n && len(dst) < maxTokens {
		c := s[i]
		switch {
		case c == '\n':
			// A newline separates commands, like ";".
			dst = append(dst, token{start: i, end: i + 1, kind: tSemi})
			i++
			continue
		case isSpace(c):
			i++
			continue
		case c == '#':
			// A comment runs to the end of the line.
			for i < n && s[i] != '\n' {
				i++
			}
			continue
		case c == '<' && autolink(s, i) > i:
			// <https://…>, a link in documentation prose.
			t := token{start: i, kind: tWord, flags: fPlaceholder}
			i = lexWord(s, autolink(s, i), &t)
			t.end = i
			dst = append(dst, t)
			continue
		case c == '<' && placeholder(s, i) > i:
			end := placeholder(s, i)
			dst = append(dst, token{start: i, end: end, kind: tWord, flags: fPlaceholder})
			i = end
			continue
		case isOpChar(c):
			t := token{start: i}
			t.kind, i = lexOp(s, i)
			t.end = i
			dst = append(dst, t)
			continue
		}
		t := token{start: i, kind: tWord}
		i = min(lexWord(s, i, &t), n)
		t.end = i
		dst = append(dst, t)
	}
	return dst
}

// lexOp reads the operator at s[i].
func lexOp(s string, i int) (tokKind, int) {
	n := len(s)
	c := s[i]
	next := byte(0)
	if i+1 < n {
		next = s[i+1]
	}
	switch c {
	case '|':
		if next == '|' {
			return tAndOr, i + 2
		}
		if next == '&' {
			return tPipe, i + 2
		}
		return tPipe, i + 1
	case '&':
		if next == '&' {
			return tAndOr, i + 2
		}
		if next == '>' {
			return tRedir, skipRedir(s, i+2)
		}
		return tBg, i + 1
	case ';':
		if next == ';' {
			return tSemi, i + 2
		}
		return tSemi, i + 1
	case '(', ')':
		return tParen, i + 1
	}
	// < or >
	return tRedir, skipRedir(s, i+1)
}

// skipRedir consumes the rest of a redirection operator (>>, <<<, >&2, >|).
func skipRedir(s string, i int) int {
	for i < len(s) && (s[i] == '<' || s[i] == '>' || s[i] == '|' || s[i] == '&' || s[i] == '-') {
		i++
	}
	return i
}

// lexWord reads one word starting at s[i] and returns the index after it.
func lexWord(s string, i int, t *token) int {
	n := len(s)
	start := i
	allLetters := true // the word so far is letters only
	nameSoFar := true  // the word so far is a valid variable name
	for i < n {
		c := s[i]
		if isSpace(c) {
			return i
		}
		if isOpChar(c) {
			// "2>file": digits then a redirection belong to the operator.
			return i
		}
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(s[i:])
			f := runeFlags(r)
			t.flags |= f
			if f == 0 {
				allLetters = false
			}
			nameSoFar = false
			i += size
			continue
		}
		switch c {
		case '\\':
			t.flags |= fEscape
			i += 2
			allLetters, nameSoFar = false, false
			continue
		case '\'':
			if allLetters && i > start && s[start] != '-' &&
				(i+1 < n && (isLetter(s[i+1]) || s[i+1] >= utf8.RuneSelf) || (i+1 == n || isSpace(s[i+1])) && strings.IndexByte(s[i+1:], '\'') < 0) {
				// don't, what's; or a possessive that no quote closes
				// later ("the users' files"): English, not a quote.
				t.flags |= fContraction
				i++
				continue
			}
			t.flags |= fQuoted
			i = closeSingle(s, i+1, t)
			allLetters, nameSoFar = false, false
			continue
		case '"':
			t.flags |= fQuoted
			i = closeDouble(s, i+1, t)
			allLetters, nameSoFar = false, false
			continue
		case '`':
			t.flags |= fSubst
			i = closeByte(s, i+1, '`', t)
			allLetters, nameSoFar = false, false
			continue
		case '$':
			t.flags |= fDollar
			i = lexDollar(s, i+1, t)
			allLetters, nameSoFar = false, false
			continue
		case '*', '[':
			t.flags |= fGlob
		case '?':
			if i+1 < n && !isSpace(s[i+1]) {
				t.flags |= fGlob
			}
		case '/':
			t.flags |= fSlash
		case '{', '}':
			t.flags |= fBrace
		case '=':
			if nameSoFar && i > start && t.flags&fAssign == 0 && !isDigit(s[start]) {
				t.flags |= fAssign
			}
		}
		if !isLetter(c) {
			allLetters = false
		}
		if !isNameByte(c) {
			nameSoFar = false
		}
		i++
	}
	return i
}

// closeSingle finds the end of a '…' string opened before s[i].
func closeSingle(s string, i int, t *token) int {
	for ; i < len(s); i++ {
		if s[i] == '\'' {
			return i + 1
		}
	}
	t.flags |= fUnterminated
	return i
}

// closeDouble finds the end of a "…" string opened before s[i].
func closeDouble(s string, i int, t *token) int {
	for ; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '$':
			t.flags |= fDollar
			if i+1 < len(s) && s[i+1] == '(' {
				t.flags |= fSubst
			}
		case '`':
			t.flags |= fSubst
		case '"':
			return i + 1
		}
	}
	t.flags |= fUnterminated
	return i
}

// closeByte finds the byte b closing a construct opened before s[i].
func closeByte(s string, i int, b byte, t *token) int {
	for ; i < len(s); i++ {
		if s[i] == '\\' {
			i++
			continue
		}
		if s[i] == b {
			return i + 1
		}
	}
	t.flags |= fUnterminated
	return i
}

// lexDollar reads what follows a $ at s[i-1]: $name, ${…}, $(…), $((…)),
// $'…' or a special parameter.
func lexDollar(s string, i int, t *token) int {
	n := len(s)
	if i >= n {
		return i
	}
	switch c := s[i]; {
	case c == '(':
		t.flags |= fSubst
		return closeParen(s, i+1, t)
	case c == '{':
		return closeByte(s, i+1, '}', t)
	case c == '\'':
		t.flags |= fQuoted
		return closeByte(s, i+1, '\'', t)
	case isNameByte(c):
		for i < n && isNameByte(s[i]) {
			i++
		}
		return i
	case c == '@' || c == '*' || c == '#' || c == '?' || c == '$' || c == '!' || c == '-':
		return i + 1
	}
	return i
}

// closeParen finds the ')' matching a '(' opened before s[i], skipping quotes.
func closeParen(s string, i int, t *token) int {
	depth := 1
	for ; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '\'':
			for i++; i < len(s) && s[i] != '\''; i++ {
			}
		case '"':
			for i++; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' {
					i++
				}
			}
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return i + 1
			}
		}
	}
	t.flags |= fUnterminated
	return i
}

// placeholder returns the end of a documentation placeholder such as
// <file_name> or <source-encoding> at s[i], or i when there is none: a
// letter after "<", then name bytes, then ">" followed by a blank or the end.
func placeholder(s string, i int) int {
	j := i + 1
	if j >= len(s) || !isLetter(s[j]) {
		return i
	}
	for j < len(s) && (isNameByte(s[j]) || s[j] == '-' || s[j] == '.') {
		j++
	}
	if j < len(s) && s[j] == '>' && (j+1 == len(s) || isSpace(s[j+1])) {
		return j + 1
	}
	return i
}

// autolink returns the end of a <http://…> or <https://…> link at s[i], or
// i when there is none.
func autolink(s string, i int) int {
	if !strings.HasPrefix(s[i:], "<http://") && !strings.HasPrefix(s[i:], "<https://") {
		return i
	}
	for j := i + 1; j < len(s) && !isSpace(s[j]); j++ {
		if s[j] == '>' {
			return j + 1
		}
	}
	return i
}
