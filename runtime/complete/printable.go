package complete

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"
)

// Printable returns s with every control character (C0, DEL, C1) and
// invalid byte written as visible text: \e for ESC, \n, \t, \xNN for the
// rest. A file named with an escape sequence shows as text in a menu and
// never reaches the terminal raw.
func Printable(s string) string {
	if !needsEscape(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r == 0x1b:
			b.WriteString(`\e`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\r':
			b.WriteString(`\r`)
		case unicode.IsControl(r) || r == 0x2028 || r == 0x2029:
			if r < 0x100 {
				fmt.Fprintf(&b, `\x%02x`, r)
			} else {
				fmt.Fprintf(&b, `\u%04x`, r)
			}
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

func needsEscape(s string) bool {
	for _, r := range s {
		if r == utf8.RuneError || unicode.IsControl(r) || r == 0x2028 || r == 0x2029 {
			return true
		}
	}
	return false
}

// Safe makes a candidate safe to show and to insert: its Display is
// Printable, and a Value holding control characters is inserted quoted
// ($'…' after the typed prefix), which names the same file.
func Safe(prefix string, c Candidate) Candidate {
	c.Display = Printable(c.Display)
	if needsEscape(c.Value) {
		rest, ok := strings.CutPrefix(c.Value, prefix)
		if !ok || needsEscape(prefix) {
			prefix, rest = "", c.Value
		}
		suffix := ""
		if strings.HasSuffix(rest, "/") {
			rest, suffix = rest[:len(rest)-1], "/"
		}
		if q, err := syntax.Quote(rest, syntax.LangBash); err == nil {
			c.Value = prefix + q + suffix
		} else {
			c.Value = prefix + Printable(rest) + suffix
		}
	}
	return c
}
