package repl

import (
	"fmt"
	"strings"

	"github.com/lacy-sh/lacy/agents"
	"github.com/lacy-sh/lacy/runtime/outcap"
)

// outputState is output capture for the agent (lacy.config{ context = {
// output = true } }) and the session's privacy (/private).
type outputState struct {
	on      bool               // capture configured and possible
	private bool               // /private: no history, no capture, no saved failure
	last    *agents.OutputTail // the last captured line's output
}

// setupCapture reads the config once the shell exists.
func (a *App) setupCapture() {
	a.out.on = a.cfg.Context.Output && !a.plain && a.sh.SetOutputCapture(false)
}

// isPrivate reports whether a line is kept out of the history, the agent's
// recent commands, output capture and the saved failure: it starts with a
// space (bash's HISTCONTROL=ignorespace), or /private is on.
func (a *App) isPrivate(line string) bool {
	return a.out.private || strings.HasPrefix(line, " ")
}

// beginCapture turns capture on for a line that may be captured, off for
// the others.
func (a *App) beginCapture(line string) {
	if a.out.on {
		a.sh.SetOutputCapture(!a.isPrivate(line))
	}
}

// endCapture keeps the captured output of the line that just ran.
func (a *App) endCapture(line string, status int) {
	if !a.out.on {
		return
	}
	if a.isPrivate(line) {
		a.out.last = nil // the last command's output is not captured, nor an older one shown for it
		return
	}
	raw := a.sh.OutputTail()
	a.sh.SetOutputCapture(false)
	a.out.last = &agents.OutputTail{Cmd: line, Exit: status, Text: outcap.Clean(raw), Cut: len(raw) >= 4096}
}

// outputTail is what the agent's context carries of the last output.
func (a *App) outputTail() *agents.OutputTail {
	if !a.out.on || a.out.private {
		return nil
	}
	return a.out.last
}

// slashPrivate is /private: pause (or resume) history, output capture and
// the saved failure for the session.
func (a *App) slashPrivate(args []string) int {
	switch {
	case len(args) == 0:
		a.out.private = !a.out.private
	case args[0] == "on":
		a.out.private = true
	case args[0] == "off":
		a.out.private = false
	default:
		fmt.Fprintf(a.io.ErrOut, "lacy: /private: %q: want on, off or nothing\n", args[0])
		return 2
	}
	if a.out.private {
		a.out.last = nil
		a.dim("private: history and output capture are paused (/private again to resume)")
	} else {
		a.dim("private off: history and output capture resume")
	}
	return 0
}
