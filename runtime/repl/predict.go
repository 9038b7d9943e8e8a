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

// prefixWalk is the state of an ↑/↓ walk through the history by prefix
// (fish's ↑: entries starting with what was typed, newest first, each
// once).
type prefixWalk struct {
	last    string   // the line the previous ↑/↓ left, to tell a walk goes on
	plain   bool     // this walk is readline's own (from an empty line)
	typed   string   // the line as typed; ↓ past the newest match restores it
	prefix  string   // the text before the cursor when the walk began
	matches []string // found so far, newest first
	pos     int      // index in matches of the line shown; -1 for typed
	next    int      // history index to go on searching from (backward)
	seen    map[string]bool
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
		a.walk.last = line
	}
	begin := func() bool {
		line := string(*rl.Line())
		if line == a.walk.last && line != "" {
			return !a.walk.plain
		}
		cur := rl.Cursor().Pos()
		prefix := string((*rl.Line())[:cur])
		a.walk = prefixWalk{plain: cur == 0 || strings.Contains(line, "\n"), typed: line, prefix: prefix, pos: -1, next: a.Hist.Len() - 1}
		return !a.walk.plain
	}
	rl.Keymap.Register(map[string]func(){
		"lacy-history-up": func() {
			if !begin() {
				up()
				a.walk.last = string(*rl.Line())
				return
			}
			w := &a.walk
			if w.pos+1 < len(w.matches) {
				w.pos++
				set(w.matches[w.pos])
				return
			}
			for ; w.next >= 0; w.next-- {
				c := a.Hist.At(w.next).Command
				if len(c) > len(w.prefix) && strings.HasPrefix(c, w.prefix) && c != w.typed && !w.seen[c] {
					if w.seen == nil {
						w.seen = map[string]bool{}
					}
					w.seen[c] = true
					w.matches = append(w.matches, c)
					w.next--
					w.pos++
					set(c)
					return
				}
			}
		},
		"lacy-history-down": func() {
			if !begin() {
				down()
				a.walk.last = string(*rl.Line())
				return
			}
			w := &a.walk
			switch {
			case w.pos > 0:
				w.pos--
				set(w.matches[w.pos])
			case w.pos == 0:
				w.pos = -1
				set(w.typed)
				w.last = "" // a new walk starts from here
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
