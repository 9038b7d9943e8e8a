package repl

import (
	"fmt"
	"strings"
	"sync"

	"go.uber.org/zap"

	"github.com/lacy-sh/lacy/agents"
	"github.com/lacy-sh/lacy/agents/render"
	"github.com/lacy-sh/lacy/runtime/ask"
	"github.com/lacy-sh/lacy/runtime/correct"
	"github.com/lacy-sh/lacy/runtime/gitinfo"
	"github.com/lacy-sh/lacy/runtime/route"
	"github.com/lacy-sh/lacy/runtime/safety"
	"github.com/lacy-sh/lacy/runtime/session"
	"github.com/lacy-sh/lacy/runtime/shell"
)

// fixer is the session's corrector, built on the first failure.
type fixer struct {
	once sync.Once
	c    *correct.Corrector
}

// corrections returns the offline fixes of a failed shell line, best
// first, for the fix line and the command_failed event: none when the
// command was stopped by a signal (Ctrl-C is 130).
func (a *App) corrections(line string, status int, tail string) []correct.Fix {
	if status == 0 || status > 128 {
		return nil
	}
	a.fix.once.Do(func() {
		var err error
		a.fix.c, err = session.NewCorrector(a.cfg, func(err error) {
			fmt.Fprintf(a.io.ErrOut, "lacy: %v\n", err)
		})
		if err != nil {
			a.log.Warn("correct", zap.Error(err))
		}
	})
	if a.fix.c == nil {
		return nil
	}
	return a.fix.c.Fix(correct.Failure{Line: line, Exit: status, Output: tail, Cwd: a.sh.Dir()}, a.fixKnowledge())
}

// fixKnowledge is what the corrector knows of the session: PATH programs,
// builtins, functions, aliases, and how often the history starts with each
// (counted only if a typo rule asks).
func (a *App) fixKnowledge() correct.Knowledge {
	var names []string
	if a.path != nil {
		names = a.path.Names()
	}
	names = append(names, shell.Builtins()...)
	names = append(names, a.sh.Functions()...)
	for n := range a.sh.Aliases() {
		names = append(names, n)
	}
	var once sync.Once
	var freq map[string]int
	k := session.CorrectKnowledge(names, func(name string) int {
		once.Do(func() { freq = a.historyFreq(2000) })
		return freq[name]
	})
	k.Branch, _ = gitinfo.Branch(a.sh.Dir())
	k.Missing = learnOptionsLater // options learned in the background, for the next failure
	return k
}

// historyFreq counts the first word of the last n history entries.
func (a *App) historyFreq(n int) map[string]int {
	m := map[string]int{}
	if a.hist == nil {
		return m
	}
	for _, e := range a.hist.Backward() {
		if n--; n < 0 {
			break
		}
		w, _, _ := strings.Cut(strings.TrimSpace(e.Command), " ")
		m[w]++
	}
	return m
}

// fixPayload is the fixes as the command_failed event shows them:
// ev.fixes = { { command = "git status", rule = "command-typo" }, … }.
func fixPayload(fixes []correct.Fix) []any {
	out := make([]any, len(fixes))
	for i, f := range fixes {
		out[i] = map[string]any{"command": f.Command, "rule": f.Rule}
	}
	return out
}

