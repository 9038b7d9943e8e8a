// lacy patch 037: no panics on associative array subscripts.

package expand

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// AssocKey is the key an associative array's subscript names. The parser
// reads a subscript such as -1 or x+1 as arithmetic when it cannot know the
// array is associative; bash uses its text as the key.
func AssocKey(cfg *Config, idx syntax.ArithmExpr) (string, error) {
	if w, ok := idx.(*syntax.Word); ok {
		return Literal(cfg, w)
	}
	var sb strings.Builder
	word := &syntax.Word{Parts: []syntax.WordPart{&syntax.ArithmExp{X: idx}}}
	if err := syntax.NewPrinter(syntax.Minify(true)).Print(&sb, word); err != nil {
		return "", err
	}
	s := strings.ReplaceAll(sb.String(), "\\\n", "") // the printer breaks lines at nodes without positions
	return strings.TrimSuffix(strings.TrimPrefix(s, "$(("), "))"), nil
}
