// Copyright (c) 2017, Daniel Martí <mvdan@mvdan.cc>
// See LICENSE for licensing information

package expand

import (
	"fmt"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// indirectOperand handles ${!ref OP ...}: an indirect expansion with an
// operator (${!ref-word}, ${!ref:+word}, ${!ref#pat}, ${!ref/a/b},
// ${!ref:1}), which bash applies to the parameter ref names ("a", "a[0]",
// "a[@]"). It returns that parameter's expansion with pe's operator; ok is
// false for any other expansion. It is a lacy patch.
func (cfg *Config) indirectOperand(pe *syntax.ParamExp) (ipe *syntax.ParamExp, ok bool, err error) {
	if !pe.Excl || pe.Names != 0 || pe.Length || pe.Width || pe.IsSet ||
		(pe.Exp == nil && pe.Repl == nil && pe.Slice == nil) {
		return nil, false, nil
	}
	var target string
	if pe.Index != nil {
		// ${!a[@]OP}: a's one element names the parameter, as in bash.
		t, ok, err := cfg.indirectElemTarget(pe)
		if !ok || err != nil {
			return nil, ok, err
		}
		target = t
	} else {
		ref := cfg.Env.Get(pe.Param.Value)
		if ref.Kind == NameRef {
			return nil, false, nil // ${!nameref...} is the name it refers to
		}
		if !ref.IsSet() {
			return nil, true, fmt.Errorf("%s: invalid indirect expansion", pe.Param.Value)
		}
		target = ref.String()
	}
	w, perr := syntax.NewParser().Document(strings.NewReader("${" + target + "}"))
	if perr != nil || len(w.Parts) != 1 {
		return nil, true, fmt.Errorf("%s: invalid variable name", target)
	}
	tpe, isPE := w.Parts[0].(*syntax.ParamExp)
	if !isPE || tpe.Param == nil || tpe.Excl || tpe.Length || tpe.Exp != nil || tpe.Repl != nil || tpe.Slice != nil {
		return nil, true, fmt.Errorf("%s: invalid variable name", target)
	}
	ipe = &syntax.ParamExp{
		Dollar: pe.Dollar, Rbrace: pe.Rbrace,
		Param: tpe.Param, Index: tpe.Index,
		Slice: pe.Slice, Repl: pe.Repl, Exp: pe.Exp,
	}
	return ipe, true, nil
}

// indirectElems is ${!ref...} as the expansion of what ref names, when that
// is a list of fields: ref='a[@]' or ref=@, so that "${!ref}" expands to
// one field per element, as bash does; ok is false otherwise.
func (cfg *Config) indirectElems(pe *syntax.ParamExp) (ipe *syntax.ParamExp, ok bool) {
	if !pe.Excl || pe.Names != 0 || pe.Length || pe.Width || pe.IsSet {
		return nil, false
	}
	var target string
	if pe.Index != nil {
		t, ok, err := cfg.indirectElemTarget(pe)
		if !ok || err != nil {
			return nil, false
		}
		target = t
	} else {
		ref := cfg.Env.Get(pe.Param.Value)
		if ref.Kind == NameRef || !ref.IsSet() {
			return nil, false
		}
		target = ref.String()
	}
	if target != "@" && !strings.HasSuffix(target, "[@]") {
		return nil, false
	}
	w, err := syntax.NewParser().Document(strings.NewReader("${" + target + "}"))
	if err != nil || w == nil || len(w.Parts) != 1 {
		return nil, false
	}
	tpe, isPE := w.Parts[0].(*syntax.ParamExp)
	if !isPE || tpe.Param == nil || tpe.Excl || tpe.Length || tpe.Exp != nil || tpe.Repl != nil || tpe.Slice != nil {
		return nil, false
	}
	return &syntax.ParamExp{
		Dollar: pe.Dollar, Rbrace: pe.Rbrace,
		Param: tpe.Param, Index: tpe.Index,
		Slice: pe.Slice, Repl: pe.Repl, Exp: pe.Exp,
	}, true
}

// indirectElemTarget is the parameter that ${!a[@]OP} (an operator after
// it: ${!a[@]:-w}, ${!a[@]#p}, ${!a[@]:1}, ${!a[@]@Q}) expands: bash takes
// it as an indirect expansion through a's one element, an error when a has
// none or several; ok is false for ${!a[@]} without an operator (a's keys).
func (cfg *Config) indirectElemTarget(pe *syntax.ParamExp) (target string, ok bool, err error) {
	if !atStar(pe.Index) || (pe.Exp == nil && pe.Repl == nil && pe.Slice == nil) {
		return "", false, nil
	}
	vr := cfg.Env.Get(pe.Param.Value)
	var elems []string
	switch vr.Kind {
	case Indexed:
		elems = vr.List
	case Associative:
		for _, v := range vr.Map {
			elems = append(elems, v)
		}
	case String:
		elems = []string{vr.Str}
	}
	if len(elems) != 1 {
		return "", true, fmt.Errorf("${!%s[%s]}: bad substitution", pe.Param.Value, nodeLit(pe.Index))
	}
	return elems[0], true, nil
}
