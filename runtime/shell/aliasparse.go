package shell

import (
	"strings"
)

// maxAliasRetries bounds how often a script's syntax error is retried with
// aliases expanded as text (an alias may expand to itself).
const maxAliasRetries = 16

// aliasBreak are the characters that end a word where an alias may stand.
const aliasBreak = " \t\n;&|()<>"

// expandAliasesInLine expands, as text, the aliases at the start of line
// (a script line the parser refused): bash expands aliases while it parses,
// so an alias can open a loop, a group or an arithmetic command the rest of
// the line closes (`alias e_='for i in 1 2; do echo '`, `alias LEFT='{'`).
// The first word is replaced by the alias's value and that value's first
// word checked again (each alias once); when a value ends in a blank, the
// word after it is checked too. It reports false when the line starts with
// no alias.
func expandAliasesInLine(line string, value func(string) (string, bool)) (string, bool) {
	skipBlanks := func(i int) int {
		for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
			i++
		}
		return i
	}
	pos := skipBlanks(0)
	after, blank := pos, false // the end of the expanded text, and whether it ended in a blank
	used := map[string]bool{}
	changed := false
	for range 64 {
		end := pos
		for end < len(line) && !strings.ContainsRune(aliasBreak, rune(line[end])) {
			end++
		}
		word := line[pos:end]
		val, ok := value(word)
		if word != "" && ok && !used[word] {
			used[word] = true
			changed = true
			line = line[:pos] + val + line[end:]
			if pos >= after {
				after = pos + len(val)
			} else {
				after += len(val) - len(word)
			}
			blank = blank || strings.TrimRight(val, " \t") != val
			continue
		}
		if !blank || after >= len(line) {
			break
		}
		pos, blank = skipBlanks(after), false
		after = pos
	}
	return line, changed
}

// aliasRetry expands, as text, the aliases at the start of the first line
// of the statement the parser refused (lines from to errLine, 1-based),
// which bash would have expanded while parsing; the lines before it, which
// ran already, become empty so that line numbers stay. It reports false
// when there is no alias to expand there.
func (s *Shell) aliasRetry(src string, from, errLine uint) (string, bool) {
	lines := strings.SplitAfter(src, "\n")
	i := int(from) - 1
	for i >= 0 && i < len(lines) && i < int(errLine) && strings.TrimSpace(lines[i]) == "" {
		i++
	}
	if i < 0 || i >= len(lines) || i >= int(errLine) {
		return "", false
	}
	line, ok := expandAliasesInLine(lines[i], s.runner.AliasValue)
	if !ok {
		return "", false
	}
	return strings.Repeat("\n", i) + line + strings.Join(lines[i+1:], ""), true
}
