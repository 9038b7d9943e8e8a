// lacy patch: operator precedence in [[ ]].

package syntax

// testExprOr parses a [[ ]] expression as bash does: `||` binds less
// tightly than `&&`, which binds less tightly than `!`, so
// `! a && b || c` is `((! a) && b) || c`. mvdan/sh read `&&` and `||` as
// one right-associative level and `!` as applying to the rest.
func (p *Parser) testExprOr() TestExpr {
	left := p.testExprAnd()
	for left != nil {
		p.got(_Newl)
		if p.tok != orOr {
			break
		}
		b := &BinaryTest{OpPos: p.pos, Op: OrTest, X: left}
		p.next()
		if b.Y = p.testExprAnd(); b.Y == nil {
			p.followErrExp(b.OpPos, b.Op)
		}
		left = b
	}
	if left != nil && p.tok == _LitWord && p.val != "]]" && token(testBinaryOp(p.val)) == illegalTok {
		p.curErr("not a valid test operator: %#q", p.val)
	}
	return left
}

// testExprAnd parses `&&`-separated operands of [[ ]]; see [Parser.testExprOr].
func (p *Parser) testExprAnd() TestExpr {
	left := p.testExprBinary(true)
	for left != nil {
		p.got(_Newl)
		if p.tok != andAnd {
			break
		}
		b := &BinaryTest{OpPos: p.pos, Op: AndTest, X: left}
		p.next()
		if b.Y = p.testExprBinary(true); b.Y == nil {
			p.followErrExp(b.OpPos, b.Op)
		}
		left = b
	}
	return left
}
