package complete

import (
	"strings"

	"github.com/lacy-sh/lacy/internal/lazy"
	"github.com/lacy-sh/lacy/runtime/wrappers"
)

// position is what scan learns about the word under the cursor.
type position struct {
	start    int    // byte offset where the word starts (the cursor when no word is started)
	cmdPos   bool   // the word is in command position
	flagOnly bool   // in command position after a precommand, and a flag: nothing to complete
	redirect bool   // the word is a redirection target
	cmd      string // the current simple command's name, when past it
	cmdStart int    // byte offset where that name starts, when past it
	comment  bool   // the cursor is in a comment
}

// frame saves the state of a command line while scanning a command
// substitution inside it.
type frame struct {
	quote     byte
	wordStart int
	cmdPos    bool
	precmd    bool
	wrap      wrappers.Wrapper // the precommand being read, when precmd
	skipArg   bool             // the next word is the argument of wrap's option
	operands  int              // wrap's fixed operands still to come (timeout's duration)
	redirect  bool
	cmd       string
	cmdStart  int
	closer    byte // ')' or '`'
}

// scanner splits a partial command line into words, as far as completion
// needs: quotes, escapes, operators, command substitutions and comments.
// It never fails: any input yields a position.
type scanner struct {
	line    string
	frame           // the innermost command line being scanned
	stack   []frame // enclosing command lines of $( and `
	comment bool
}

// keepCmdPos are words after which the next word is still a command.
var keepCmdPos = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{
		"if": true, "then": true, "else": true, "elif": true, "do": true, "while": true,
		"until": true, "!": true, "{": true, "time": true, "coproc": true,
	}
}}

// precommand returns the wrapper (defaults/safety/wrappers.tsv: sudo, env,
// nice, timeout, xargs…) when name runs its arguments as a command: the
// word after it, its options, their arguments and its fixed operands is
// completed as a command name.
func precommand(name string) (wrappers.Wrapper, bool) {
	w, ok := wrappers.Lookup(name)
	return w, ok && w.CommandFollows()
}

// scan reads line up to the cursor and reports the word being typed there.
func scan(line string) position {
	s := scanner{line: line}
	s.wordStart = -1
	s.cmdPos = true
	for i := 0; i < len(line); i++ {
		i = s.step(i)
		if s.comment {
			return position{start: len(line), comment: true}
		}
	}
	p := position{start: s.wordStart, cmdPos: s.cmdPos, redirect: s.redirect, cmd: s.cmd, cmdStart: s.cmdStart}
	if p.start < 0 {
		p.start = len(line)
	}
	if p.redirect {
		p.cmdPos = false
	}
	word := line[p.start:]
	if p.cmdPos && s.precmd && (s.skipArg || s.operands > 0) {
		p.cmdPos = false // the argument of sudo -u, timeout's duration
	}
	if p.cmdPos && s.precmd && strings.HasPrefix(word, "-") {
		p.flagOnly = true
	}
	return p
}

