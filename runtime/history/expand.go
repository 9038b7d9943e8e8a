package history

import (
	"fmt"
	"strconv"
	"strings"
)

// Expand performs bash's history expansion of the event designators people
// type every day on an interactive line:
//
//	!!     the previous command        !-N   the command N back
//	!N     command number N            !$    the previous command's last word
//	!^     its first argument          !*    all its arguments
//
// A word designator may follow an event after a colon (!!:$, !-2:^, !3:*).
// As in bash, nothing is expanded inside single quotes or after a
// backslash, and a ! followed by a blank, =, ( or the end of the line stays
// as it is. lacy's own prefix, a leading !word, is not an event (bash's
// !string): it forces the shell route.
//
// event(n) returns the command n back (1 is the previous one), or the
// command numbered n when n is negative (history numbers, as `history`
// shows them, are -n); ok is false when there is none. Expand reports
// whether anything was expanded, and an error bash would give
// ("!5: event not found").
func Expand(line string, event func(n int) (string, bool)) (string, bool, error) {
	if !strings.Contains(line, "!") {
		return line, false, nil
	}
	var b strings.Builder
	expanded := false
	inSingle, inDouble := false, false
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case c == '\\' && !inSingle && i+1 < len(line):
			b.WriteByte(c)
			b.WriteByte(line[i+1])
			i++
			continue
		case c == '\'' && !inDouble:
			inSingle = !inSingle
		case c == '"' && !inSingle:
			inDouble = !inDouble
		case c == '!' && !inSingle:
			text, n, err := expandAt(line, i, event)
			if err != nil {
				return line, false, err
			}
			if n > 0 {
				b.WriteString(text)
				i += n - 1
				expanded = true
				continue
			}
		}
		b.WriteByte(c)
	}
	return b.String(), expanded, nil
}

// expandAt expands the designator at line[i] (a '!'). It returns the text
// and how many bytes of line it replaces (0: not a designator).
func expandAt(line string, i int, event func(int) (string, bool)) (string, int, error) {
	rest := line[i+1:]
	if rest == "" {
		return "", 0, nil
	}
	back, n := 0, 0   // which event, and the length of its designator
	implicit := false // !$, !^, !*: the previous command's words
	switch c := rest[0]; {
	case c == '!':
		back, n = 1, 1
	case c == '$' || c == '^' || c == '*':
		back, implicit = 1, true
	case c == '-' && len(rest) > 1 && isDigit(rest[1]):
		d := digits(rest[1:])
		back, _ = strconv.Atoi(rest[1 : 1+d])
		n = 1 + d
	case isDigit(c):
		d := digits(rest)
		k, _ := strconv.Atoi(rest[:d])
		back, n = -k, d
	default:
		// A blank, =, ( or anything else: not a history expansion here,
		// and a leading !word is lacy's prefix.
		return "", 0, nil
	}
	cmd, ok := event(back)
	if !ok {
		return "", 0, fmt.Errorf("!%s: event not found", rest[:max(n, 1)])
	}
	var sel byte
	if after := rest[n:]; implicit {
		sel, n = rest[0], 1
	} else if len(after) >= 2 && after[0] == ':' && strings.IndexByte("$^*", after[1]) >= 0 {
		sel, n = after[1], n+2
	}
	if sel != 0 {
		cmd = selectWords(cmd, sel)
	}
	return cmd, 1 + n, nil
}

// selectWords picks $ (the last word), ^ (the first argument) or * (all
// arguments) of cmd.
func selectWords(cmd string, sel byte) string {
	w := SplitWords(cmd)
	switch sel {
	case '$':
		if len(w) > 0 {
			return w[len(w)-1]
		}
	case '^':
		if len(w) > 1 {
			return w[1]
		}
	case '*':
		if len(w) > 1 {
			return strings.Join(w[1:], " ")
		}
	}
	return ""
}

// SplitWords splits a command line into words the way bash's history does:
// at blanks outside quotes, with the operators | & ; ( ) < > as words of
// their own. Quotes stay in the words.
func SplitWords(cmd string) []string {
	var words []string
	var cur strings.Builder
	flush := func() {
		if cur.Len() > 0 {
			words = append(words, cur.String())
			cur.Reset()
		}
	}
	var quote byte
	for i := 0; i < len(cmd); i++ {
		c := cmd[i]
		switch {
		case quote != 0:
			cur.WriteByte(c)
			if c == quote {
				quote = 0
			} else if c == '\\' && quote == '"' && i+1 < len(cmd) {
				cur.WriteByte(cmd[i+1])
				i++
			}
		case c == '\\' && i+1 < len(cmd):
			cur.WriteByte(c)
			cur.WriteByte(cmd[i+1])
			i++
		case c == '\'' || c == '"':
			quote = c
			cur.WriteByte(c)
		case c == ' ' || c == '\t' || c == '\n':
			flush()
		case strings.IndexByte("|&;()<>", c) >= 0:
			flush()
			j := i + 1
			for j < len(cmd) && strings.IndexByte("|&;<>", cmd[j]) >= 0 && j-i < 2 {
				j++
			}
			words = append(words, cmd[i:j])
			i = j - 1
		default:
			cur.WriteByte(c)
		}
	}
	flush()
	return words
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func digits(s string) int {
	n := 0
	for n < len(s) && isDigit(s[n]) {
		n++
	}
	return n
}
