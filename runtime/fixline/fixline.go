// Package fixline is the fix line's logic, without a terminal: whether it
// shows after a failed command, what it offers, and what each key does.
//
//	fix: git status   [Enter] run  [e] edit  [a] ask the model  [Esc] dismiss
//
// Enter runs the fix as if typed, e puts it in the next line's buffer, a
// asks the correct model, Esc, Ctrl-C or Ctrl-D dismiss, and any other key
// dismisses the line and is typed as usual. runtime/repl draws it and
// reads the key; docs/correct.md describes it.
package fixline

import (
	"fmt"
	"strings"

	"github.com/lacy-sh/lacy/runtime/ask"
)

// Action is what a key on the fix line does.
type Action int

// The actions.
const (
	Dismiss  Action = iota // the line is dismissed; the key is not typed
	Type                   // the line is dismissed and the key is typed at the next prompt
	Run                    // the fix runs as a typed line
	Edit                   // the fix goes in the next line's buffer
	AskModel               // the correct model is asked (askModelFix)
)

// Hint is one key of the line and what it does.
type Hint struct {
	Key, Meaning string
}

// Line is the fix line for one failure.
type Line struct {
	Fix   string // the best offline fix; "" for none
	Model bool   // a model has the correct role: [a] asks it
}

// Offer decides the fix line after a failure with the offline fix fix
// ("" for none) and the command's output tail: show is false when there
// is nothing to offer (no fix, and no model or nothing said), askNow when
// the model is asked at once (lacy.config{ correct = { auto_model = true
// } } with no offline fix).
func Offer(fix string, model, autoModel bool, tail string) (l Line, show, askNow bool) {
	l = Line{Fix: fix, Model: model}
	if fix == "" {
		if !model || strings.TrimSpace(tail) == "" {
			return l, false, false
		}
		if autoModel {
			return l, false, true
		}
	}
	return l, true, false
}

// Head is the start of the line: "fix: git status", or "fix:".
func (l Line) Head() string {
	if l.Fix == "" {
		return "fix:"
	}
	return "fix: " + l.Fix
}

// Gap separates the head from the keys.
func (l Line) Gap() string {
	if l.Fix == "" {
		return " "
	}
	return "   "
}

// Hints are the keys the line offers, in order.
func (l Line) Hints() []Hint {
	var h []Hint
	if l.Fix != "" {
		h = append(h, Hint{"Enter", "run"}, Hint{"e", "edit"})
	}
	if l.Model {
		h = append(h, Hint{"a", "ask the model"})
	}
	return append(h, Hint{"Esc", "dismiss"})
}

// Key says what key k does.
func (l Line) Key(k string) Action {
	switch {
	case isEnter(k) && l.Fix != "":
		return Run
	case k == "e" && l.Fix != "":
		return Edit
	case k == "a" && l.Model:
		return AskModel
	case k == ask.KeyEsc || k == ask.KeyCtrlC || k == ask.KeyCtrlD || isEnter(k):
		return Dismiss
	}
	return Type
}

// Note is what the line says once answered: "(edit)", "(dismissed)" or
// nothing.
func Note(a Action) string {
	switch a {
	case Edit:
		return "(edit)"
	case Dismiss, Type:
		return "(dismissed)"
	}
	return ""
}

// Choices is the line after the model answered with n fixes: 1–n (Enter
// when there is one) runs one, e edits the first, anything else
// dismisses.
type Choices struct {
	N int
}

// Hints are the keys of the choice line, after the fixes.
func (c Choices) Hints() []Hint {
	run := Hint{"Enter", "run"}
	if c.N > 1 {
		run = Hint{fmt.Sprintf("1-%d", c.N), "run"}
	}
	return []Hint{run, {"e", "edit"}, {"Esc", "dismiss"}}
}

// Key says what key k does and, for Run, which fix (from 0).
func (c Choices) Key(k string) (Action, int) {
	switch {
	case isEnter(k) && c.N == 1:
		return Run, 0
	case len(k) == 1 && k[0] >= '1' && int(k[0]-'1') < c.N:
		return Run, int(k[0] - '1')
	case k == "e" && c.N > 0:
		return Edit, 0
	case k == ask.KeyEsc || k == ask.KeyCtrlC || k == ask.KeyCtrlD || isEnter(k):
		return Dismiss, -1
	}
	return Type, -1
}

func isEnter(k string) bool { return k == ask.KeyEnter || k == "\n" }
