package repl

import (
	"bufio"
	"io"
	"strings"
	"syscall"

	"github.com/reeflective/readline"

	"github.com/lacy-sh/lacy/runtime/shell"
)

// dumbTerminal reports whether the terminal understands no escape
// sequences: TERM=dumb, as Emacs' M-x shell and other line-based front ends
// set it. lacy then reads plain lines (the terminal's own line editing) and
// writes no colour or cursor movement.
func dumbTerminal(getenv func(string) string) bool {
	return getenv("TERM") == "dumb"
}

// colorAllowed reports whether lacy may colour its output: not with
// NO_COLOR set (https://no-color.org) or on a dumb terminal.
func colorAllowed(getenv func(string) string) bool {
	return getenv("NO_COLOR") == "" && !dumbTerminal(getenv)
}

// readPlain reads one (possibly multi-line) line without a line editor: a
// plain prompt, then whole lines as the terminal's line discipline delivers
// them. Ctrl-C (SIGINT, the terminal is cooked) drops what was typed and
// starts over, as readline's ErrInterrupt does.
func (a *App) readPlain() (string, error) {
	if a.plainLines == nil {
		a.plainLines = make(chan string)
		go func() {
			defer close(a.plainLines)
			r := bufio.NewReader(a.IO.In)
			for {
				l, err := r.ReadString('\n')
				if l != "" {
					a.plainLines <- strings.TrimSuffix(l, "\n")
				}
				if err != nil {
					return
				}
			}
		}()
	}
	var buf []string
	prompt := a.primaryPrompt()
	for {
		io.WriteString(a.IO.Out, prompt)
		if l := a.plainPending; l != nil {
			a.plainPending = nil
			io.WriteString(a.IO.Out, *l+"\n")
			buf = append(buf, *l)
			if src := strings.Join(buf, "\n"); !shell.NeedsMore(src) {
				return src, nil
			}
			prompt = "> "
			continue
		}
		select {
		case l, ok := <-a.plainLines:
			if !ok {
				return "", io.EOF
			}
			// A Ctrl-C pressed before this line was typed may reach lacy
			// after it: it ends the prompt the line was not typed at.
			if a.pendingInterrupt() {
				io.WriteString(a.IO.Out, "\n")
				a.plainPending = &l
				return "", readline.ErrInterrupt
			}
			buf = append(buf, l)
			if src := strings.Join(buf, "\n"); !shell.NeedsMore(src) {
				return src, nil
			}
			prompt = "> "
		case sig := <-a.sigs:
			if sig == syscall.SIGINT {
				io.WriteString(a.IO.Out, "\n")
				return "", readline.ErrInterrupt
			}
		}
	}
}

// pendingInterrupt takes a SIGINT that has arrived and not been handled.
func (a *App) pendingInterrupt() bool {
	for {
		select {
		case sig := <-a.sigs:
			if sig == syscall.SIGINT {
				return true
			}
		default:
			return false
		}
	}
}
