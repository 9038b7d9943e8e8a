package repl

import (
	"os"
	"os/user"
	"strings"

	"github.com/reeflective/readline"
	"github.com/reeflective/readline/inputrc"
	"go.uber.org/zap"

	"github.com/lacy-sh/lacy/defaults"
	"github.com/lacy-sh/lacy/runtime/complete"
	"github.com/lacy-sh/lacy/runtime/route"
	"github.com/lacy-sh/lacy/runtime/shell"
)

// newEditorBase builds what of the line editor depends on nothing of the
// session: readline with the user's inputrc and lacy's editor defaults.
// newApp runs it while the shell and the config start.
func (a *App) newEditorBase() *readline.Shell {
	rl := readline.NewShell(inputrc.WithApp("lacy"))
	a.applyEditorDefaults(rl)
	return rl
}

// newReadline completes the line editor newEditorBase began: prompt and
// indicator, multi-line input, history, completion and lacy's key bindings.
func (a *App) newReadline(rl *readline.Shell) *readline.Shell {
	rl.Prompt.Primary(a.primaryPrompt)
	rl.Prompt.Secondary(a.secondaryPrompt)
	rl.Prompt.Continuation(a.continuationPrompt)
	rl.AcceptMultiline = a.lineComplete
	rl.SyntaxHighlighter = a.highlight
	rl.PasteTransformer = pastedText
	rl.Completer = a.complete
	rl.SetEditorEnv(a.Sh.Getenv) // Ctrl-X Ctrl-E: the session's $VISUAL / $EDITOR
	if a.Hist != nil {
		a.lines = a.Hist.Readline()
		rl.History.Add("lacy", a.lines)
		a.wrapHistoryCommands(rl)
		// Ghost text from lacy's history index (readline's own
		// history-autosuggest walks every entry on every keystroke).
		rl.Hint.SetProvider(a.ghost)
	}
	a.wrapGhostAccept(rl)
	a.registerPrefixHistory(rl)
	rl.Keymap.Register(map[string]func(){
		"lacy-cycle-mode": a.cycleMode,
	})
	for _, km := range []string{"emacs", "emacs-standard", "vi-insert", "vi-command"} {
		_ = rl.Config.Bind(km, inputrc.Unescape(`\C-@`), "lacy-cycle-mode", false) // Ctrl+Space sends NUL
	}
	a.applyBinds(rl) // what the rc's bind lines set (bind.go)
	return rl
}

// applyEditorDefaults applies defaults/editor/inputrc, except what the
// user's inputrc ($INPUTRC, ~/.inputrc or /etc/inputrc: the file readline
// read) sets itself: the user's variables and key bindings win.
func (a *App) applyEditorDefaults(rl *readline.Shell) {
	lacy := inputrc.NewConfig()
	if err := inputrc.ParseBytes(defaults.Read("editor/inputrc"), lacy, inputrc.WithApp("lacy")); err != nil {
		a.Log.Warn("defaults/editor/inputrc", zap.Error(err))
		return
	}
	// Read the user's file again, alone, to learn what it sets.
	users := inputrc.NewConfig()
	u, _ := user.Current()
	_ = inputrc.UserDefault(u, users, inputrc.WithMode("emacs"), inputrc.WithTerm(os.Getenv("TERM")), inputrc.WithApp("lacy"))
	for name, v := range lacy.Vars {
		if _, set := users.Vars[name]; !set {
			rl.Config.Vars[name] = v
		}
	}
	if _, set := users.Vars["terminal-reflow"]; !set {
		rl.Config.Vars["terminal-reflow"] = terminalReflow(os.Getenv)
	}
	for km, binds := range lacy.Binds {
		for seq, b := range binds {
			if _, set := users.Binds[km][seq]; !set {
				_ = rl.Config.Bind(km, seq, b.Action, b.Macro)
			}
		}
	}
}

// terminalReflow says whether the terminal re-wraps lines when resized ("on"
// or "off"), from defaults/editor/terminals.txt, which lists the ones that
// do not. tmux and screen answer for the terminal they run in.
func terminalReflow(getenv func(string) string) string {
	if getenv("TMUX") != "" || strings.HasPrefix(getenv("TERM"), "screen") || strings.HasPrefix(getenv("TERM"), "tmux") {
		return "on"
	}
	for _, l := range strings.Split(string(defaults.Read("editor/terminals.txt")), "\n") {
		l = strings.TrimSpace(l)
		if l == "" || l[0] == '#' {
			continue
		}
		name, prefix, withValue := strings.Cut(l, "=")
		if v := getenv(name); v != "" && (!withValue || strings.HasPrefix(v, prefix)) {
			return "off"
		}
	}
	return "on"
}

// lineComplete reports whether Enter ends the line: always for a line routed
// to the agent, translation or a slash command (prose has apostrophes:
// "what's using port 8080"), else when the shell parser needs no more.
func (a *App) lineComplete(line []rune) bool {
	s := string(line)
	done := true
	switch a.Route(s).Route {
	case route.Agent, route.Translate, route.Slash:
	default:
		done = !shell.NeedsMore(s)
	}
	if done {
		a.model.Accepted()
	}
	return done
}

