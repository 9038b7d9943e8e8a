// Package outcap turns what a command wrote to the terminal into the text
// the terminal showed, for the agent's context (lacy.config{ context = {
// output = true } }): escape sequences (colours, cursor movement, titles)
// are removed, a carriage return overwrites its line as a progress bar
// does, and other control characters are dropped.
package outcap

import "strings"

// Clean returns the text raw shows on a terminal, line by line.
func Clean(raw string) string {
	var out strings.Builder
	var line []rune // the current line, as overwritten by \r
	col := 0
	flush := func() {
		out.WriteString(strings.TrimRight(string(line), " "))
		line, col = line[:0], 0
	}
	put := func(r rune) {
		if col < len(line) {
			line[col] = r
		} else {
			line = append(line, r)
		}
		col++
	}
	rs := []rune(raw)
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		switch {
		case r == '\n':
			flush()
			out.WriteByte('\n')
		case r == '\r':
			col = 0
		case r == '\b':
			if col > 0 {
				col--
			}
		case r == '\t':
			put(' ')
			for col%8 != 0 {
				put(' ')
			}
		case r == 0x1b:
			i = skipEscape(rs, i)
		case r == 0x9b: // C1 CSI
			i = skipCSI(rs, i+1)
		case r < 0x20 || r == 0x7f || r >= 0x80 && r < 0xa0:
			// other control characters show nothing
		default:
			put(r)
		}
	}
	flush()
	return out.String()
}

// skipEscape returns the index of the last rune of the escape sequence
// starting at rs[i] (ESC).
func skipEscape(rs []rune, i int) int {
	if i+1 >= len(rs) {
		return i
	}
	switch rs[i+1] {
	case '[':
		return skipCSI(rs, i+2)
	case ']', 'P', '_', '^', 'X': // OSC, DCS, APC, PM, SOS: up to BEL or ST
		for j := i + 2; j < len(rs); j++ {
			if rs[j] == 0x07 || rs[j] == 0x9c {
				return j
			}
			if rs[j] == 0x1b && j+1 < len(rs) && rs[j+1] == '\\' {
				return j + 1
			}
		}
		return len(rs) - 1
	case '(', ')', '*', '+', '#', '%': // a designation: one more character
		return min(i+2, len(rs)-1)
	}
	return i + 1
}

// skipCSI returns the index of the final byte of a CSI sequence whose
// parameters start at rs[j].
func skipCSI(rs []rune, j int) int {
	for ; j < len(rs); j++ {
		if rs[j] >= 0x40 && rs[j] <= 0x7e {
			return j
		}
	}
	return len(rs) - 1
}
