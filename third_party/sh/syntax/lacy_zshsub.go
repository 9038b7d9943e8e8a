// lacy patch: recognise zsh's subscript flags in bash code.

package syntax

import "bytes"

// zshSubFlagsAhead reports whether the input at '(' (just read into p.r,
// inside `${name[`) starts zsh subscript flags like `(r)pat]` or `(I)*x*]`
// rather than an arithmetic expression like `(i+1)*2]`: letters between
// the parentheses, then a pattern that cannot continue an arithmetic
// expression (a word, a quote, `$`, or a glob ending in `*`). It looks only
// at the buffered input; a subscript longer than the buffer is parsed as
// arithmetic.
func (p *Parser) zshSubFlagsAhead() bool {
	if int(p.bsp) >= len(p.bs) || bytes.IndexByte(p.bs[p.bsp:], ']') < 0 {
		p.fill()
	}
	rest := p.bs[min(int(p.bsp), len(p.bs)):]
	end := bytes.IndexByte(rest, ']')
	if end < 0 {
		return false
	}
	sub := rest[:end] // flags)pattern
	rp := bytes.IndexByte(sub, ')')
	if rp < 1 {
		return false
	}
	for _, b := range sub[:rp] {
		if !('a' <= b && b <= 'z' || 'A' <= b && b <= 'Z') {
			return false
		}
	}
	pat := sub[rp+1:]
	if len(pat) == 0 {
		return false
	}
	switch c := pat[0]; {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9',
		c == '_', c == '$', c == '"', c == '\'', c == '\\', c == '.', c == '~':
		return true
	case c == '*' || c == '?':
		return pat[len(pat)-1] == '*' || pat[len(pat)-1] == '?'
	}
	return false
}
