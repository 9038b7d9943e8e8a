// Package termmarks writes the escape sequences by which a terminal follows
// a shell: OSC 133 semantic prompt marks (FinalTerm's A prompt start, B
// input start, C output start, D;status command end), OSC 7 (the working
// directory as a file:// URL) and OSC 2 (the window title). WezTerm,
// kitty, Ghostty, iTerm2, foot, Zellij and VS Code use them to jump
// between prompts, select a command's output, show its status and open
// new tabs in the same directory.
//
// Every sequence ends with BEL rather than ST: the line editor measures
// the prompt by stripping escape sequences, and its pattern knows
// BEL-terminated ones; an OSC 133 mark inside the prompt is then zero
// columns wide.
package termmarks

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/lacy-sh/lacy/spec"
)

// Config is lacy.config{ terminal = { marks = …, title = … } }
// (spec.Terminal: the configuration's types live in the leaf package spec).
type Config = spec.Terminal

// DefaultConfig is the configuration without a terminal table: all on.
var DefaultConfig = spec.DefaultTerminal

// ParseConfig reads the terminal table of lacy.config (see
// spec.ParseTerminal; nil gives DefaultConfig).
func ParseConfig(v any) (Config, error) { return spec.ParseTerminal(v) }

// Marks writes the sequences of one session. The zero value writes
// nothing; New decides from the config and the terminal.
type Marks struct {
	on, title bool
	host      string
}

// New returns the marks of a session on a terminal named term ($TERM):
// none on a dumb terminal or when the config turns them off. host is the
// machine's name for OSC 7.
func New(c Config, term, host string) Marks {
	if term == "dumb" || !c.Marks {
		return Marks{}
	}
	return Marks{on: true, title: c.Title, host: host}
}

// On reports whether the marks are written.
func (m Marks) On() bool { return m.on }

// PromptStart is written where the prompt begins (column 0): OSC 133 A,
// the directory (OSC 7) and, with titles on, the directory as the title.
func (m Marks) PromptStart(cwd, shownDir string) string {
	if !m.on {
		return ""
	}
	s := "\x1b]133;A\x07" + m.cwd(cwd)
	if m.title {
		s += Title("lacy " + shownDir)
	}
	return s
}

// InputStart ends the prompt, where the typed command begins (OSC 133 B).
// It is zero columns wide for the line editor.
func (m Marks) InputStart() string {
	if !m.on {
		return ""
	}
	return "\x1b]133;B\x07"
}

// CommandStart is written after Enter, before the command's output
// (OSC 133 C), with the command as the title.
func (m Marks) CommandStart(cmd string) string {
	if !m.on {
		return ""
	}
	s := "\x1b]133;C\x07"
	if m.title {
		s += Title(cmd)
	}
	return s
}

// CommandEnd is written when the command has finished (OSC 133 D with the
// exit status).
func (m Marks) CommandEnd(status int) string {
	if !m.on {
		return ""
	}
	return "\x1b]133;D;" + strconv.Itoa(status) + "\x07"
}

// NoCommand closes a prompt at which nothing ran (an empty line): OSC 133
// D without a status, which terminals show as neither success nor failure.
func (m Marks) NoCommand() string {
	if !m.on {
		return ""
	}
	return "\x1b]133;D\x07"
}

func (m Marks) cwd(dir string) string {
	if dir == "" {
		return ""
	}
	u := url.URL{Scheme: "file", Host: m.host, Path: dir}
	return "\x1b]7;" + u.String() + "\x07"
}

// maxTitle bounds the title, in runes.
const maxTitle = 80

// Title is the OSC 2 sequence setting the window title to s: on one line,
// without control characters (which would end the sequence early or be
// run by the terminal), at most 80 characters.
func Title(s string) string {
	var b strings.Builder
	n := 0
	space := false
	for _, r := range s {
		if r < 0x20 || r == 0x7f || r >= 0x80 && r < 0xa0 {
			r = ' '
		}
		if r == ' ' {
			if space || n == 0 {
				continue
			}
			space = true
		} else {
			space = false
		}
		if n == maxTitle {
			b.WriteString("…")
			break
		}
		b.WriteRune(r)
		n++
	}
	return "\x1b]2;" + strings.TrimRight(b.String(), " ") + "\x07"
}
