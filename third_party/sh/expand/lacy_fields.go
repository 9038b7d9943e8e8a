// lacy patch: "${a[@]}" amid other text in double quotes.

package expand

import "mvdan.cc/sh/v3/syntax"

// quotedElemsAmid expands the parts of a double-quoted string holding
// "${a[@]}" or "$@" next to other text, as bash: the text before joins the
// first element, the text after the last, and each element in between is
// a field of its own ("x${a[@]}y" with a=(1 2) is "x1" "2y"). It appends to
// *cur, calling flush to end a field, and reports false (doing nothing)
// when no part is such an expansion. nonEmpty is false when the parts were
// all such expansions with no elements, which make no field at all.
func (cfg *Config) quotedElemsAmid(parts []syntax.WordPart, cur *[]fieldPart, flush func()) (done, nonEmpty bool, err error) {
	if len(parts) < 2 {
		return false, false, nil
	}
	found, start := false, len(*cur)
	for len(parts) > 0 {
		k, elems := -1, []string(nil)
		for i, part := range parts {
			pe, ok := part.(*syntax.ParamExp)
			if !ok || overridingUnset(pe) || pe.Param == nil ||
				pe.Param.Value != "@" && nodeLit(pe.Index) != "@" {
				continue // only "@" lists split; "*" joins, ${@-x} is one word
			}
			es, err := cfg.quotedElemFields(pe)
			if err != nil {
				return false, false, err
			}
			if es != nil {
				k, elems = i, es
				break
			}
		}
		if k < 0 && !found {
			return false, false, nil
		}
		before := parts
		if k >= 0 {
			before = parts[:k]
		}
		if len(before) > 0 {
			wfield, err := cfg.wordField(before, quoteDouble)
			if err != nil {
				return false, false, err
			}
			for _, part := range wfield {
				nonEmpty = nonEmpty || part.val != "" // bash drops "${a[@]}$empty"
				part.quote = quoteDouble
				*cur = append(*cur, part)
			}
		}
		if k < 0 {
			break
		}
		found = true
		nonEmpty = nonEmpty || len(elems) > 0
		for i, elem := range elems {
			if i > 0 {
				flush()
			}
			*cur = append(*cur, fieldPart{quote: quoteDouble, val: elem})
		}
		parts = parts[k+1:]
	}
	if !nonEmpty {
		*cur = (*cur)[:start]
	}
	return true, nonEmpty, nil
}
