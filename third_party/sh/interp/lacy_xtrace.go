// lacy patch: words in xtrace lines quoted as bash quotes them.

package interp

import (
	"fmt"
	"strings"
)

// xtraceQuote quotes one word of an xtrace line as bash does: words with
// control characters (other than tab and newline) as $'...', words with
// shell metacharacters (and the empty word) in single quotes, others as is.
func xtraceQuote(s string) string {
	if s == "" {
		return "''"
	}
	ansi, metas := false, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case (c < 0x20 && c != '\t' && c != '\n') || c == 0x7f:
			ansi = true
		case strings.IndexByte(" \t\n'\"\\|&;()<>!{}*[?]^$`", c) >= 0:
			metas = true
		case c == '~' && (i == 0 || s[i-1] == '=' || s[i-1] == ':'):
			metas = true
		case c == '#' && i == 0:
			metas = true
		}
	}
	switch {
	case ansi:
		var sb strings.Builder
		sb.WriteString("$'")
		for i := 0; i < len(s); i++ {
			switch c := s[i]; c {
			case '\a':
				sb.WriteString(`\a`)
			case '\b':
				sb.WriteString(`\b`)
			case 0x1b:
				sb.WriteString(`\E`)
			case '\f':
				sb.WriteString(`\f`)
			case '\n':
				sb.WriteString(`\n`)
			case '\r':
				sb.WriteString(`\r`)
			case '\t':
				sb.WriteString(`\t`)
			case '\v':
				sb.WriteString(`\v`)
			case '\\', '\'':
				sb.WriteByte('\\')
				sb.WriteByte(c)
			default:
				if c < 0x20 || c == 0x7f {
					fmt.Fprintf(&sb, `\%03o`, c)
				} else {
					sb.WriteByte(c)
				}
			}
		}
		sb.WriteString("'")
		return sb.String()
	case metas:
		return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
	}
	return s
}
