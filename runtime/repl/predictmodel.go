package repl

import (
	"context"
	"os"
	"runtime"
	"strings"
	"sync"
	"time"

	"go.uber.org/zap"
	"mvdan.cc/sh/v3/syntax"

	"github.com/lacy-sh/lacy/agents"
	"github.com/lacy-sh/lacy/runtime/redact"
	"github.com/lacy-sh/lacy/runtime/route"
	"github.com/lacy-sh/lacy/runtime/shell"
)

// Model prediction: when history has nothing for the typed line, the
// `predict` role's model (lacy.config{ models = { predict = … } }) is asked
// after a pause in typing; its answer shows as ghost text once checked.
const (
	predictIdle    = 250 * time.Millisecond // the pause before a request
	predictTimeout = 10 * time.Second
	predictBudget  = 200 // requests per session, unless lacy.config{ predict = { budget = N } }
)

// predictSettings reads lacy.config{ predict = { budget = N, delay_ms = N } }:
// the session's request budget (0 turns model prediction off) and the pause
// before a request. Missing or bad values keep the defaults.
func (a *App) predictSettings() (budget int, idle time.Duration) {
	budget, idle = predictBudget, predictIdle
	t, _ := a.Cfg.Extra["predict"].(map[string]any)
	if n, ok := t["budget"].(float64); ok && n >= 0 {
		budget = int(n)
	}
	if n, ok := t["delay_ms"].(float64); ok && n >= 0 {
		idle = time.Duration(n) * time.Millisecond
	}
	return budget, idle
}

// modelPredictor holds the request in flight and its answer. The answer is
// written by the request's goroutine and read by the hint provider on the
// readline goroutine, which alone calls SetInlineSuggestion.
type modelPredictor struct {
	mu      sync.Mutex
	closed  bool   // the line was accepted: nothing more is asked about it (see lineAccepted)
	asked   string // the line a request is scheduled or running for
	answer  string // the model's line for asked, unchecked ("" for none)
	shown   string // a checked answer, kept while the line is a prefix of it
	cancel  context.CancelFunc
	used    int // requests this session
	budgetW bool
}

// modelGhost returns the model's prediction for line if one is ready and
// sound, and otherwise schedules a request for it (cancelling any other).
// It runs on the readline goroutine.
func (a *App) modelGhost(line string) (string, bool) {
	p := &a.model
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.shown != "" && len(p.shown) > len(line) && strings.HasPrefix(p.shown, line) {
		return p.shown, true
	}
	p.shown = ""
	if line == p.asked {
		if p.answer == "" {
			return "", false
		}
		got, ans := p.answer, p.answer
		p.answer = ""
		if s, ok := checkPrediction(line, got, a.commandExists); ok {
			p.shown = s
			return s, true
		}
		a.Log.Debug("prediction rejected", zap.Int("len", len(ans)))
		return "", false
	}
	p.stopLocked()
	if p.closed || strings.TrimSpace(line) == "" || a.Cfg.Roles["predict"] == "" || redact.HasSecret(line) || strings.Contains(line, "\n") {
		return "", false
	}
	budget, idle := a.predictSettings()
	if p.used >= budget {
		if !p.budgetW {
			p.budgetW = true
			a.Log.Info("model predictions: the session's budget is spent", zap.Int("requests", p.used))
		}
		return "", false
	}
	ctx, cancel := context.WithTimeout(context.Background(), predictTimeout)
	p.asked, p.answer, p.cancel = line, "", cancel
	c := agents.Context{Cwd: a.Sh.Dir(), OS: runtime.GOOS + "/" + runtime.GOARCH, Shell: "lacy (bash syntax)"}
	c.Recent = append(c.Recent, a.Recent()...)
	go a.requestPrediction(ctx, a.Agents(), line, c, idle) // built here, on the editor's goroutine
	return "", false
}

// stopModelPrediction cancels a scheduled or running request: a key was
// typed, or history answered.
func (a *App) stopModelPrediction() {
	a.model.mu.Lock()
	a.model.stopLocked()
	a.model.mu.Unlock()
}

