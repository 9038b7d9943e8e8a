package correct

import (
	"strings"

	"github.com/lacy-sh/lacy/runtime/wrappers"
)

// Word is one word of a command line: its text with quotes removed and the
// byte span of its raw form in the line.
type Word struct {
	Text       string
	Start, End int
}

// Line is a command line split into words the way a shell would, close
// enough for correction: quotes group, backslashes escape, an unclosed
// quote runs to the end. Operators (|, &&, ;) are words of their own.
type Line struct {
	Raw   string
	Words []Word
	// Prog is the index of the program word: the first word after
	// VAR=value assignments and the wrappers of defaults/safety/wrappers.tsv
	// (sudo -u root, env, time, timeout 5…) with their options and operands
	// (len(Words) when there is none).
	Prog int
}

// isPrefix reports whether w runs the words after it as a command: a
// wrapper (sudo, env, nice…) of defaults/safety/wrappers.tsv.
func isPrefix(w string) bool {
	x, ok := wrappers.Lookup(w)
	return ok && x.CommandFollows()
}

// Parse splits a command line into words. It never fails.
func Parse(s string) Line {
	l := Line{Raw: s}
	i := 0
	for i < len(s) {
		c := s[i]
		if c == ' ' || c == '\t' || c == '\n' {
			i++
			continue
		}
		start := i
		if c == '#' {
			break // a comment runs to the end of the line, as in bash
		}
		if op := operator(s[i:]); op > 0 {
			l.Words = append(l.Words, Word{Text: s[i : i+op], Start: i, End: i + op})
			i += op
			continue
		}
		var b strings.Builder
		for i < len(s) {
			c = s[i]
			if c == ' ' || c == '\t' || c == '\n' || operator(s[i:]) > 0 {
				break
			}
			switch c {
			case '\\':
				if i+1 < len(s) {
					b.WriteByte(s[i+1])
					i += 2
					continue
				}
				b.WriteByte(c) // a backslash at the end stays, as in bash
				i++
			case '\'':
				j := strings.IndexByte(s[i+1:], '\'')
				if j < 0 {
					b.WriteString(s[i+1:])
					i = len(s)
					continue
				}
				b.WriteString(s[i+1 : i+1+j])
				i += j + 2
			case '"':
				i++
				for i < len(s) && s[i] != '"' {
					if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("\"\\$`", s[i+1]) >= 0 {
						i++
					}
					b.WriteByte(s[i])
					i++
				}
				if i < len(s) {
					i++
				}
			default:
				b.WriteByte(c)
				i++
			}
		}
		l.Words = append(l.Words, Word{Text: b.String(), Start: start, End: i})
	}
	l.Prog = progIndex(l.Words)
	return l
}

// progIndex returns the index of the program word of words.
func progIndex(words []Word) int {
	k := 0
	for k < len(words) {
		t := words[k].Text
		if isAssign(t) {
			k++
			continue
		}
		w, ok := wrappers.Lookup(t)
		if !ok || !w.CommandFollows() {
			return k
		}
		rest := make([]string, 0, len(words)-k-1)
		for _, x := range words[k+1:] {
			if isOperator(x.Text) {
				break
			}
			rest = append(rest, x.Text)
		}
		k += 1 + w.Skip(rest)
	}
	return len(words)
}

// operator returns the length of the shell operator s starts with, or 0.
func operator(s string) int {
	for _, op := range []string{"&&", "||", ";;", "|&", "|", ";", "&"} {
		if strings.HasPrefix(s, op) {
			return len(op)
		}
	}
	return 0
}

func isOperator(w string) bool { return operator(w) == len(w) && w != "" }

// isAssign reports whether w is a NAME=value assignment.
func isAssign(w string) bool { return wrappers.IsAssignment(w) }

// Program returns the program word's text, or "".
func (l Line) Program() string {
	if l.Prog < len(l.Words) {
		return l.Words[l.Prog].Text
	}
	return ""
}

// Args returns the words after the program up to the first operator.
func (l Line) Args() []Word {
	if l.Prog >= len(l.Words) {
		return nil
	}
	end := l.Prog + 1
	for end < len(l.Words) && !isOperator(l.Words[end].Text) {
		end++
	}
	return l.Words[l.Prog+1 : end]
}

// Sub returns the first argument that is not a flag, with its index in
// Words, skipping the values of flags listed in valued (e.g. git's -C).
func (l Line) Sub(valued ...string) (string, int) {
	args := l.Args()
	for k := 0; k < len(args); k++ {
		t := args[k].Text
		if strings.HasPrefix(t, "-") {
			for _, v := range valued {
				if t == v {
					k++
					break
				}
			}
			continue
		}
		return t, l.Prog + 1 + k
	}
	return "", -1
}

// Replace returns the line with word i replaced by raw text.
func (l Line) Replace(i int, raw string) string {
	w := l.Words[i]
	return l.Raw[:w.Start] + raw + l.Raw[w.End:]
}

// InsertAfter returns the line with raw text inserted after word i.
func (l Line) InsertAfter(i int, raw string) string {
	w := l.Words[i]
	return l.Raw[:w.End] + " " + raw + l.Raw[w.End:]
}

// Remove returns the line without word i (and the space before it).
func (l Line) Remove(i int) string {
	w := l.Words[i]
	start := w.Start
	for start > 0 && (l.Raw[start-1] == ' ' || l.Raw[start-1] == '\t') {
		start--
	}
	if start == 0 {
		end := w.End
		for end < len(l.Raw) && l.Raw[end] == ' ' {
			end++
		}
		return l.Raw[end:]
	}
	return l.Raw[:start] + l.Raw[w.End:]
}

// Find returns the index of the first word after the program whose text is
// t, or -1.
func (l Line) Find(t string) int {
	for i := l.Prog + 1; i < len(l.Words); i++ {
		if l.Words[i].Text == t {
			return i
		}
	}
	return -1
}

// Quote returns s quoted for a POSIX shell when it needs quoting: a lone
// quote or two are escaped with backslashes (test\'s), anything else
// goes in single quotes.
func Quote(s string) string {
	if s == "" {
		return "''"
	}
	plain, quotes := true, 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("-_./:=@%+,~^", c) >= 0:
		case c == '\'' || c == '"':
			quotes++
		default:
			plain = false
		}
	}
	if plain && quotes == 0 {
		return s
	}
	if plain && quotes <= 2 {
		return strings.NewReplacer("'", `\'`, `"`, `\"`).Replace(s)
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
