package repl

import (
	"fmt"
	"strings"
	"sync"

	"go.uber.org/zap"

	"github.com/lacy-sh/lacy/runtime/correct"
	"github.com/lacy-sh/lacy/runtime/session"
	"github.com/lacy-sh/lacy/runtime/shell"
)

// fixer is the session's corrector, built on the first failure.
type fixer struct {
	once sync.Once
	c    *correct.Corrector
}

// corrections returns the offline fixes of a failed shell line, best
// first: none when correction is off (lacy.config{ correct = { enabled =
// false } }) or the command was stopped by a signal (Ctrl-C is 130).
func (a *App) corrections(line string, status int, tail string) []correct.Fix {
	if a.cfg.Correct.Disabled || status == 0 || status > 128 {
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
	return session.CorrectKnowledge(names, func(name string) int {
		once.Do(func() { freq = a.historyFreq(2000) })
		return freq[name]
	})
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
