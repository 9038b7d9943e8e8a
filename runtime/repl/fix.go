package repl

import (
	"context"
	"fmt"
	"strings"

	"github.com/lacy-sh/lacy/agents"
	"github.com/lacy-sh/lacy/agents/render"
	"github.com/lacy-sh/lacy/runtime/ask"
	"github.com/lacy-sh/lacy/runtime/fixline"
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
	t := &ask.Terminal{In: a.IO.InFile, Out: a.IO.Out}
	if !t.IsTerminal() {
		return
	}
	best := ""
	if len(f.Fixes) > 0 {
		best = f.Fixes[0].Command
	}
	l, show, askNow := fixline.Offer(best, f.Model, a.Cfg.Correct.AutoModel, f.Tail)
	if askNow {
		a.askModelFix(ctx, t, f.Line, f.Status, f.Tail)
		return
	}
	if !show {
		return
	}
	head := l.Head()
	if !a.beginQuestion(t) {
		// Keys were typed before the fix line could be seen: they are the
		// next prompt's, as typed, and nothing answers the line.
		if l.Fix != "" {
			fmt.Fprintf(a.IO.Out, "%s\n", a.dimText(head))
		}
		a.feedKeys(t.TypedBefore())
		return
	}
	fmt.Fprintf(a.IO.Out, "%s%s%s", a.dimText(head), l.Gap(), a.keyHints(l.Hints()))
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
	switch action := l.Key(k); action {
	case fixline.Run:
		settle("")
		a.feedKeys(t.TypedAhead())
		a.runFix(ctx, t, l.Fix)
	case fixline.Edit:
		settle(fixline.Note(action))
		a.feedKeys(append([]byte(l.Fix), t.TypedAhead()...))
	case fixline.AskModel:
		if l.Fix == "" {
			// Nothing to leave on screen: the model's fix takes the line.
			fmt.Fprint(a.IO.Out, "\r\x1b[K")
		} else {
			settle("")
		}
		a.askModelFix(ctx, t, f.Line, f.Status, f.Tail)
	case fixline.Dismiss:
		settle(fixline.Note(action))
		a.feedKeys(t.TypedAhead())
	default:
		settle(fixline.Note(action))
		a.feedKeys(append([]byte(k), t.TypedAhead()...))
	}
}

// keyHints renders the keys of a question: "[Enter] run  [e] edit …".
func (a *App) keyHints(hints []fixline.Hint) string {
	out := make([]string, len(hints))
	for i, h := range hints {
		out[i] = a.keyHint(h.Key, h.Meaning)
	}
	return strings.Join(out, "  ")
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
	choices := fixline.Choices{N: len(cmds)}
	keys := a.fixChoices(cmds) + a.keyHints(choices.Hints()) // one choice: on the key line itself
	if !a.beginQuestion(t) {
		a.feedKeys(t.TypedBefore()) // the list stays on screen; the keys are the prompt's
		return
	}
	fmt.Fprintf(a.IO.Out, "%s   %s", a.dimText("fix:"), keys)
	kctx, kcancel := a.Interruptible(ctx)
	k, err := t.Key(kctx)
	kcancel()
	t.End()
	fmt.Fprint(a.IO.Out, "\r\x1b[K")
	if err != nil {
		return
	}
	switch action, pick := choices.Key(k); action {
	case fixline.Run:
		a.feedKeys(t.TypedAhead())
		a.runFix(ctx, t, cmds[pick])
	case fixline.Edit:
		a.feedKeys(append([]byte(cmds[0]), t.TypedAhead()...))
	case fixline.Dismiss:
		a.feedKeys(t.TypedAhead())
	default:
		a.feedKeys(append([]byte(k), t.TypedAhead()...))
	}
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