// step handles line[i] and returns the index of the last byte it consumed.
func (s *scanner) step(i int) int {
	line, c := s.line, s.line[i]
	switch s.quote {
	case '\'':
		if c == '\'' {
			s.quote = 0
		}
		return i
	case '"':
		switch c {
		case '\\':
			return i + 1
		case '"':
			s.quote = 0
		case '`':
			s.push('`')
		case '$':
			if i+1 < len(line) && line[i+1] == '(' {
				s.push(')')
				return i + 1
			}
		}
		return i
	}
	switch c {
	case ' ', '\t':
		s.endWord(i)
	case '\n', ';', '&', '|':
		s.endWord(i)
		s.newCommand()
	case '<', '>':
		if s.wordStart >= 0 && allDigits(line[s.wordStart:i]) {
			s.wordStart = -1 // a file descriptor, as in 2>file
		}
		s.endWord(i)
		if i+1 < len(line) && line[i+1] == '(' { // process substitution
			s.startWord(i)
			s.push(')')
			return i + 1
		}
		s.redirect = true
		for i+1 < len(line) && strings.IndexByte("<>&|", line[i+1]) >= 0 {
			i++
		}
	case '(':
		if s.wordStart >= 0 && i > 0 && line[i-1] == '$' {
			s.push(')')
			return i
		}
		s.endWord(i)
		s.newCommand()
	case ')':
		if n := len(s.stack); n > 0 && s.stack[n-1].closer == ')' {
			s.pop()
			return i
		}
		s.endWord(i)
		s.cmdPos = false
	case '`':
		if n := len(s.stack); n > 0 && s.stack[n-1].closer == '`' {
			s.pop()
			return i
		}
		s.startWord(i)
		s.push('`')
	case '\\':
		s.startWord(i)
		return i + 1
	case '\'', '"':
		s.startWord(i)
		s.quote = c
	case '#':
		if s.wordStart >= 0 {
			return i
		}
		nl := strings.IndexByte(line[i:], '\n')
		if nl < 0 {
			s.comment = true
			return len(line)
		}
		return i + nl - 1 // the newline ends the command
	default:
		s.startWord(i)
	}
	return i
}

func (s *scanner) startWord(i int) {
	if s.wordStart < 0 {
		s.wordStart = i
	}
}

// endWord finishes the word ending before line[end], if any, and updates
// the command state with it.
func (s *scanner) endWord(end int) {
	if s.wordStart < 0 {
		return
	}
	raw, start := s.line[s.wordStart:end], s.wordStart
	s.wordStart = -1
	switch {
	case s.redirect:
		s.redirect = false
	case !s.cmdPos:
	case s.precmd && s.skipArg:
		s.skipArg = false
	case isAssignment(raw):
	case s.precmd && raw[0] == '-' && raw != "-":
		opt, _, hasVal := strings.Cut(raw, "=")
		s.skipArg = !hasVal && (s.wrap.ArgOpts[opt] || s.wrap.CodeOpts[opt])
	case s.precmd && s.operands > 0:
		s.operands--
	case keepCmdPos.Get()[raw] && !s.precmd:
		s.wrap, s.precmd = precommand(raw)
		s.operands = s.wrap.Operands
	default:
		if w, ok := precommand(raw); ok {
			s.wrap, s.precmd, s.operands = w, true, w.Operands
			break
		}
		s.cmd, s.cmdStart = unquoteSimple(raw), start
		s.cmdPos, s.precmd = false, false
	}
}

func (s *scanner) newCommand() {
	s.cmdPos, s.precmd, s.redirect, s.cmd = true, false, false, ""
	s.skipArg, s.operands = false, 0
}

func (s *scanner) push(closer byte) {
	f := s.frame
	f.closer = closer
	s.stack = append(s.stack, f)
	s.frame = frame{wordStart: -1, cmdPos: true}
}

func (s *scanner) pop() {
	n := len(s.stack) - 1
	s.frame = s.stack[n]
	s.stack = s.stack[:n]
}

// isAssignment reports whether w starts with NAME=.
func isAssignment(w string) bool { return wrappers.IsAssignment(w) }

func isName(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || i > 0 && '0' <= c && c <= '9') {
			return false
		}
	}
	return s != ""
}

func allDigits(s string) bool {
	return strings.Trim(s, "0123456789") == ""
}

// unquoteSimple removes quotes and backslashes, enough to name a command.
func unquoteSimple(raw string) string {
	if !strings.ContainsAny(raw, `'"\`) {
		return raw
	}
	var b strings.Builder
	var q byte
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		switch {
		case q == 0 && (c == '\'' || c == '"'):
			q = c
		case c == q:
			q = 0
		case c == '\\' && q != '\'' && i+1 < len(raw):
			i++
			b.WriteByte(raw[i])
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
