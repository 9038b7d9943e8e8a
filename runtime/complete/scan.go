package complete

import "strings"

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
var keepCmdPos = map[string]bool{
	"if": true, "then": true, "else": true, "elif": true, "do": true, "while": true,
	"until": true, "!": true, "{": true, "time": true, "coproc": true,
}

// precommands run their arguments as a command: the word after them (and
// after their flags) is completed as a command name.
var precommands = map[string]bool{
	"sudo": true, "doas": true, "env": true, "exec": true, "command": true, "builtin": true,
	"nohup": true, "nice": true, "xargs": true, "watch": true, "strace": true, "ltrace": true,
	"time": true, "caffeinate": true, "torsocks": true, "proxychains": true, "unbuffer": true,
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
	case isAssignment(raw):
	case keepCmdPos[raw] && !s.precmd:
		s.precmd = precommands[raw]
	case precommands[raw]:
		s.precmd = true
	case s.precmd && raw[0] == '-':
	default:
		s.cmd, s.cmdStart = unquoteSimple(raw), start
		s.cmdPos, s.precmd = false, false
	}
}

func (s *scanner) newCommand() {
	s.cmdPos, s.precmd, s.redirect, s.cmd = true, false, false, ""
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
func isAssignment(w string) bool {
	i := strings.IndexByte(w, '=')
	return i > 0 && isName(w[:i])
}

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
