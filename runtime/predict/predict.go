// Package predict is the predict model's ghost text: when history has
// nothing for the typed line, the `predict` role's model
// (lacy.config{ models = { predict = … } }) is asked after a pause in
// typing, and its answer shows as ghost text once checked (Check). The
// line editor's glue (runtime/repl) calls Predictor.Ghost at every redraw;
// nothing here blocks it.
package predict

import (
	"context"
	"strings"
	"sync"
	"time"

	"go.uber.org/zap"
	"mvdan.cc/sh/v3/syntax"

	"github.com/lacy-sh/lacy/internal/debounce"
	"github.com/lacy-sh/lacy/internal/timelimit"
	"github.com/lacy-sh/lacy/runtime/redact"
	"github.com/lacy-sh/lacy/runtime/route"
)

// Timeout bounds one request (scaled by LACY_TIME_SCALE; a function, so that
// no package initialisation runs for it).
func Timeout() time.Duration { return timelimit.Scale(10 * time.Second) }

// Settings are the session's request budget (0 turns model prediction
// off) and the pause in typing before a request.
type Settings struct {
	Budget int
	Idle   time.Duration
}

// Request is one question to the model about a typed line: it runs off
// the line editor's goroutine and returns the model's line.
type Request func(ctx context.Context) (string, error)

// Predictor holds the request in flight and its answer. The answer is
// written by the request's goroutine and read by Ghost on the line
// editor's goroutine.
type Predictor struct {
	Settings Settings
	// On reports whether a model has the predict role.
	On bool
	// Prepare builds the request for line; it runs on the caller's
	// goroutine (the line editor's), where the session may be read.
	Prepare func(line string) Request
	// Exists reports whether a command name runs something here.
	Exists func(name string) bool
	// Wake asks the line editor to redraw: an answer arrived.
	Wake func()
	Log  *zap.Logger

	slot debounce.Slot[string] // the line a request is scheduled or running for

	mu      sync.Mutex
	closed  bool   // the line was accepted: nothing more is asked about it
	answer  string // the model's line for the slot's line, unchecked ("" for none)
	shown   string // a checked answer, kept while the line is a prefix of it
	used    int    // requests this session
	budgetW bool
}

// Ghost returns the model's prediction for line if one is ready and
// sound, and otherwise schedules a request for it (cancelling any other).
func (p *Predictor) Ghost(line string) (string, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.shown != "" && len(p.shown) > len(line) && strings.HasPrefix(p.shown, line) {
		return p.shown, true
	}
	p.shown = ""
	if asked, ok := p.slot.Pending(); ok && asked == line {
		if p.answer == "" {
			return "", false
		}
		got := p.answer
		p.answer = ""
		if s, ok := Check(line, got, p.Exists); ok {
			p.shown = s
			return s, true
		}
		p.log().Debug("prediction rejected", zap.Int("len", len(got)))
		return "", false
	}
	p.stopLocked()
	if p.closed || !p.On || strings.TrimSpace(line) == "" || redact.HasSecret(line) || strings.Contains(line, "\n") {
		return "", false
	}
	if p.used >= p.Settings.Budget {
		if !p.budgetW {
			p.budgetW = true
			p.log().Info("model predictions: the session's budget is spent", zap.Int("requests", p.used))
		}
		return "", false
	}
	req := p.Prepare(line)
	ctx, t := p.slot.Start(context.Background(), line)
	go p.run(ctx, t, req)
	return "", false
}

// run waits for the pause in typing, asks the model, and wakes the line
// editor with the answer, unless the request was replaced meanwhile.
func (p *Predictor) run(ctx context.Context, t debounce.Ticket, req Request) {
	ctx, cancel := context.WithTimeout(ctx, Timeout())
	defer cancel()
	if !debounce.Pause(ctx, p.Settings.Idle) || !p.slot.Current(t) {
		return
	}
	p.mu.Lock()
	p.used++
	p.mu.Unlock()
	got, err := req(ctx)
	if err != nil {
		if ctx.Err() == nil {
			p.log().Debug("prediction", zap.Error(err))
		}
		return
	}
	p.mu.Lock()
	if !p.slot.Current(t) || ctx.Err() != nil {
		p.mu.Unlock()
		return
	}
	p.answer = got
	p.mu.Unlock()
	if p.Wake != nil {
		p.Wake()
	}
}

// Stop cancels a scheduled or running request: a key was typed, or
// history answered.
func (p *Predictor) Stop() {
	p.mu.Lock()
	p.stopLocked()
	p.mu.Unlock()
}

func (p *Predictor) stopLocked() {
	p.slot.Stop()
	p.answer, p.shown = "", ""
}

// Accepted is called when Enter accepts the line: a request scheduled or
// running for it is cancelled and none is made until Open (the editor
// redraws the accepted line once more).
func (p *Predictor) Accepted() {
	p.mu.Lock()
	p.stopLocked()
	p.closed = true
	p.mu.Unlock()
}

// Open lets the model be asked again: a new prompt.
func (p *Predictor) Open() {
	p.mu.Lock()
	p.closed = false
	p.mu.Unlock()
}

// Used is how many requests this session made.
func (p *Predictor) Used() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.used
}

func (p *Predictor) log() *zap.Logger {
	if p.Log == nil {
		return zap.NewNop()
	}
	return p.Log
}

// Check accepts a model's line for typed when it extends it, parses,
// names only commands that exist and holds no secret.
func Check(typed, got string, exists func(string) bool) (string, bool) {
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

// MayPredict reports whether the predict model may be asked about line: a
// shell command being typed. Never a slash command, a `? request`, an
// `@`/`#` request, a `!` line, a pasted script, or a line the classifier
// sends to the agent: none of them is a command to complete.
func MayPredict(line string, d route.Decision) bool {
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
