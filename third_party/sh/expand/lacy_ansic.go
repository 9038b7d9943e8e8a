// lacy patch 044: $'\cX' is the control character X & 0x1f, as in bash.

package expand

import "strings"

// ansiCControl replaces the \cX escapes of a $'...' string by the control
// characters they stand for, leaving every other escape to [Format] (where
// \c means "stop output", as in printf %b and echo -e).
func ansiCControl(s string) string {
	if !strings.Contains(s, `\c`) {
		return s
	}
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 >= len(s) {
			sb.WriteByte(s[i])
			continue
		}
		if s[i+1] == 'c' && i+2 < len(s) {
			sb.WriteByte(s[i+2] & 0x1f)
			i += 2
			continue
		}
		sb.WriteByte(s[i])
		sb.WriteByte(s[i+1])
		i++
	}
	return sb.String()
}
