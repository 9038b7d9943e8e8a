package core

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"go.uber.org/zap"

	"github.com/lacy-sh/lacy/agents"
	"github.com/lacy-sh/lacy/lua"
	"github.com/lacy-sh/lacy/runtime/correct"
	"github.com/lacy-sh/lacy/runtime/gitinfo"
	"github.com/lacy-sh/lacy/runtime/lastfail"
	"github.com/lacy-sh/lacy/runtime/redact"
	"github.com/lacy-sh/lacy/runtime/route"
	"github.com/lacy-sh/lacy/runtime/session"
)

// afterFailure runs the command_failed hook and, in auto mode, the
// post-failure reroute: a line that failed like English goes to the agent.
// Otherwise the offline fixes, if any, are offered (offerFix).
func (c *Core) afterFailure(ctx context.Context, line string, d route.Decision, status int) {
	tail := c.stderrTail()
	c.shareFailure(line, status, tail)
	fixes := c.corrections(line, status, tail)
	if c.VM.HasHandlers(lua.EventCommandFailed) {
		c.VM.Emit(lua.EventCommandFailed, map[string]any{"command": line, "exit": status, "stderr": tail, "cwd": c.Sh.Dir(),
			"fixes": fixPayload(fixes)})
	}
	if d.Rule == route.RuleBang || status > 128 { // 128+N: a signal (Ctrl-C is 130)
		return
	}
	ok, reason := false, ""
	if router := c.Classifier(); router != nil && status < 128 {
		ok, reason = router.ShouldReroute(line, c.Mode(), status, tail)
	}
	if !ok || c.IsPrivate(line) || learnedFirst(fixes) { // a private line never goes to a model by itself; the user's own correction beats a guess that it was English
		c.offerFix(ctx, Failure{Line: line, Status: status, Tail: tail, Fixes: fixes}) // one or the other, never both
		return
	}
	c.Dim(fmt.Sprintf("↪ that looked like a question (%s): asking the agent", reason))
	c.runAgent(ctx, line, &agents.Failure{Cmd: line, Exit: status, StderrTail: tail})
}

// offerFix decides whether the fix line shows after a failed command and
// hands it to the UI: never when correction is off, in agent mode or for a
// command stopped by a signal; without a line editor (TERM=dumb, or no UI)
// the best fix is only shown.
func (c *Core) offerFix(ctx context.Context, f Failure) {
	if c.Cfg.Correct.Disabled || f.Status > 128 || c.Mode() == route.ModeAgent {
		return
	}
	if c.Plain || c.UI == nil {
		if len(f.Fixes) > 0 {
			c.Dim("fix: " + f.Fixes[0].Command)
		}
		return
	}
	f.Model = c.Cfg.Roles[agents.CorrectRole] != ""
	c.UI.OfferFix(ctx, f)
}

// fixer is the session's corrector, built on the first failure.
type fixer struct {
	once sync.Once
	c    *correct.Corrector
}

// corrections returns the offline fixes of a failed shell line, best
// first, for the fix line and the command_failed event: none when the
// command was stopped by a signal (Ctrl-C is 130).
func (c *Core) corrections(line string, status int, tail string) []correct.Fix {
	if status == 0 || status > 128 {
		return nil
	}
	c.fix.once.Do(func() {
		var err error
		c.fix.c, err = session.NewCorrector(c.Cfg, func(err error) {
			fmt.Fprintf(c.IO.ErrOut, "lacy: %v\n", err)
		})
		if err != nil {
			c.logger().Warn("correct", zap.Error(err))
		}
	})
	if c.fix.c == nil {
		return nil
	}
	return c.fix.c.Fix(correct.Failure{Line: line, Exit: status, Output: tail, Cwd: c.Sh.Dir()}, c.fixKnowledge())
}

// fixKnowledge is what the corrector knows of the session: PATH programs,
// builtins, functions, aliases, and how often the history starts with each
// (counted only if a typo rule asks).
func (c *Core) fixKnowledge() correct.Knowledge {
	names := c.Names.All()
	var once sync.Once
	var freq map[string]int
	k := session.CorrectKnowledge(names, func(name string) int {
		once.Do(func() { freq = c.historyFreq(2000) })
		return freq[name]
	})
	k.Branch, _ = gitinfo.Branch(c.Sh.Dir())
	k.Missing = learnOptionsLater // options learned in the background, for the next failure
	return k
}

// historyFreq counts the first word of the last n history entries.
func (c *Core) historyFreq(n int) map[string]int {
	m := map[string]int{}
	if c.Hist == nil {
		return m
	}
	for _, e := range c.Hist.Backward() {
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

// shareFailure saves the failed command and its error tail, redacted, for
// `lacy mcp`'s last_failure (see runtime/lastfail). A private line is not
// saved.
func (c *Core) shareFailure(line string, status int, tail string) {
	dir := session.StateDir()
	if dir == "" || c.IsPrivate(line) {
		return
	}
	f := lastfail.Failure{Command: line, Exit: status, Cwd: c.Sh.Dir(), Time: time.Now(), Tail: tail}
	if err := lastfail.Save(dir, f, redact.String); err != nil {
		c.logger().Warn("cannot save the last failure", zap.Error(err))
	}
}
