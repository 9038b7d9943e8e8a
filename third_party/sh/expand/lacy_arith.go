// lacy patch: arithmetic values as bash evaluates them.

package expand

import (
	"fmt"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// maxArithDepth is bash's limit on nested evaluation of variables' values
// ("expression recursion level exceeded").
const maxArithDepth = 1024

// arithValue evaluates a word of an arithmetic expression, or the value of
// a variable it names, as bash does: a number constant (validated: `09`,
// `2#A` and `42x` are errors), the name of a variable whose value is
// evaluated in turn, or else an expression (`e=1+2; $((e*2))` is 6).
func (cfg *Config) arithValue(s string) (int, error) {
	s = strings.Trim(s, " \t\n") // lacy patch: \r and \v are no blanks here, as in bash
	if s == "" {
		return 0, nil
	}
	if c := s[0]; '0' <= c && c <= '9' {
		if isNumberToken(s) {
			n, err := strlong(s)
			return int(n), err
		}
	} else if syntax.ValidName(s) {
		val, err := cfg.arithScalar(s)
		if err != nil {
			return 0, err
		}
		return cfg.arithNested(val)
	}
	return cfg.arithNested(s)
}

// arithNested evaluates a variable's value (or a non-constant word) as an
// expression of its own.
func (cfg *Config) arithNested(s string) (int, error) {
	s = strings.Trim(s, " \t\n")
	if s == "" {
		return 0, nil
	}
	if c := s[0]; '0' <= c && c <= '9' && isNumberToken(s) {
		n, err := strlong(s)
		return int(n), err
	}
	if cfg.arithDepth >= maxArithDepth {
		return 0, fmt.Errorf("%s: expression recursion level exceeded", s)
	}
	if syntax.ValidName(s) {
		cfg.arithDepth++
		defer func() { cfg.arithDepth-- }()
		return cfg.arithValue(s)
	}
	expr, err := syntax.NewParser().Arithmetic(strings.NewReader(s))
	if err != nil {
		return 0, fmt.Errorf("%s: syntax error in expression", s)
	}
	if expr == nil {
		return 0, nil
	}
	if w, ok := expr.(*syntax.Word); ok && w.Lit() == s {
		// Not a name nor a number, and nothing more to evaluate.
		return 0, fmt.Errorf("%s: syntax error: operand expected", s)
	}
	cfg.arithDepth++
	defer func() { cfg.arithDepth-- }()
	return Arithm(cfg, expr)
}

// arithScalar is the value of the variable name in arithmetic: an
// associative array's element "0" (as an indexed array's first), or an
// error for an unset variable under set -u.
func (cfg *Config) arithScalar(name string) (string, error) {
	vr := cfg.Env.Get(name)
	if _, v := vr.Resolve(cfg.Env); v.Kind != NameRef {
		vr = v
	}
	if !vr.IsSet() {
		if cfg.NoUnset {
			return "", UnsetParameterError{
				Node:    &syntax.ParamExp{Param: &syntax.Lit{Value: name}},
				Message: "unbound variable",
			}
		}
		return "", nil
	}
	if vr.Kind == Associative {
		return vr.Map["0"], nil
	}
	return vr.String(), nil
}

// isNumberToken reports whether s is one token bash's arithmetic reads as
// a number: digits, letters, '@', '_' and '#'.
func isNumberToken(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case '0' <= c && c <= '9', 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z',
			c == '@', c == '_', c == '#':
		default:
			return false
		}
	}
	return true
}

// strlong converts a number constant as bash's strlong: a leading 0 for
// octal, 0x for hexadecimal, BASE#DIGITS for bases 2 to 64; a digit beyond
// the base is an error.
func strlong(s string) (int64, error) {
	base, val := int64(10), int64(0)
	foundBase := false
	i := 0
	if s[0] == '0' {
		i, base, foundBase = 1, 8, true
		if len(s) > 1 && (s[1] == 'x' || s[1] == 'X') {
			i, base = 2, 16
		}
	}
	for ; i < len(s); i++ {
		c := s[i]
		if c == '#' {
			if foundBase {
				return 0, fmt.Errorf("%s: invalid number (error token is %q)", s, s)
			}
			if val < 2 || val > 64 {
				return 0, fmt.Errorf("%s: invalid arithmetic base (error token is %q)", s, s)
			}
			base, val, foundBase = val, 0, true
			continue
		}
		var d int64
		switch {
		case '0' <= c && c <= '9':
			d = int64(c - '0')
		case 'a' <= c && c <= 'z':
			d = int64(c-'a') + 10
		case 'A' <= c && c <= 'Z':
			if base <= 36 {
				d = int64(c-'A') + 10
			} else {
				d = int64(c-'A') + 36
			}
		case c == '@':
			d = 62
		case c == '_':
			d = 63
		}
		if d >= base {
			return 0, fmt.Errorf("%s: value too great for base (error token is %q)", s, s)
		}
		val = val*base + d
	}
	return val, nil
}
