// Copyright (c) 2017, Daniel Martí <mvdan@mvdan.cc>
// See LICENSE for licensing information

package expand

import (
	"regexp"
	"strings"

	"mvdan.cc/sh/v3/pattern"
	"mvdan.cc/sh/v3/syntax"
)

// lacy patch: bash's anchored replacements ${x/#pat/rep} and ${x/%pat/rep}
// (the pattern may be empty: ${a[@]/#/prefix-} prepends to each element),
// and quoted parts of a pattern are literal in ${x#pat}, ${x%pat} and
// their long forms (${x#"?"} strips a question mark, not any character).

// anchoredReplace handles ${x/#pat/rep} and ${x/%pat/rep}; ok is false for
// any other replacement.
func (cfg *Config) anchoredReplace(repl *syntax.Replace, elems []string) (out []string, ok bool, err error) {
	if repl.All || repl.Orig == nil || len(repl.Orig.Parts) == 0 {
		return nil, false, nil
	}
	lit, isLit := repl.Orig.Parts[0].(*syntax.Lit)
	if !isLit || lit.Value == "" || (lit.Value[0] != '#' && lit.Value[0] != '%') {
		return nil, false, nil
	}
	suffix := lit.Value[0] == '%'
	// The pattern is the word without its anchor.
	parts := append([]syntax.WordPart{&syntax.Lit{ValuePos: lit.ValuePos, ValueEnd: lit.ValueEnd, Value: lit.Value[1:]}}, repl.Orig.Parts[1:]...)
	pat, err := Pattern(cfg, &syntax.Word{Parts: parts})
	if err != nil {
		return nil, true, err
	}
	with, err := Literal(cfg, repl.With)
	if err != nil {
		return nil, true, err
	}
	var rx *regexp.Regexp
	if pat != "" {
		expr, err := pattern.Regexp(pat, cfg.patternMode())
		if err != nil {
			return elems, true, nil
		}
		if suffix {
			// The longest match that ends the string: the leftmost start.
			rx, err = regexp.Compile("(?s)(?:" + expr + ")$")
		} else {
			rx, err = regexp.Compile("(?s)^(?:" + expr + ")")
		}
		if err != nil {
			return elems, true, nil
		}
	}
	out = make([]string, len(elems))
	for i, elem := range elems {
		switch {
		case rx == nil && suffix:
			out[i] = elem + with
		case rx == nil:
			out[i] = with + elem
		default:
			// The leftmost match: for a suffix, the longest that ends
			// the string.
			loc := rx.FindStringIndex(elem)
			if loc == nil {
				out[i] = elem
				continue
			}
			out[i] = elem[:loc[0]] + with + elem[loc[1]:]
		}
	}
	return out, true, nil
}

// patternMode is the pattern.Mode of the shell's options for matching in
// parameter expansions.
func (cfg *Config) patternMode() pattern.Mode {
	var mode pattern.Mode
	if cfg.ExtGlob {
		mode |= pattern.ExtendedOperators
	}
	return mode
}

// isRemovePattern reports whether op is one of ${x#pat} ${x##pat} ${x%pat}
// ${x%%pat}, whose word is a pattern.
func isRemovePattern(op syntax.ParExpOperator) bool {
	switch op {
	case syntax.RemSmallPrefix, syntax.RemLargePrefix, syntax.RemSmallSuffix, syntax.RemLargeSuffix:
		return true
	}
	return false
}

// expWordArg expands the word of an expansion operator: as a pattern (quoted
// parts literal) for the pattern removal operators, else as a string.
func (cfg *Config) expWordArg(exp *syntax.Expansion) (string, error) {
	if isRemovePattern(exp.Op) {
		return Pattern(cfg, exp.Word)
	}
	return Literal(cfg, exp.Word)
}

// opWord expands the word of ${x-word}, ${x+word}, ${x=word} and ${x?word}
// as bash does: inside double quotes as a double-quoted string ("\$" is
// "$", "\z" stays), else with quote removal ("\z" is "z"). It is a lacy
// patch.
func (cfg *Config) opWord(w *syntax.Word) (string, error) {
	if w == nil {
		return "", nil
	}
	ql := quoteNone
	if cfg.dquoteParam {
		ql = quoteDouble
	}
	var sb strings.Builder // not cfg.strBuilder: wordField uses it
	for i, wp := range w.Parts {
		if lit, ok := wp.(*syntax.Lit); ok && ql == quoteNone && strings.Contains(lit.Value, `\`) && !(i == 0 && strings.HasPrefix(lit.Value, "~")) {
			v := lit.Value
			for j := 0; j < len(v); j++ {
				if v[j] == '\\' && j+1 < len(v) {
					j++
				}
				sb.WriteByte(v[j])
			}
			continue
		}
		field, err := cfg.wordField(w.Parts[i:i+1], ql)
		if err != nil {
			return "", err
		}
		for _, part := range field {
			sb.WriteString(part.val)
		}
	}
	return sb.String(), nil
}

// keepListElems reports whether a quoted "${a[@]OPword}" with a test
// operator (- + = ?, with or without a colon) expands to the list's
// elements, as "${a[@]}" does, rather than to its word. The list is set
// when it has elements; with a colon it must also not be null (its
// elements joined). Other operators keep the elements. It is a lacy patch.
func (cfg *Config) keepListElems(pe *syntax.ParamExp, elems []string, star bool) bool {
	if pe.Exp == nil {
		return true
	}
	var colon, alternate bool
	switch pe.Exp.Op {
	case syntax.DefaultUnset, syntax.AssignUnset, syntax.ErrorUnset:
	case syntax.DefaultUnsetOrNull, syntax.AssignUnsetOrNull, syntax.ErrorUnsetOrNull:
		colon = true
	case syntax.AlternateUnset:
		alternate = true
	case syntax.AlternateUnsetOrNull:
		colon, alternate = true, true
	default:
		return true
	}
	cond := len(elems) > 0
	if cond && colon {
		joined := strings.Join(elems, " ")
		if star {
			joined = cfg.ifsJoin(elems)
		}
		cond = joined != ""
	}
	return cond != alternate
}
