// lacy patch: test's POSIX rule for three arguments.

package interp

import "mvdan.cc/sh/v3/syntax"

// posixTestExpr is the expression of test (or [) with exactly three
// arguments whose middle one is a binary operator: POSIX (and bash) make
// that the binary test whatever the operands are, so test '(' = ')'
// compares two strings instead of grouping. It is nil otherwise.
func posixTestExpr(args []string) syntax.TestExpr {
	if len(args) != 3 {
		return nil
	}
	op := testBinaryOp(args[1])
	if op == illegalTok || op == syntax.AndTest || op == syntax.OrTest {
		return nil
	}
	word := func(s string) *syntax.Word {
		return &syntax.Word{Parts: []syntax.WordPart{&syntax.SglQuoted{Value: s}}}
	}
	return &syntax.BinaryTest{Op: op, X: word(args[0]), Y: word(args[2])}
}
