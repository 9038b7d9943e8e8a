package repl

import (
	"github.com/lacy-sh/lacy/runtime/route"
)

// nextCache remembers the empty prompt's prediction: it depends only on the
// history and the directory, and the hint provider runs at every redraw.
type nextCache struct {
	n   int // history entries when computed
	dir string
	cmd string
	ok  bool
}

// prediction is the ghost text for line: for a typed prefix, the history
// entry extending it (frequent and recent in this directory first); at an
// empty prompt, the command that most often followed the last one run
// here. Never while the line goes to the agent.
func (a *App) prediction(line string) (string, bool) {
	if a.hist == nil {
		return "", false
	}
	if line == "" {
		if a.currentMode() == route.ModeAgent {
			return "", false
		}
		return a.nextCommand()
	}
	if a.route(line).Route == route.Agent {
		return "", false
	}
	return a.hist.Suggest(line, a.sh.Dir())
}

// nextCommand predicts the command after this session's last one.
func (a *App) nextCommand() (string, bool) {
	n, dir := a.hist.Len(), a.sh.Dir()
	if c := &a.next; c.n == n && c.dir == dir && n > 0 {
		return c.cmd, c.ok
	}
	cmd, ok := a.hist.Next(dir)
	a.next = nextCache{n: n, dir: dir, cmd: cmd, ok: ok}
	return cmd, ok
}
