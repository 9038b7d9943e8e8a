// lacy patch: integer operands of test and [.

package interp

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// classicIntOperands checks the operands of test's -eq, -ne, -lt, -le, -gt
// and -ge: unlike [['s, they are decimal integers (blanks and a sign
// allowed), not arithmetic expressions, and bash fails with status 2 on
// anything else. It returns the first invalid operand.
func (r *Runner) classicIntOperands(expr syntax.TestExpr) (string, bool) {
	switch x := expr.(type) {
	case *syntax.ParenTest:
		return r.classicIntOperands(x.X)
	case *syntax.UnaryTest:
		return r.classicIntOperands(x.X)
	case *syntax.BinaryTest:
		switch x.Op {
		case syntax.AndTest, syntax.OrTest:
			if bad, ok := r.classicIntOperands(x.X); !ok {
				return bad, false
			}
			return r.classicIntOperands(x.Y)
		case syntax.TsEql, syntax.TsNeq, syntax.TsLss, syntax.TsLeq, syntax.TsGtr, syntax.TsGeq:
			for _, operand := range []syntax.TestExpr{x.X, x.Y} {
				if w, ok := operand.(*syntax.Word); ok {
					if s := r.document(w); !legalNumber(s) {
						return s, false
					}
				}
			}
		}
	}
	return "", true
}

// legalNumber reports whether s is a decimal integer as bash's
// legal_number reads it: blanks, an optional sign, digits, blanks.
func legalNumber(s string) bool {
	s = strings.Trim(s, " \t\n")
	if s != "" && (s[0] == '-' || s[0] == '+') {
		s = s[1:]
	}
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
