// lacy patch 048: bash expands braces before parameters, so a $name that
// a brace expansion puts in front of more name characters takes them
// ({$a,b}_c gives $a_c and b_c).

package expand

import "mvdan.cc/sh/v3/syntax"

// mergeShortParams joins a $name part of a word that brace expansion made
// with the name characters of the literal after it. Only brace expansion
// can put such parts side by side: the parser reads $a_c as one name.
func mergeShortParams(w *syntax.Word) {
	copied := false
	for i := 0; i+1 < len(w.Parts); i++ {
		pe, ok := w.Parts[i].(*syntax.ParamExp)
		if !ok || !pe.Short || pe.Param == nil || !syntax.ValidName(pe.Param.Value) {
			continue
		}
		lit, ok := w.Parts[i+1].(*syntax.Lit)
		if !ok {
			continue
		}
		n := 0
		for n < len(lit.Value) && isNameByte(lit.Value[n]) {
			n++
		}
		if n == 0 {
			continue
		}
		if !copied {
			w.Parts = append([]syntax.WordPart(nil), w.Parts...)
			copied = true
		}
		pe2 := *pe
		pe2.Param = &syntax.Lit{ValuePos: pe.Param.ValuePos, ValueEnd: pe.Param.ValueEnd, Value: pe.Param.Value + lit.Value[:n]}
		w.Parts[i] = &pe2
		if n == len(lit.Value) {
			w.Parts = append(w.Parts[:i+1], w.Parts[i+2:]...)
		} else {
			lit2 := *lit
			lit2.Value = lit.Value[n:]
			w.Parts[i+1] = &lit2
		}
		i-- // the name may take the next literal too
	}
	hasParam := false
	for _, wp := range w.Parts {
		hasParam = hasParam || isParamExp(wp)
	}
	// An empty literal a brace left ({$u,b} gives "" and $u) is nothing:
	// without it, an unset $u gives no field, as in bash.
	for i := 0; i < len(w.Parts) && len(w.Parts) > 1; i++ {
		if lit, ok := w.Parts[i].(*syntax.Lit); ok && lit.Value == "" && hasParam {
			if !copied {
				w.Parts = append([]syntax.WordPart(nil), w.Parts...)
				copied = true
			}
			w.Parts = append(w.Parts[:i], w.Parts[i+1:]...)
			i--
		}
	}
}

func isNameByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func isParamExp(wp syntax.WordPart) bool {
	_, ok := wp.(*syntax.ParamExp)
	return ok
}
