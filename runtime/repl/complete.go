package repl

import (
	"strings"
	"sync"

	"golang.org/x/sys/unix"

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
			a.Log.Info("bash-completion not found; Tab completes commands and paths only")
			return
		}
		// Tab waits for a slow completion function as long as no key is
		// pressed (a key ends the wait at once), up to tabWait.
		a.bash.bridge.SetTimeouts(tabWait, tabWait+complete.HardTimeout)
	})
	if b := a.bash.bridge; b != nil {
		b.Replay(a.Sh.CompleteSpecs())
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
	stop, done := a.keyPressed()
	spin := a.tabSpinner()
	var endWait sync.Once
	stopWaiting := func() { endWait.Do(func() { spin(); done() }) }
	defer stopWaiting()
	req.Stop = stop
	req.Interactive = a.interactiveCompletion(stopWaiting)
	res, ok := b.Complete(req)
	if res.Stopped {
		// The user typed on while the completion function ran: the key
		// goes in as typed, and Tab offers nothing (file names in place of
		// the function's answer completed the word with what it never
		// offered).
		return complete.Result{}, true
	}
	return res, ok
}

// keyPressed returns a channel closed as soon as a key is waiting on the
// terminal, without reading it: the line editor reads it once the caller
// gives up. done stops watching. Tab's wait for bash-completion ends that
// way, so typing never waits for a slow completion.
func (a *App) keyPressed() (<-chan struct{}, func()) {
	pressed, quit := make(chan struct{}), make(chan struct{})
	if a.rl != nil && !a.rl.Keys.Empty() {
		close(pressed) // typed ahead: already read with the Tab
		return pressed, func() {}
	}
	if a.IO.InFile == nil {
		return pressed, func() {}
	}
	fd := int32(a.IO.InFile.Fd())
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			select {
			case <-quit:
				return
			default:
			}
			fds := []unix.PollFd{{Fd: fd, Events: unix.POLLIN}}
			if n, err := unix.Poll(fds, 10); err == nil && n > 0 && fds[0].Revents&unix.POLLIN != 0 {
				close(pressed)
				return
			} else if err != nil && err != unix.EINTR {
				return
			}
		}
	}()
	return pressed, func() { close(quit); wg.Wait() }
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
	if !ok || a.VM == nil || !a.VM.HasCompleter(name) {
		return readline.Completions{}, false
	}
	cur := words[len(words)-1]
	cands, ok := a.VM.Complete(name, lua.CompleteContext{Line: line[:cursor], Words: words, Current: cur, Cwd: a.Sh.Dir()})
	if !ok {
		return readline.Completions{}, false
	}
	vals := make([]readline.Completion, 0, len(cands))
	for _, c := range cands {
		if !strings.HasPrefix(c.Value, cur) || c.Value == "" {
			continue
		}
		safe := complete.Safe(cur, complete.Candidate{Value: c.Value, Display: c.Value})
		v := safe.Value
		if !strings.HasSuffix(v, "/") && !strings.HasSuffix(v, "=") {
			v += " "
		}
		vals = append(vals, readline.Completion{Value: v, Display: safe.Display, Description: complete.Printable(c.Description)})
	}
	comps := describedList(readline.CompleteRaw(vals).NoSpace('/', ' ', '='), vals)
	comps.PREFIX = cur
	return comps, true
}

// lsColors returns how the menu colours a candidate: files as ls would
// (LS_COLORS, else GNU's defaults), nothing else; nothing without colour.
// It returns SGR parameters ("01;34"): readline's menu wraps them in the
// escape sequence itself, so a whole sequence would show a stray `m`.
func (a *App) lsColors() func(complete.Candidate) string {
	if !a.Color {
		return func(complete.Candidate) string { return "" }
	}
	c := complete.ParseLSColors(a.Sh.Getenv("LS_COLORS"))
	return func(cand complete.Candidate) string {
		if !cand.File {
			return ""
		}
		return c.Params(cand.Display, cand.Mode)
	}
}

// describedList lays candidates with descriptions out one per row, their
// descriptions aligned in a column, rather than in a grid where rows hold
// several candidates and descriptions fall at different columns.
func describedList(comps readline.Completions, vals []readline.Completion) readline.Completions {
	for _, v := range vals {
		if v.Description != "" {
			return comps.DisplayList().JustifyDescriptions()
		}
	}
	return comps
}
