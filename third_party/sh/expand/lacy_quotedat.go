// lacy patch 042: "$@" and "${a[@]}" among other parts of a double-quoted
// string ("-$@-") still give one field per element.

package expand

import "mvdan.cc/sh/v3/syntax"

// hasQuotedAt reports whether the parts of a double-quoted string, more
// than one, hold a "$@" or "${name[@]}"-like expansion.
func hasQuotedAt(parts []syntax.WordPart) bool {
	if len(parts) < 2 {
		return false
	}
	for _, part := range parts {
		if pe, ok := part.(*syntax.ParamExp); ok && pe.Param != nil &&
			(pe.Param.Value == "@" || nodeLit(pe.Index) == "@") {
			return true
		}
	}
	return false
}

// quotedAtFields expands the parts of a double-quoted string as bash does
// when one is "$@": its first element joins the text before it, its last
// the text after it, and each element between is a field of its own
// ("-$@-" with a, b, c gives -a, b, c-).
func (cfg *Config) quotedAtFields(parts []syntax.WordPart, curField *[]fieldPart, flush func()) error {
	for _, part := range parts {
		if pe, ok := part.(*syntax.ParamExp); ok {
			elems, err := cfg.quotedElemFields(pe)
			if err != nil {
				return err
			}
			if elems != nil {
				for i, elem := range elems {
					if i > 0 {
						flush()
					}
					*curField = append(*curField, fieldPart{quote: quoteDouble, val: elem})
				}
				continue
			}
		}
		wfield, err := cfg.wordField([]syntax.WordPart{part}, quoteDouble)
		if err != nil {
			return err
		}
		for _, fp := range wfield {
			fp.quote = quoteDouble
			*curField = append(*curField, fp)
		}
	}
	return nil
}