// offerFix shows the fix line after a failed command and acts on the one
// key that answers it:
//
//	fix: git status   [Enter] run  [e] edit  [a] ask the model  [Esc] dismiss
//
// Enter runs the fix as if typed (it goes to history), e puts it in the
// next line's buffer, a asks the correct model, Esc or Ctrl-C dismiss, and
// any other key dismisses the line and is typed as usual. With no offline
// fix, the line only offers [a], and only when a model has the correct role
// and the command said something. Nothing is shown in agent mode, without
// a terminal, or for a command stopped by a signal; without a line editor
// (TERM=dumb) the fix is only shown.
func (a *App) offerFix(line string, status int, tail string, fixes []correct.Fix) {
	if a.cfg.Correct.Disabled || status > 128 || a.currentMode() == route.ModeAgent {
		return
	}
	if a.plain {
		// No line editor (TERM=dumb): stdin is read line by line elsewhere,
		// so the fix is only shown.
		if len(fixes) > 0 {
			a.dim("fix: " + fixes[0].Command)
		}
		return
	}
	t := &ask.Terminal{In: a.io.InFile, Out: a.io.Out}
	if !t.IsTerminal() {
		return
	}
	model := a.cfg.Roles[agents.CorrectRole] != ""
	if len(fixes) == 0 {
		if !model || strings.TrimSpace(tail) == "" {
			return
		}
		if a.cfg.Correct.AutoModel {
			a.askModelFix(t, line, status, tail)
			return
		}
	}
	fix := ""
	hints := []string{}
	if len(fixes) > 0 {
		fix = fixes[0].Command
		hints = append(hints, a.keyHint("Enter", "run"), a.keyHint("e", "edit"))
	}
	if model {
		hints = append(hints, a.keyHint("a", "ask the model"))
	}
	hints = append(hints, a.keyHint("Esc", "dismiss"))
	head := "fix:"
	if fix != "" {
		head += " " + fix
	}
	gap := "   "
	if fix == "" {
		gap = " "
	}
	if !a.beginQuestion(t) {
		// Keys were typed before the fix line could be seen: they are the
		// next prompt's, as typed, and nothing answers the line.
		if fix != "" {
			fmt.Fprintf(a.io.Out, "%s\n", a.dimText(head))
		}
		a.feedKeys(t.TypedBefore())
		return
	}
	fmt.Fprintf(a.io.Out, "%s%s%s", a.dimText(head), gap, strings.Join(hints, "  "))
	ctx, cancel := a.interruptible()
	k, err := t.Key(ctx)
	cancel()
	t.End()
	settle := func(note string) {
		// Leave the line on screen, without its keys, saying what happened.
		fmt.Fprintf(a.io.Out, "\r\x1b[K%s\n", a.dimText(strings.TrimSpace(head+" "+note)))
	}
	if err != nil {
		settle("")
		return
	}
	switch {
	case (k == ask.KeyEnter || k == "\n") && fix != "":
		settle("")
		a.feedKeys(t.TypedAhead())
		a.runFix(t, fix)
	case k == "e" && fix != "":
		settle("(edit)")
		a.feedKeys(append([]byte(fix), t.TypedAhead()...))
	case k == "a" && model:
		if fix == "" {
			// Nothing to leave on screen: the model's fix takes the line.
			fmt.Fprint(a.io.Out, "\r\x1b[K")
		} else {
			settle("")
		}
		a.askModelFix(t, line, status, tail)
	case k == ask.KeyEsc || k == ask.KeyCtrlC || k == ask.KeyCtrlD || k == ask.KeyEnter || k == "\n":
		settle("(dismissed)")
		a.feedKeys(t.TypedAhead())
	default:
		settle("(dismissed)")
		a.feedKeys(append([]byte(k), t.TypedAhead()...))
	}
}

// runFix runs a fix the user chose, as a line typed at the prompt. A fix
// that runtime/safety calls destructive needs the word yes.
func (a *App) runFix(t *ask.Terminal, fix string) {
	if bad, why := safety.IsDestructiveIn(fix, a.sh.Dir()); bad {
		if err := t.Begin(); err != nil {
			return
		}
		early := t.TypedBefore()
		defer a.feedKeys(early)
		fmt.Fprintf(a.io.Out, "%s ", a.warnText("⚠ destructive: "+why+".")+" Type yes and Enter to run it; anything else cancels ›")
		ctx, cancel := a.interruptible()
		w, err := t.Word(ctx)
		cancel()
		t.End()
		if err != nil || !strings.EqualFold(strings.TrimSpace(w), "yes") {
			a.dim("not run")
			return
		}
	}
	a.learn.picked = true // a picked fix teaches nothing
	defer func() { a.learn.picked = false }()
	a.handleLine(fix)
}

