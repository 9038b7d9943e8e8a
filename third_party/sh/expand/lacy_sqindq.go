// lacy patch 050: in "${u:-'$x'}" the single quotes are plain characters,
// so what they hold is expanded as double-quoted text.

package expand

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// dquotedText expands s as the text of a double-quoted string ($x, $(cmd),
// `cmd` and $((...)) are expanded). On a parse or expansion error it
// gives s as it is.
func (cfg *Config) dquotedText(s string) string {
	if !strings.ContainsAny(s, "$`") {
		return s
	}
	word, err := syntax.NewParser().Document(strings.NewReader(s))
	if err != nil {
		return s
	}
	field, err := cfg.wordField(word.Parts, quoteHeredoc)
	if err != nil {
		return s
	}
	return cfg.fieldJoin(field)
}
