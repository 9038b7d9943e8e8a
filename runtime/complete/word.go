package complete

import "strings"

// word is the word under the cursor with its quoting removed.
type word struct {
	dir   string // the value up to and including its last '/', expanded; "" without a '/'
	base  string // the value after the last '/': what names must start with
	quote byte   // the quote open at the cursor: 0, '\'' or '"'
	varAt int    // offset in raw of a $NAME or ${NAME being typed at the cursor, or -1
	name  string // the part of that name typed so far
	brace bool   // the name follows ${
	ok    bool   // false when the word cannot be completed
}

// parseWord unquotes raw, the text of a word up to the cursor, expanding a
// leading ~ to home and $NAME / ${NAME} with getenv. It fails on command
// substitutions, special parameters, a lone backslash at the cursor and
// variables it cannot expand.
func parseWord(raw, home string, getenv func(string) string) word {
	w := word{varAt: -1}
	val := make([]byte, 0, len(raw))
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		switch {
		case w.quote == '\'':
			if c == '\'' {
				w.quote = 0
			} else {
				val = append(val, c)
			}
		case c == '\\':
			if i+1 == len(raw) {
				return word{varAt: -1}
			}
			i++
			switch {
			case w.quote == 0 && raw[i] == '\n': // line continuation
			case w.quote == 0 || strings.IndexByte("$`\"\\\n", raw[i]) >= 0:
				val = append(val, raw[i])
			default:
				val = append(val, '\\', raw[i])
			}
		case c == '"' && w.quote == '"':
			w.quote = 0
		case (c == '\'' || c == '"') && w.quote == 0:
			w.quote = c
		case c == '`':
			return word{varAt: -1}
		case c == '$':
			j := i + 1
			brace := j < len(raw) && raw[j] == '{'
			if brace {
				j++
			}
			k := j
			for k < len(raw) && isNameByte(raw[k], k > j) {
				k++
			}
			if k == len(raw) { // the cursor is in the name
				w.varAt, w.name, w.brace, w.ok = i, raw[j:k], brace, true
				return w
			}
			name := raw[j:k]
			switch {
			case name == "" && !brace && raw[j] != '(' && strings.IndexByte("0123456789?#$!@*-", raw[j]) < 0:
				val = append(val, '$') // a literal dollar
				continue
			case name == "", brace && raw[k] != '}', getenv == nil:
				return word{varAt: -1}
			}
			if brace {
				k++
			}
			val = append(val, getenv(name)...)
			i = k - 1
		case c == '~' && i == 0 && (len(raw) == 1 || raw[1] == '/'):
			if home == "" {
				return word{varAt: -1}
			}
			val = append(val, home...)
		default:
			val = append(val, c)
		}
	}
	slash := strings.LastIndexByte(string(val), '/')
	w.dir, w.base, w.ok = string(val[:slash+1]), string(val[slash+1:]), true
	return w
}

func isNameByte(c byte, digitOK bool) bool {
	return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || digitOK && '0' <= c && c <= '9'
}
