// lacy patch: bash's value attributes of variables (declare -i, -l, -u).

package interp

import (
	"errors"
	"fmt"
	"maps"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// hasValueAttrs reports whether vr has an attribute that converts the
// values assigned to it.
func hasValueAttrs(vr expand.Variable) bool {
	return vr.Integer || vr.Lower || vr.Upper
}

// applyAttrs converts the value of vr, about to be assigned to name, as
// its attributes ask: an integer variable's values are arithmetic
// expressions replaced by their value, -l and -u change the case. A
// variable assigned without attributes keeps those name had, as in bash
// (`declare -i n; read n` evaluates what was read).
func (r *Runner) applyAttrs(name string, vr expand.Variable) (expand.Variable, error) {
	if !hasValueAttrs(vr) {
		prev := r.writeEnv.Get(name)
		if !hasValueAttrs(prev) || prev.Kind == expand.NameRef {
			return vr, nil
		}
		vr.Integer, vr.Lower, vr.Upper = prev.Integer, prev.Lower, prev.Upper
	}
	conv := func(s string) (string, error) {
		if vr.Integer {
			n, err := r.arithmString(s)
			if err != nil {
				return "", err
			}
			s = strconv.Itoa(n)
		}
		switch {
		case vr.Lower:
			s = strings.ToLower(s)
		case vr.Upper:
			s = strings.ToUpper(s)
		}
		return s, nil
	}
	var err error
	switch vr.Kind {
	case expand.String:
		vr.Str, err = conv(vr.Str)
	case expand.Indexed:
		list := make([]string, len(vr.List))
		for i, s := range vr.List {
			if list[i], err = conv(s); err != nil {
				break
			}
		}
		vr.List = list
	case expand.Associative:
		m := maps.Clone(vr.Map)
		for k, s := range m {
			if m[k], err = conv(s); err != nil {
				break
			}
		}
		vr.Map = m
	}
	if err != nil {
		err = attrError{err}
	}
	return vr, err
}

// attrError is an assignment's failure to convert its value (an integer
// variable's invalid expression); like an expansion error, it skips the
// rest of the line.
type attrError struct{ error }

func (e attrError) Unwrap() error { return e.error }

// isAttrError reports whether err is (or wraps) an [attrError].
func isAttrError(err error) bool {
	_, ok := errors.AsType[attrError](err)
	return ok
}

// arithmString evaluates s as an arithmetic expression, as bash does with
// the value assigned to an integer variable.
func (r *Runner) arithmString(s string) (int, error) {
	if n, err := strconv.Atoi(s); err == nil {
		return n, nil
	}
	expr, err := syntax.NewParser().Arithmetic(strings.NewReader(s))
	if err != nil {
		return 0, fmt.Errorf("%s: syntax error in expression", s)
	}
	if expr == nil {
		return 0, nil
	}
	return expand.Arithm(r.ecfg, expr)
}

// attrAppend is the value of `name+=s` (or `a[k]+=s`) when the old value is
// old: the sum for an integer variable, else the concatenation.
func attrAppend(vr expand.Variable, old, s string) string {
	if !vr.Integer {
		return old + s
	}
	if old == "" {
		old = "0"
	}
	return "(" + old + ")+(" + s + ")"
}

// setDeclAttr sets (-i) or clears (+i) the attribute a declare flag names;
// -l and -u each clear the other, as in bash.
func setDeclAttr(vr *expand.Variable, flag string) {
	on := flag[0] == '-'
	switch flag[1] {
	case 'x':
		vr.Exported = on
	case 'i':
		vr.Integer = on
	case 'l':
		vr.Lower = on
		if on {
			vr.Upper = false
		}
	case 'u':
		vr.Upper = on
		if on {
			vr.Lower = false
		}
	}
}
