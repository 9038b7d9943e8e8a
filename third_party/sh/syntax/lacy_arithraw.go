// lacy patch: arithmetic that bash parses only when it runs.

package syntax

import (
	"bytes"
	"strings"
	"unicode/utf8"
)

// rawArithm is called at the start of `$((` or `((` (p.r holds the first
// rune inside). bash reads the text up to the matching `))` and parses it
// only when it evaluates it, after expanding parameters in it: `$(( x$n =
// 1 ))`, `$(( ${base}#a ))` work, and `$(( 1 + 2.5 ))` or `(( ))` fail (or
// not) at run time instead of making the whole script a syntax error.
// When the text is not an expression mvdan/sh's parser takes, rawArithm
// consumes it and its `))`, leaving p.r after them, and returns it as a
// word to expand and then evaluate; otherwise it consumes nothing and
// returns nil. Only the buffered input is looked at.
func (p *Parser) rawArithm() *Word {
	if !p.lang.in(langBashLike) || p.r == runeEOF || p.r == escNewl {
		return nil
	}
	if int(p.bsp) >= len(p.bs) || !bytes.Contains(p.bs[p.bsp:], []byte("))")) {
		p.fill()
	}
	first := utf8.AppendRune(nil, p.r)
	rest := p.bs[min(int(p.bsp), len(p.bs)):]
	n, ok := rawArithmLen(first, rest)
	if !ok {
		return nil
	}
	raw := string(append(append([]byte{}, first...), rest...)[:n])
	if strings.Contains(raw, "\\\n") {
		return nil // escaped newlines: leave it to the ordinary parse
	}
	if strings.TrimSpace(raw) != "" {
		if expr, err := NewParser(Variant(p.lang)).Arithmetic(strings.NewReader(raw)); err == nil && expr != nil {
			return nil // the ordinary parse takes it
		}
	}
	w, err := NewParser(Variant(p.lang)).Document(strings.NewReader(raw))
	if err != nil {
		return nil
	}
	pos := p.nextPos()
	if w == nil || len(w.Parts) == 0 {
		w = &Word{Parts: []WordPart{&Lit{ValuePos: pos, ValueEnd: pos}}} // the printer wants a part
	}
	// Consume the text: p.r moves to the first ')' of "))".
	start := p.offs + int64(p.bsp) - int64(p.w)
	for p.r != runeEOF && p.offs+int64(p.bsp)-int64(p.w) < start+int64(n) {
		p.rune()
	}
	if p.r != ')' {
		return nil // cannot happen: the text was in the buffer
	}
	shiftPositions(w, pos)
	return w
}

// rawArithmLen is the length of the text (first, then rest) before the
// `))` that ends an arithmetic expansion: parentheses nest, quotes are
// skipped. ok is false when there is no such `))` in the buffer, or a `)`
// closes more than was opened (then it is not arithmetic, as in `((a) || (b))`).
func rawArithmLen(first, rest []byte) (int, bool) {
	b := append(append([]byte{}, first...), rest...)
	depth := 0
	for i := 0; i < len(b); i++ {
		switch b[i] {
		case '\\':
			i++
		case '\'', '"':
			j := bytes.IndexByte(b[i+1:], b[i])
			if j < 0 {
				return 0, false
			}
			i += j + 1
		case '(':
			depth++
		case ')':
			if depth > 0 {
				depth--
				continue
			}
			if i+1 < len(b) && b[i+1] == ')' {
				return i, true
			}
			return 0, false
		}
	}
	return 0, false
}

// shiftPositions makes the positions of a word parsed on its own (line 1,
// column 1) those of where it stands in the script, at pos: the same line
// and column for the first line only, which is good enough for error
// messages.
func shiftPositions(w *Word, pos Pos) {
	Walk(w, func(node Node) bool {
		if lit, ok := node.(*Lit); ok && lit.ValuePos.Line() == 1 {
			lit.ValuePos = NewPos(pos.Offset()+lit.ValuePos.Offset(), pos.Line(), pos.Col()+lit.ValuePos.Col()-1)
			lit.ValueEnd = NewPos(pos.Offset()+lit.ValueEnd.Offset(), pos.Line(), pos.Col()+lit.ValueEnd.Col()-1)
		}
		return true
	})
}
