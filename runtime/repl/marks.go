package repl

import (
	"io"
	"os"

	"github.com/lacy-sh/lacy/runtime/redact"
	"github.com/lacy-sh/lacy/runtime/termmarks"
)

// newMarks decides the terminal marks of the session (OSC 133, OSC 7, the
// title; see runtime/termmarks): on unless the terminal is dumb, standard
// output is not a terminal, or lacy.config{ terminal = { marks = false } }.
func (a *App) newMarks() termmarks.Marks {
	c := a.Cfg.Terminal.Get() // a bad table was reported when the config loaded
	if a.Plain || !a.IO.IsStdoutTTY() {
		return termmarks.Marks{}
	}
	host, _ := os.Hostname()
	return termmarks.New(c, os.Getenv("TERM"), host)
}

// markPromptStart is written at column 0 before the prompt: where the
// prompt starts and the directory the terminal opens new tabs in.
func (a *App) markPromptStart() {
	if a.marks.On() {
		cwd := a.Sh.Dir()
		io.WriteString(a.IO.Out, a.marks.PromptStart(cwd, tildePath(cwd)))
	}
}

// markCommandStart is written after Enter, before the line runs: where its
// output starts, and the command (redacted) as the window title.
func (a *App) markCommandStart(line string) {
	if a.marks.On() && !blank(line) {
		io.WriteString(a.IO.Out, a.marks.CommandStart(redact.String(line)))
	}
}

// markCommandEnd is written when the line has finished, with its status;
// an empty line ran nothing and gets an end without a status.
func (a *App) markCommandEnd(line string) {
	if !a.marks.On() {
		return
	}
	if blank(line) {
		io.WriteString(a.IO.Out, a.marks.NoCommand())
		return
	}
	status, _ := a.Last()
	io.WriteString(a.IO.Out, a.marks.CommandEnd(status))
}

func blank(s string) bool {
	for _, r := range s {
		if r != ' ' && r != '\t' && r != '\n' {
			return false
		}
	}
	return true
}
