// Copyright (c) 2017, Daniel Martí <mvdan@mvdan.cc>
// See LICENSE for licensing information

package expand

import (
	"fmt"
	"maps"
	"slices"
	"strconv"

	"mvdan.cc/sh/v3/internal"
	"mvdan.cc/sh/v3/syntax"
)

// TODO(v4): the arithmetic APIs should return int64 for portability with 32-bit systems,
// even if Bash only supports native int sizes.

func Arithm(cfg *Config, expr syntax.ArithmExpr) (int, error) {
	switch expr := expr.(type) {
	case *syntax.Word:
		str, err := Literal(cfg, expr)
		if err != nil {
			return 0, err
		}
		return cfg.arithValue(str) // lacy patch: values are expressions
	case *syntax.ParenArithm:
		return Arithm(cfg, expr.X)
	case *syntax.UnaryArithm:
		switch expr.Op {
		case syntax.Inc, syntax.Dec:
			name, index, err := cfg.arithRef(expr.X)
			if err != nil {
				return 0, err
			}
			oldStr, err := cfg.arithGet(name, index)
			if err != nil {
				return 0, err
			}
			old_, err := cfg.arithValue(oldStr) // lacy patch
			if err != nil {
				return 0, err
			}
			old := int64(old_)
			val := old
			if expr.Op == syntax.Inc {
				val++
			} else {
				val--
			}
			if err := cfg.arithSet(name, index, strconv.FormatInt(val, 10)); err != nil {
				return 0, err
			}
			if expr.Post {
				return int(old), nil
			}
			return int(val), nil
		}
		val, err := Arithm(cfg, expr.X)
		if err != nil {
			return 0, err
		}
		switch expr.Op {
		case syntax.Not:
			return oneIf(val == 0), nil
		case syntax.BitNegation:
			return ^val, nil
		case syntax.Plus:
			return val, nil
		case syntax.Minus:
			return -val, nil
		default:
			return 0, fmt.Errorf("unsupported unary arithmetic operator: %q", expr.Op)
		}
	case *syntax.BinaryArithm:
		switch expr.Op {
		case syntax.Assgn, syntax.AddAssgn, syntax.SubAssgn,
			syntax.MulAssgn, syntax.QuoAssgn, syntax.RemAssgn,
			syntax.AndAssgn, syntax.OrAssgn, syntax.XorAssgn,
			syntax.ShlAssgn, syntax.ShrAssgn:
			return cfg.assgnArit(expr)
		case syntax.TernQuest: // TernColon can't happen here
			cond, err := Arithm(cfg, expr.X)
			if err != nil {
				return 0, err
			}
			b2 := expr.Y.(*syntax.BinaryArithm) // must have Op==TernColon
			if cond != 0 {
				return Arithm(cfg, b2.X)
			}
			return Arithm(cfg, b2.Y)
		case syntax.AndArit, syntax.OrArit:
			// Like Bash, short-circuit the right operand.
			left, err := Arithm(cfg, expr.X)
			if err != nil {
				return 0, err
			}
			if expr.Op == syntax.AndArit && left == 0 {
				return 0, nil
			}
			if expr.Op == syntax.OrArit && left != 0 {
				return 1, nil
			}
			right, err := Arithm(cfg, expr.Y)
			if err != nil {
				return 0, err
			}
			return oneIf(right != 0), nil
		}
		left, err := Arithm(cfg, expr.X)
		if err != nil {
			return 0, err
		}
		right, err := Arithm(cfg, expr.Y)
		if err != nil {
			return 0, err
		}
		return binArit(expr.Op, left, right)
	case *syntax.FlagsArithm: // e.g. zsh's ${a[(r)b]}
		return 0, fmt.Errorf("unsupported")
	default:
		panic(fmt.Sprintf("unexpected arithm expr: %T", expr))
	}
}

