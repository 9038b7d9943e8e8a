package repl

import (
	"strings"
	"sync"

	"github.com/reeflective/readline"

	"github.com/lacy-sh/lacy/lua"
	"github.com/lacy-sh/lacy/runtime/complete"
)

// bashCompleter holds the bash-completion bridge, started on the first Tab
// (never before the first prompt) and nil where bash or bash-completion is
// missing: completion is then lacy's own commands and paths.
type bashCompleter struct {
	once   sync.Once
	bridge *complete.Bridge
}

// bashBridge returns the bridge with the session's `complete` lines queued
// for replay, or nil.
func (a *App) bashBridge() *complete.Bridge {
	a.bash.once.Do(func() {
		a.bash.bridge = complete.NewBridge("", "")
		if a.bash.bridge == nil {
			a.log.Info("bash-completion not found; Tab completes commands and paths only")
		}
	})
	if b := a.bash.bridge; b != nil {
		b.Replay(a.sh.CompleteSpecs())
		return b
	}
	return nil
}

// bashComplete asks bash-completion for the word at req's cursor; ok is
// false when lacy's own completion should answer.
func (a *App) bashComplete(req complete.Request) (complete.Result, bool) {
	b := a.bashBridge()
	if b == nil {
		return complete.Result{}, false
	}
	return b.Complete(req)
}

func (c *bashCompleter) close() {
	if c.bridge != nil {
		c.bridge.Close()
	}
}

// luaComplete asks the command's lacy.complete function for the word at the
// cursor; ok is false when there is none (or it failed: reported once).
func (a *App) luaComplete(line string, cursor int) (readline.Completions, bool) {
	name, words, ok := complete.CommandWords(line, cursor)
	if !ok || a.vm == nil || !a.vm.HasCompleter(name) {
		return readline.Completions{}, false
	}
	cur := words[len(words)-1]
	cands, ok := a.vm.Complete(name, lua.CompleteContext{Line: line[:cursor], Words: words, Current: cur, Cwd: a.sh.Dir()})
	if !ok {
		return readline.Completions{}, false
	}
	vals := make([]readline.Completion, 0, len(cands))
	for _, c := range cands {
		if !strings.HasPrefix(c.Value, cur) || c.Value == "" {
			continue
		}
		v := c.Value
		if !strings.HasSuffix(v, "/") && !strings.HasSuffix(v, "=") {
			v += " "
		}
		vals = append(vals, readline.Completion{Value: v, Display: c.Value, Description: c.Description})
	}
	comps := readline.CompleteRaw(vals).NoSpace('/', ' ', '=')
	comps.PREFIX = cur
	return comps, true
}

// lsColors returns how the menu colours a candidate: files as ls would
// (LS_COLORS, else GNU's defaults), nothing else; nothing without colour.
func (a *App) lsColors() func(complete.Candidate) string {
	if !a.color {
		return func(complete.Candidate) string { return "" }
	}
	c := complete.ParseLSColors(a.sh.Getenv("LS_COLORS"))
	return func(cand complete.Candidate) string {
		if !cand.File {
			return ""
		}
		return c.Style(cand.Display, cand.Mode)
	}
}
