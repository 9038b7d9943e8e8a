package repl

import (
	"strings"

	"github.com/reeflective/readline"

	"github.com/lacy-sh/lacy/runtime/predict"
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
// entry extending it (frequent and recent in this directory first), else
// the predict model's (predictmodel.go); at an empty prompt, the command
// that most often followed the last one run here. Never while the line
// goes to the agent.
func (a *App) prediction(line string) (text string, byModel, ok bool) {
	if a.Hist == nil {
		return "", false, false
	}
	if line == "" {
		a.model.Stop()
		if a.Mode() == route.ModeAgent {
			return "", false, false
		}
		text, ok = a.nextCommand()
		return text, false, ok
	}
	if a.Route(line).Route == route.Agent {
		a.model.Stop()
		return "", false, false
	}
	if s, ok := a.Hist.Suggest(line, a.Sh.Dir()); ok {
		a.model.Stop()
		return s, false, true
	}
	if !predict.MayPredict(line, a.Route(line)) {
		a.model.Stop()
		return "", false, false
	}
	text, ok = a.model.Ghost(line)
	return text, ok, ok
}

// modelGhostStyle draws the model's ghost text: a colour of its own, so it
// is never mistaken for something from history.
const modelGhostStyle = "\x1b[3;38;5;110m" // italic, light steel blue

// nextCommand predicts the command after this session's last one.
func (a *App) nextCommand() (string, bool) {
	n, dir := a.Hist.Len(), a.Sh.Dir()
	if c := &a.next; c.n == n && c.dir == dir && n > 0 {
		return c.cmd, c.ok
	}
	cmd, ok := a.Hist.Next(dir)
	a.next = nextCache{n: n, dir: dir, cmd: cmd, ok: ok}
	return cmd, ok
}

// registerPrefixHistory adds lacy-history-up and lacy-history-down and binds
// them to ↑ and ↓: with text typed before the cursor they walk the history
// entries starting with it; from an empty line, or in a multi-line buffer,
// they are readline's previous-history and next-history.
func (a *App) registerPrefixHistory(rl *readline.Shell) {
	cmds := rl.Keymap.Commands()
	up, down := cmds["previous-history"], cmds["next-history"]
	if up == nil || down == nil || a.Hist == nil {
		return
	}
	set := func(line string) {
		rl.Line().Set([]rune(line)...)
		rl.Cursor().Set(rl.Line().Len())
	}
	begin := func() bool { // the walk itself is history.PrefixWalk
		line := *rl.Line()
		return a.walk.Begin(string(line), string(line[:rl.Cursor().Pos()]), a.Hist.Len())
	}
	rl.Keymap.Register(map[string]func(){
		"lacy-history-up": func() {
			if !begin() {
				up()
				a.walk.Left(string(*rl.Line()))
				return
			}
			if line, ok := a.walk.Up(a.Hist); ok {
				set(line)
			}
		},
		"lacy-history-down": func() {
			if !begin() {
				down()
				a.walk.Left(string(*rl.Line()))
				return
			}
			if line, ok := a.walk.Down(); ok {
				set(line)
			}
		},
	})
	// ↑ and ↓ (ESC [ A, ESC O A…: readline keeps them as "[A" in
	// emacs-meta, "\M-[A" in vi-insert) where they still do readline's
	// default; a user's inputrc binding them to anything else wins.
	for km, binds := range rl.Config.Binds {
		if km == "vi-command" || km == "vi-move" || km == "vi" {
			continue
		}
		for key, b := range binds {
			switch {
			case len(key) < 2:
			case b.Action == "previous-history" && strings.HasSuffix(key, "A"):
				_ = rl.Config.Bind(km, key, "lacy-history-up", false)
			case b.Action == "next-history" && strings.HasSuffix(key, "B"):
				_ = rl.Config.Bind(km, key, "lacy-history-down", false)
			}
		}
	}
}