func (p *modelPredictor) stopLocked() {
	if p.cancel != nil {
		p.cancel()
		p.cancel = nil
	}
	p.asked, p.answer, p.shown = "", "", ""
}

// requestPrediction waits for the pause, asks the model, and wakes the
// line editor with the answer.
func (a *App) requestPrediction(ctx context.Context, mgr *agents.Manager, line string, c agents.Context, idle time.Duration) {
	select {
	case <-ctx.Done():
		return
	case <-time.After(idle):
	}
	a.model.mu.Lock()
	if a.model.asked != line || ctx.Err() != nil {
		a.model.mu.Unlock()
		return
	}
	a.model.used++
	a.model.mu.Unlock()
	c.GitBranch, c.GitDirty = agents.GitState(ctx, c.Cwd)
	got, err := mgr.Predict(ctx, line, c)
	if err != nil {
		if ctx.Err() == nil {
			a.Log.Debug("prediction", zap.Error(err))
		}
		return
	}
	a.model.mu.Lock()
	if a.model.asked != line || ctx.Err() != nil {
		a.model.mu.Unlock()
		return
	}
	a.model.answer = got
	a.model.mu.Unlock()
	a.rl.Keys.RequestRefresh()
}

// checkPrediction accepts a model's line for typed when it extends it,
// parses, names only commands that exist and holds no secret.
func checkPrediction(typed, got string, exists func(string) bool) (string, bool) {
	got = strings.TrimRight(got, " \t")
	if len(got) <= len(typed) || !strings.HasPrefix(got, typed) || strings.ContainsAny(got, "\n\r") || redact.HasSecret(got) {
		return "", false
	}
	f, err := syntax.NewParser().Parse(strings.NewReader(got), "")
	if err != nil {
		return "", false
	}
	ok := true
	syntax.Walk(f, func(n syntax.Node) bool {
		if call, isCall := n.(*syntax.CallExpr); isCall && len(call.Args) > 0 {
			if name := call.Args[0].Lit(); name == "" || !exists(name) {
				ok = false
			}
		}
		return ok
	})
	return got, ok
}

// commandExists reports whether name runs something: a builtin, function,
// alias, PATH program or executable path. It runs on the readline
// goroutine.
func (a *App) commandExists(name string) bool {
	if strings.Contains(name, "/") {
		fi, err := os.Stat(name)
		return err == nil && fi.Mode().IsRegular() && fi.Mode().Perm()&0o111 != 0
	}
	if a.Sh.HasFunction(name) || a.Sh.HasAlias(name) || a.Path != nil && a.Path.Has(name) {
		return true
	}
	for _, b := range shell.Builtins() {
		if b == name {
			return true
		}
	}
	return false
}

// modelMayPredict reports whether the predict model may be asked about
// line: a shell command being typed. Never a slash command, a `? request`,
// an `@`/`#` request, a `!` line, a pasted script, or a line the classifier
// sends to the agent: none of them is a command to complete.
func modelMayPredict(line string, d route.Decision) bool {
	t := strings.TrimLeft(line, " \t")
	if t == "" || strings.ContainsRune("/?@#!", rune(t[0])) {
		return false
	}
	if d.Route != route.Shell {
		return false
	}
	switch d.Rule {
	case route.RuleBang, route.RuleNegation, route.RuleShellCode:
		return false
	}
	return true
}

// lineAccepted is called when Enter accepts the line: a request scheduled
// or running for it is cancelled and none is made until the next prompt
// (the editor redraws the accepted line once more).
func (a *App) lineAccepted() {
	p := &a.model
	p.mu.Lock()
	p.stopLocked()
	p.closed = true
	p.mu.Unlock()
}

// openModelPrediction lets the predict model be asked again: a new prompt.
func (a *App) openModelPrediction() {
	p := &a.model
	p.mu.Lock()
	p.closed = false
	p.mu.Unlock()
}