func oneIf(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (cfg *Config) assgnArit(b *syntax.BinaryArithm) (int, error) {
	name, index, err := cfg.arithRef(b.X)
	if err != nil {
		return 0, err
	}
	oldStr, err := cfg.arithGet(name, index)
	if err != nil {
		return 0, err
	}
	var val int64
	if b.Op != syntax.Assgn { // lacy patch: the old value is an expression too
		old, err := cfg.arithValue(oldStr)
		if err != nil {
			return 0, err
		}
		val = int64(old)
	}
	arg_, err := Arithm(cfg, b.Y)
	if err != nil {
		return 0, err
	}
	arg := int64(arg_)
	switch b.Op {
	case syntax.Assgn:
		val = arg
	case syntax.AddAssgn:
		val += arg
	case syntax.SubAssgn:
		val -= arg
	case syntax.MulAssgn:
		val *= arg
	case syntax.QuoAssgn:
		if arg == 0 {
			return 0, fmt.Errorf("division by zero")
		}
		val /= arg
	case syntax.RemAssgn:
		if arg == 0 {
			return 0, fmt.Errorf("division by zero")
		}
		val %= arg
	case syntax.AndAssgn:
		val &= arg
	case syntax.OrAssgn:
		val |= arg
	case syntax.XorAssgn:
		val ^= arg
	case syntax.ShlAssgn:
		val <<= uint(arg) & 63 // lacy patch: as bash on amd64 and arm64
	case syntax.ShrAssgn:
		val >>= uint(arg) & 63 // lacy patch
	}
	if err := cfg.arithSet(name, index, strconv.FormatInt(val, 10)); err != nil {
		return 0, err
	}
	return int(val), nil
}

func intPow(a, b int) int {
	p := 1
	for b > 0 {
		if b&1 != 0 {
			p *= a
		}
		b >>= 1
		a *= a
	}
	return p
}

func binArit(op syntax.BinAritOperator, x, y int) (int, error) {
	switch op {
	case syntax.Add:
		return x + y, nil
	case syntax.Sub:
		return x - y, nil
	case syntax.Mul:
		return x * y, nil
	case syntax.Quo:
		if y == 0 {
			return 0, fmt.Errorf("division by zero")
		}
		return x / y, nil
	case syntax.Rem:
		if y == 0 {
			return 0, fmt.Errorf("division by zero")
		}
		return x % y, nil
	case syntax.Pow:
		if y < 0 {
			return 0, fmt.Errorf("exponent less than 0")
		}
		return intPow(x, y), nil
	case syntax.Eql:
		return oneIf(x == y), nil
	case syntax.Gtr:
		return oneIf(x > y), nil
	case syntax.Lss:
		return oneIf(x < y), nil
	case syntax.Neq:
		return oneIf(x != y), nil
	case syntax.Leq:
		return oneIf(x <= y), nil
	case syntax.Geq:
		return oneIf(x >= y), nil
	case syntax.And:
		return x & y, nil
	case syntax.Or:
		return x | y, nil
	case syntax.Xor:
		return x ^ y, nil
	case syntax.Shr:
		return x >> (uint(y) & 63), nil // lacy patch: the count masked as bash on amd64 and arm64
	case syntax.Shl:
		return x << (uint(y) & 63), nil // lacy patch
	case syntax.Comma:
		// x is executed but its result discarded
		return y, nil
	default:
		return 0, fmt.Errorf("unsupported binary arithmetic operator: %q", op)
	}
}

// arithRef resolves the variable an arithmetic assignment or ++/-- changes:
// a name, or an array element name[index]. It is a lacy patch: upstream
// took the word's literal, which is empty for a[i] and panicked.
func (cfg *Config) arithRef(x syntax.ArithmExpr) (string, syntax.ArithmExpr, error) {
	if w, ok := x.(*syntax.Word); ok && len(w.Parts) == 1 {
		switch p := w.Parts[0].(type) {
		case *syntax.Lit:
			if syntax.ValidName(p.Value) {
				return p.Value, nil, nil
			}
		case *syntax.ParamExp:
			if p.Param != nil && p.Index != nil && syntax.ValidName(p.Param.Value) && !p.Excl && !p.Length &&
				p.Slice == nil && p.Repl == nil && p.Exp == nil {
				return p.Param.Value, p.Index, nil
			}
		}
	}
	return "", nil, fmt.Errorf("attempted assignment to non-variable")
}

// arithGet reads the variable or array element arithRef named.
func (cfg *Config) arithGet(name string, index syntax.ArithmExpr) (string, error) {
	if index == nil {
		return cfg.arithScalar(name) // lacy patch: nounset, a[0] decay
	}
	vr := cfg.Env.Get(name)
	if n, v := vr.Resolve(cfg.Env); n != "" {
		vr = v
	}
	str, _, err := cfg.varInd(vr, index)
	return str, err
}

// arithSet sets the variable or array element arithRef named.
func (cfg *Config) arithSet(name string, index syntax.ArithmExpr, value string) error {
	if index == nil {
		return cfg.envSet(name, value)
	}
	wenv, ok := cfg.Env.(WriteEnviron)
	if !ok {
		return fmt.Errorf("environment is read-only")
	}
	vr := cfg.Env.Get(name)
	if n, v := vr.Resolve(cfg.Env); n != "" {
		name, vr = n, v
	}
	switch vr.Kind {
	case Associative:
		key, err := cfg.assocKey(index)
		if err != nil {
			return err
		}
		m := maps.Clone(vr.Map)
		if m == nil {
			m = map[string]string{}
		}
		m[key] = value
		vr.Map = m
	default:
		var list []string
		var indexes []int
		switch vr.Kind {
		case String:
			list = []string{vr.Str}
		case Indexed:
			list, indexes = slices.Clone(vr.List), slices.Clone(vr.Indexes)
		}
		k, err := Arithm(cfg, index)
		if err != nil {
			return err
		}
		if k < 0 {
			if k += internal.IndexedMax(list, indexes) + 1; k < 0 {
				return fmt.Errorf("%s: bad array subscript", name)
			}
		}
		vr.List, vr.Indexes = internal.SetIndexedElem(list, indexes, k, value)
		vr.Kind, vr.Str, vr.Map = Indexed, "", nil
	}
	vr.Set = true
	return wenv.Set(name, vr)
}

// assocKey is the key an associative array's subscript names.
func (cfg *Config) assocKey(index syntax.ArithmExpr) (string, error) {
	if w, ok := index.(*syntax.Word); ok {
		return Literal(cfg, w)
	}
	return ArithmText(index), nil // lacy patch: the printer takes no bare expressions
}
