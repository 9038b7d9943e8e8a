package core

import (
	"context"

	"github.com/lacy-sh/lacy/agents"
	"github.com/lacy-sh/lacy/runtime/correct"
	"github.com/lacy-sh/lacy/runtime/translate"
)

// UI is what a line's path asks of the line editor and the terminal's
// keys. runtime/repl implements it over reeflective/readline; Core works
// without one (Core.UI nil), as it does with no terminal.
type UI interface {
	// ConfirmLine runs before a line runs: it reports false when the line
	// must not run (a proposed destructive command not confirmed with the
	// word yes).
	ConfirmLine(ctx context.Context, line string) bool
	// Translate handles a `? request` with the line editor: the request
	// runs in the background and the command fills the next buffer. c is
	// the context gathered for it.
	Translate(text string, c translate.Context) int
	// OfferFix shows the fix line after a failed command and acts on the
	// key that answers it (Core.RunPicked runs a fix the user chose).
	OfferFix(ctx context.Context, f Failure)
	// Approver asks before an agent's tool runs; cancel stops the agent's
	// turn.
	Approver(cancel context.CancelFunc) agents.Approver
}

// Failure is a failed shell line, as the fix line shows it.
type Failure struct {
	Line   string
	Status int
	Tail   string        // what the command wrote last (stderr tail)
	Fixes  []correct.Fix // the offline fixes, best first
	Model  bool          // a model has the correct role: [a] asks it
}
