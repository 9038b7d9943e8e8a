// Copyright (c) 2017, Daniel Martí <mvdan@mvdan.cc>
// See LICENSE for licensing information

package interp

import (
	"context"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// lacy patch: BASH_COMMAND in the DEBUG trap.

// debugTrapFor runs the DEBUG trap before cm with BASH_COMMAND set to cm's
// text, as bash does: bash-preexec compares it with PROMPT_COMMAND's
// elements to tell the prompt's own commands from the user's. The text is
// made only when a DEBUG trap is set.
func (r *Runner) debugTrapFor(ctx context.Context, cm syntax.Command) {
	if r.lacy == nil || r.lacy.traps["DEBUG"] == "" || r.lacy.sub || r.lacy.internal || r.handlingTrap || r.inFunc {
		return
	}
	var sb strings.Builder
	if err := syntax.NewPrinter(syntax.SingleLine(true)).Print(&sb, cm); err == nil {
		text := strings.TrimSpace(sb.String())
		if _, ok := cm.(*syntax.ForClause); ok {
			text, _, _ = strings.Cut(text, "; do ") // bash names the loop's head
		}
		r.setVarString("BASH_COMMAND", text)
	}
	r.debugTrap(ctx, cm.Pos().Line())
}