// wrapHistoryCommands makes every history command (↑, Ctrl-R, vi's /, …)
// show readline the whole history; while the user only types, readline sees
// the newest entries (see history.Lines).
func (a *App) wrapHistoryCommands(rl *readline.Shell) {
	wrapped := map[string]func(){}
	for name, cmd := range rl.Keymap.Commands() {
		if !isHistoryCommand(name) {
			continue
		}
		wrapped[name] = func() {
			a.lines.SetTyping(false)
			cmd()
		}
	}
	rl.Keymap.Register(wrapped)
}

// pastedText keeps what a paste may put in the buffer: text, tabs and line
// breaks. Other control bytes (NUL, ESC, …) in pasted junk are dropped, so
// they never act as keys or reach the terminal.
func pastedText(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '\n' || r == '\t' || r >= ' ' && r != 0x7f && (r < 0x80 || r > 0x9f) {
			return r
		}
		return -1
	}, s)
}

// wrapGhostAccept makes the keys that move to the end of the line (End,
// Ctrl-E) accept the ghost text, and the forward-word keys (Alt-F, Alt-→)
// accept its next word, as in fish. → and Ctrl-F (forward-char) already
// accept it in readline.
func (a *App) wrapGhostAccept(rl *readline.Shell) {
	cmds := rl.Keymap.Commands()
	accept, acceptWord := cmds["inline-suggest-accept"], cmds["inline-suggest-accept-word"]
	wrap := func(name string, onGhost func()) {
		orig := cmds[name]
		if orig == nil || onGhost == nil {
			return
		}
		rl.Keymap.Register(map[string]func(){name: func() {
			if a.ghostShown(rl) {
				onGhost()
				return
			}
			orig()
		}})
	}
	wrap("end-of-line", accept)
	wrap("forward-word", acceptWord)
}

// ghostShown reports whether ghost text is on screen: the cursor is at the
// end of the line and the suggestion extends it.
func (a *App) ghostShown(rl *readline.Shell) bool {
	line := string(*rl.Line())
	g := rl.GetInlineSuggestion()
	return rl.Cursor().Pos() == rl.Line().Len() && len(g) > len(line) && strings.HasPrefix(g, line)
}

// isHistoryCommand reports whether a readline command reads the history.
func isHistoryCommand(name string) bool {
	for _, part := range []string{"history", "search", "-arg", "magic-space", "up-line", "down-line", "-hist", "infer"} {
		if strings.Contains(name, part) {
			return true
		}
	}
	return false
}

// ghost shows the prediction for the line (see prediction) as dim inline
// text; → accepts it. It runs on the readline goroutine at every redraw and
// costs a few µs.
func (a *App) ghost(line []rune, cursor int) []rune {
	defer func() {
		if r := recover(); r != nil {
			a.Panicked("ghost text", r)
		}
	}()
	if cursor != len(line) {
		a.rl.ClearInlineSuggestion()
		return nil
	}
	if s, byModel, ok := a.prediction(string(line)); ok {
		a.rl.SetInlineSuggestion(s)
		a.rl.SetInlineSuggestionStyle(a.ghostStyle(byModel))
	} else {
		a.rl.ClearInlineSuggestion()
	}
	return nil
}

// highlight colours the command word of the line with its route's colour:
// the live indicator. It runs on every keystroke.
func (a *App) highlight(line []rune) (out string) {
	s := string(line)
	defer func() {
		if r := recover(); r != nil {
			a.Panicked("the highlighter", r)
			out = s
		}
	}()
	if !a.Color || route.IsBlank(s) || a.Classifier() == nil {
		return s
	}
	d := a.Route(s)
	w := d.Word
	if w.End <= w.Start || w.End > len(s) {
		return s
	}
	return s[:w.Start] + routeColor(d.Route) + s[w.Start:w.End] + sgrReset + s[w.End:]
}

// cycleMode is the Ctrl+Space widget: auto → shell → agent → auto.
func (a *App) cycleMode() {
	a.SaveMode(a.CycleMode())
	a.computePrompt()
}

// complete is the readline completer: command names in command position,
// arguments from lacy.complete or bash-completion (complete.go), else paths.
func (a *App) complete(line []rune, cursor int) readline.Completions {
	s := string(line)
	byteCursor := len(string(line[:min(cursor, len(line))]))
	home, _ := os.UserHomeDir()
	req := complete.Request{
		Line: s, Cursor: byteCursor, Dir: a.Sh.Dir(), Home: home,
		Commands: a.commandNames, Getenv: a.Sh.Getenv, Vars: a.Sh.VarNames, Users: complete.Users,
	}
	if comps, ok := a.luaComplete(s, byteCursor); ok { // lacy.complete
		return comps
	}
	res, ok := a.bashComplete(req) // arguments: bash-completion's specs
	if !ok {
		res = complete.Complete(req)
	}
	if len(res.Candidates) == 0 || a.replaceWord(s, byteCursor, res) {
		return readline.CompleteValues()
	}
	vals := make([]readline.Completion, 0, len(res.Candidates))
	colors := a.lsColors()
	for _, c := range res.Candidates {
		c = complete.Safe(res.Prefix, c) // escape sequences show as text, never raw
		v := c.Value
		if c.Space {
			v += " "
		}
		vals = append(vals, readline.Completion{Value: v, Display: c.Display, Style: colors(c)})
	}
	comps := readline.CompleteRaw(vals).NoSpace('/', ' ')
	comps.PREFIX = res.Prefix
	return comps
}

// commandNames lists what can start a command: builtins, functions, aliases
// and PATH executables.
func (a *App) commandNames() []string {
	return a.Names.All()
}
