package repl

import (
	"context"
	"strings"
	"unicode/utf8"

	"github.com/lacy-sh/lacy/runtime/complete"
)

// interactiveCompletion runs a completion function that needs the terminal
// (the bridge found it runs fzf, sk…: fzf's ** completion) in the session,
// as bash runs every completion function: the program draws its picker and
// reads keys, and its pick becomes the completion. Tab's wait (the spinner
// and the watch for a typed key) ends first: the keys are the program's.
// Ctrl-C reaches the program, which has the terminal.
//
// Why not give the bridge's bash the terminal instead: the bridge is a
// separate process whose output is its answer channel, and lacy keeps
// watching the terminal for keys while it waits (typing never waits); the
// session's interpreter already runs foreground programs with the terminal
// (bind -x runs fzf's Ctrl-T so) and has the functions, loaded from the rc.
// The bridge only finds out (8 ms on a loaded machine: its stand-in for the program
// fails at once); the function then runs once, in the session.
func (a *App) interactiveCompletion(stopWaiting func()) func(string, complete.Query) (complete.Reply, error) {
	return func(fn string, q complete.Query) (complete.Reply, error) {
		stopWaiting()
		ctx, cancel := a.Interruptible(context.Background())
		defer cancel()
		restore := a.cookedTerminal()
		vals, opts := a.Sh.RunCompletion(ctx, fn, q.Words, q.CWord, q.Line, q.Point)
		restore()
		if a.rl != nil {
			a.rl.Display.Refresh() // the program drew over the line
		}
		if opts == nil {
			opts = map[string]bool{}
		}
		return complete.Reply{Values: vals, Opts: opts}, nil
	}
}

// replaceWord puts a completion that does not extend the word in its place,
// as bash does with a single match: fzf's ** completion answers
// `dir1/sub/deep-file` for `dir1/deep**`, which the editor's menu would
// filter out as not starting with the word. It reports whether it did.
func (a *App) replaceWord(line string, cursor int, res complete.Result) bool {
	if len(res.Candidates) != 1 || a.rl == nil || res.Start < 0 || res.Start > cursor || cursor > len(line) {
		return false
	}
	c := res.Candidates[0]
	if strings.HasPrefix(c.Value, res.Prefix) {
		return false
	}
	v := c.Value
	if c.Space {
		v += " "
	}
	head := line[:res.Start] + v
	a.rl.Line().Set([]rune(head + line[cursor:])...)
	a.rl.Cursor().Set(utf8.RuneCountInString(head))
	return true
}
