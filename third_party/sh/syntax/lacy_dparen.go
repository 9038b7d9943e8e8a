// Copyright (c) 2016, Daniel Martí <mvdan@mvdan.cc>
// See LICENSE for licensing information

package syntax

import "io"

// lacy patch: `$((` starts an arithmetic expansion only when the paren
// that the second `(` opens is closed by `))`; otherwise, as in bash, it is
// a command substitution whose first command is a subshell:
//
//	x=$((cmd1 || cmd2) | filter)

// dollDblParenIsArithm reports whether the `$((` just read (p.bsp is past
// its second paren) is an arithmetic expansion. It scans ahead, reading more
// input when needed, counting parens outside quotes.
func (p *Parser) dollDblParenIsArithm() bool {
	depth := 1
	for i := int(p.bsp); ; i++ {
		for i >= len(p.bs) {
			if !p.readMore() {
				return true // let the arithmetic parser report it
			}
		}
		switch p.bs[i] {
		case '\\':
			i++
		case '\'', '"':
			q := p.bs[i]
			for i++; ; i++ {
				for i >= len(p.bs) {
					if !p.readMore() {
						return true
					}
				}
				if p.bs[i] == q {
					break
				}
				if q == '"' && p.bs[i] == '\\' {
					i++
				}
			}
		case '(':
			depth++
		case ')':
			if depth--; depth == 0 {
				for i+1 >= len(p.bs) {
					if !p.readMore() {
						return true
					}
				}
				return p.bs[i+1] == ')'
			}
		}
	}
}

// readMore reads more input onto the end of the buffer, growing it, without
// consuming any; it reports whether it got any.
func (p *Parser) readMore() bool {
	for {
		if p.readEOF || p.readErr != nil || p.r == runeEOF || p.bs == nil {
			return false
		}
		if len(p.bs) == len(p.readBuf) {
			nb := make([]byte, 2*len(p.readBuf))
			copy(nb, p.bs)
			p.readBuf = nb
			p.bs = nb[:len(p.bs)]
		}
		n, err := p.src.Read(p.readBuf[len(p.bs):])
		p.readErr = err
		if err == io.EOF {
			p.readEOF = true
		}
		p.bs = p.readBuf[:len(p.bs)+n]
		if n > 0 {
			return true
		}
	}
}
