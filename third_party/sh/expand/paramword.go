// lacy patch 107: the word of ${name-word} is expanded as a word of its own.

package expand

import (
	"mvdan.cc/sh/v3/syntax"
)

// paramExpWord reports whether ${name-word}, ${name:-word}, ${name+word} or
// ${name:+word} expands to its word, and returns it (nil for an empty one).
// bash expands that word in the context of the expansion: unquoted, its
// quoted parts stay unsplit (${u:-"a b" c} is two fields); in double
// quotes, its single quotes are kept. $@ and $* take upstream's path.
func (cfg *Config) paramExpWord(pe *syntax.ParamExp) (*syntax.Word, bool) {
	if pe.Param == nil || pe.Exp == nil || pe.Excl || pe.Length || pe.Width || pe.Slice != nil ||
		pe.Repl != nil || pe.Names != 0 {
		return nil, false
	}
	switch pe.Param.Value {
	case "@", "*":
		return nil, false // upstream's path joins and splits their elements
	}
	if pe.Index != nil {
		switch nodeLit(pe.Index) {
		case "@", "*":
			return nil, false
		}
	}
	// probe asks upstream's expansion whether the parameter is set, or
	// set and not null, through ${p+x} or ${p:+x}.
	probe := func(op syntax.ParExpOperator) bool {
		p := *pe
		p.Exp = &syntax.Expansion{Op: op, Word: &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{Value: "x"}}}}
		s, err := cfg.paramExp(&p)
		return err == nil && s == "x"
	}
	var use bool
	switch pe.Exp.Op {
	case syntax.DefaultUnset:
		use = !probe(syntax.AlternateUnset)
	case syntax.DefaultUnsetOrNull:
		use = !probe(syntax.AlternateUnsetOrNull)
	case syntax.AlternateUnset:
		use = probe(syntax.AlternateUnset)
	case syntax.AlternateUnsetOrNull:
		use = probe(syntax.AlternateUnsetOrNull)
	default:
		return nil, false
	}
	if !use {
		return nil, false
	}
	return pe.Exp.Word, true
}

func wordParts(w *syntax.Word) []syntax.WordPart {
	if w == nil {
		return nil
	}
	return w.Parts
}

// quotedParamWord is paramExpWord inside double quotes.
func (cfg *Config) quotedParamWord(pe *syntax.ParamExp) (string, bool, error) {
	word, ok := cfg.paramExpWord(pe)
	if !ok {
		return "", false, nil
	}
	field, err := cfg.wordField(wordParts(word), quoteDouble)
	if err != nil {
		return "", true, err
	}
	return cfg.fieldJoin(field), true, nil
}
