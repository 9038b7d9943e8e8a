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
	if !pe.Excl || pe.Names != 0 || pe.Index != nil || pe.Length || pe.Width || pe.IsSet ||
		(pe.Exp == nil && pe.Repl == nil && pe.Slice == nil) {
		return nil, false, nil
	}
	ref := cfg.Env.Get(pe.Param.Value)
	if ref.Kind == NameRef {
		return nil, false, nil // ${!nameref...} is the name it refers to
	}
	if !ref.IsSet() {
		return nil, true, fmt.Errorf("%s: invalid indirect expansion", pe.Param.Value)
	}
	target := ref.String()
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
	if !pe.Excl || pe.Names != 0 || pe.Index != nil || pe.Length || pe.Width || pe.IsSet {
		return nil, false
	}
	ref := cfg.Env.Get(pe.Param.Value)
	if ref.Kind == NameRef || !ref.IsSet() {
		return nil, false
	}
	target := ref.String()
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