// askModelFix asks the correct role's model for fixes of the failure, with
// a spinner, shows them and runs the one the user picks: 1–3 (Enter is 1),
// e edits the first, anything else dismisses. Ctrl-C cancels the request.
func (a *App) askModelFix(t *ask.Terminal, line string, status int, tail string) {
	var recent []string
	for _, c := range a.recent {
		recent = append(recent, c.Cmd)
	}
	if n := len(recent); n > 0 && recent[n-1] == line {
		recent = recent[:n-1]
	}
	mgr := a.agentsManager()
	ctx, cancel := a.interruptible()
	spin := render.NewTerminal(a.io.Out, a.width(), 0, a.color)
	spin.Waiting()
	cmds, err := mgr.SuggestFixes(ctx, agents.FixRequest{Line: line, Exit: status, Output: tail, Cwd: a.sh.Dir(), Recent: recent})
	spin.Stop()
	cancelled := ctx.Err() != nil
	cancel()
	switch {
	case cancelled:
		a.dim("(cancelled)")
		return
	case err != nil:
		fmt.Fprintf(a.io.ErrOut, "lacy: %s\n", strings.Join(strings.Fields(err.Error()), " "))
		return
	case len(cmds) == 0:
		a.dim("the model has no fix for this")
		return
	}
	keys := a.fixChoices(cmds) // one choice: on the key line itself
	if len(cmds) == 1 {
		keys = append(keys, a.keyHint("Enter", "run"))
	} else {
		keys = append(keys, a.keyHint(fmt.Sprintf("1-%d", len(cmds)), "run"))
	}
	keys = append(keys, a.keyHint("e", "edit"), a.keyHint("Esc", "dismiss"))
	if !a.beginQuestion(t) {
		a.feedKeys(t.TypedBefore()) // the list stays on screen; the keys are the prompt's
		return
	}
	fmt.Fprintf(a.io.Out, "%s   %s", a.dimText("fix:"), strings.Join(keys, "  "))
	kctx, kcancel := a.interruptible()
	k, err := t.Key(kctx)
	kcancel()
	t.End()
	fmt.Fprint(a.io.Out, "\r\x1b[K")
	if err != nil {
		return
	}
	pick := -1
	switch {
	case (k == ask.KeyEnter || k == "\n") && len(cmds) == 1:
		pick = 0
	case len(k) == 1 && k[0] >= '1' && int(k[0]-'1') < len(cmds):
		pick = int(k[0] - '1')
	case k == "e":
		a.feedKeys(append([]byte(cmds[0]), t.TypedAhead()...))
		return
	case k == ask.KeyEsc || k == ask.KeyCtrlC || k == ask.KeyCtrlD || k == ask.KeyEnter || k == "\n":
		a.feedKeys(t.TypedAhead())
		return
	default:
		a.feedKeys(append([]byte(k), t.TypedAhead()...))
		return
	}
	a.feedKeys(t.TypedAhead())
	a.runFix(t, cmds[pick])
}

// beginQuestion readies t for a one-key question about to be drawn (see
// ask.Terminal.Begin). It reports false, the terminal left as it was, when
// keys typed before the question are waiting, in the terminal or in the
// line editor's own buffer: an optional question is then not asked, and
// t.TypedBefore holds the terminal's share for feedKeys.
func (a *App) beginQuestion(t *ask.Terminal) bool {
	if err := t.Begin(); err != nil {
		return false
	}
	if !t.TypedEarly() && (a.rl == nil || a.rl.Keys.Empty()) {
		return true
	}
	t.End()
	return false
}

// feedKeys hands keys read while a question was shown to the line editor,
// as if typed at the next prompt.
func (a *App) feedKeys(b []byte) {
	if len(b) == 0 || a.rl == nil {
		return
	}
	// The editor pops its input a byte at a time (a rune each): hand it the
	// bytes as they came, so a typed-ahead é stays UTF-8.
	keys := make([]rune, len(b))
	for i, c := range b {
		keys[i] = rune(c)
	}
	a.rl.Keys.Feed(false, keys...)
}

// keyHint renders "[key] meaning".
func (a *App) keyHint(key, meaning string) string {
	k := "[" + key + "]"
	if a.color {
		k = bold + k + sgrReset
	}
	if meaning == "" {
		return k
	}
	return k + " " + a.dimText(meaning)
}

func (a *App) dimText(s string) string {
	if a.color {
		return dimSGR + s + sgrReset
	}
	return s
}

func (a *App) warnText(s string) string {
	if a.color {
		return warnSGR + s + sgrReset
	}
	return s
}
