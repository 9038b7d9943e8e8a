package repl

import (
	"context"
	"fmt"
	"strings"

	"github.com/lacy-sh/lacy/agents"
	"github.com/lacy-sh/lacy/agents/render"
	"github.com/lacy-sh/lacy/runtime/ask"
	"github.com/lacy-sh/lacy/runtime/repl/core"
	"github.com/lacy-sh/lacy/runtime/safety"
)

// offerFix shows the fix line after a failed command and acts on the one
// key that answers it:
//
//	fix: git status   [Enter] run  [e] edit  [a] ask the model  [Esc] dismiss
//
// Enter runs the fix as if typed (it goes to history), e puts it in the
// next line's buffer, a asks the correct model, Esc or Ctrl-C dismiss, and
// any other key dismisses the line and is typed as usual. With no offline
// fix, the line only offers [a], and only when a model has the correct role
// and the command said something. Nothing is shown without a terminal; the
// core decided the rest (core.Core.offerFix). It is App's core.UI.OfferFix.
func (a *App) OfferFix(ctx context.Context, f core.Failure) {
	line, status, tail, fixes, model := f.Line, f.Status, f.Tail, f.Fixes, f.Model
	t := &ask.Terminal{In: a.IO.InFile, Out: a.IO.Out}
	if !t.IsTerminal() {
		return
	}
	if len(fixes) == 0 {
		if !model || strings.TrimSpace(tail) == "" {
			return
		}
		if a.Cfg.Correct.AutoModel {
			a.askModelFix(ctx, t, line, status, tail)
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
			fmt.Fprintf(a.IO.Out, "%s\n", a.dimText(head))
		}
		a.feedKeys(t.TypedBefore())
		return
	}
	fmt.Fprintf(a.IO.Out, "%s%s%s", a.dimText(head), gap, strings.Join(hints, "  "))
	kctx, cancel := a.Interruptible(ctx)
	k, err := t.Key(kctx)
	cancel()
	t.End()
	settle := func(note string) {
		// Leave the line on screen, without its keys, saying what happened.
		fmt.Fprintf(a.IO.Out, "\r\x1b[K%s\n", a.dimText(strings.TrimSpace(head+" "+note)))
	}
	if err != nil {
		settle("")
		return
	}
	switch {
	case (k == ask.KeyEnter || k == "\n") && fix != "":
		settle("")
		a.feedKeys(t.TypedAhead())
		a.runFix(ctx, t, fix)
	case k == "e" && fix != "":
		settle("(edit)")
		a.feedKeys(append([]byte(fix), t.TypedAhead()...))
	case k == "a" && model:
		if fix == "" {
			// Nothing to leave on screen: the model's fix takes the line.
			fmt.Fprint(a.IO.Out, "\r\x1b[K")
		} else {
			settle("")
		}
		a.askModelFix(ctx, t, line, status, tail)
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
func (a *App) runFix(ctx context.Context, t *ask.Terminal, fix string) {
	if bad, why := safety.IsDestructiveIn(fix, a.Sh.Dir()); bad {
		if err := t.Begin(); err != nil {
			return
		}
		early := t.TypedBefore()
		defer a.feedKeys(early)
		fmt.Fprintf(a.IO.Out, "%s ", a.warnText("⚠ destructive: "+why+".")+" Type yes and Enter to run it; anything else cancels ›")
		wctx, cancel := a.Interruptible(ctx)
		w, err := t.Word(wctx)
		cancel()
		t.End()
		if err != nil || !strings.EqualFold(strings.TrimSpace(w), "yes") {
			a.Dim("not run")
			return
		}
	}
	a.RunPicked(ctx, fix) // a picked fix teaches nothing
}

// askModelFix asks the correct role's model for fixes of the failure, with
// a spinner, shows them and runs the one the user picks: 1–3 (Enter is 1),
// e edits the first, anything else dismisses. Ctrl-C cancels the request.
func (a *App) askModelFix(ctx context.Context, t *ask.Terminal, line string, status int, tail string) {
	var recent []string
	for _, c := range a.Recent() {
		recent = append(recent, c.Cmd)
	}
	if n := len(recent); n > 0 && recent[n-1] == line {
		recent = recent[:n-1]
	}
	mgr := a.Agents()
	rctx, cancel := a.Interruptible(ctx)
	spin := render.NewTerminal(a.IO.Out, a.Width(), 0, a.Color)
	spin.Waiting()
	cmds, err := mgr.SuggestFixes(rctx, agents.FixRequest{Line: line, Exit: status, Output: tail, Cwd: a.Sh.Dir(), Recent: recent})
	spin.Stop()
	cancelled := rctx.Err() != nil
	cancel()
	switch {
	case cancelled:
		a.Dim("(cancelled)")
		return
	case err != nil:
		fmt.Fprintf(a.IO.ErrOut, "lacy: %s\n", strings.Join(strings.Fields(err.Error()), " "))
		return
	case len(cmds) == 0:
		a.Dim("the model has no fix for this")
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
	fmt.Fprintf(a.IO.Out, "%s   %s", a.dimText("fix:"), strings.Join(keys, "  "))
	kctx, kcancel := a.Interruptible(ctx)
	k, err := t.Key(kctx)
	kcancel()
	t.End()
	fmt.Fprint(a.IO.Out, "\r\x1b[K")
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
	a.runFix(ctx, t, cmds[pick])
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
	if a.Color {
		k = bold + k + sgrReset
	}
	if meaning == "" {
		return k
	}
	return k + " " + a.dimText(meaning)
}

func (a *App) dimText(s string) string {
	if a.Color {
		return dimSGR + s + sgrReset
	}
	return s
}

func (a *App) warnText(s string) string {
	if a.Color {
		return warnSGR + s + sgrReset
	}
	return s
}
