package repl

import (
	"io"
	"os"
	"sync/atomic"

	"golang.org/x/sys/unix"

	"github.com/lacy-sh/lacy/internal/batch"
	"github.com/lacy-sh/lacy/internal/invocation"
	"github.com/lacy-sh/lacy/internal/starttrace"
	"github.com/lacy-sh/lacy/lua"
	"github.com/lacy-sh/lacy/runtime/instantprompt"
	"github.com/lacy-sh/lacy/runtime/iostreams"
	"github.com/lacy-sh/lacy/runtime/route"
)

// instantState is the session's instant prompt (runtime/instantprompt,
// docs/performance.md): the first prompt drawn from the cache before the
// session starts, then replaced by the real one.
type instantState struct {
	on    bool        // a terminal session: the entry is read and written
	dir   string      // the cache's directory
	key   string      // this start's key
	width int         // the terminal's columns at the start
	drawn atomic.Bool // the cached prompt is on the screen, the cursor after it
	out   io.Writer   // the terminal, where it was drawn
}

// drawInstantPrompt is the interactive session's first step: on a
// terminal, it draws the prompt lacy drew last time for the same key
// (binary, user, directory, terminal, start-up files) after the
// partial-line mark, in one write, before the session starts. It changes
// no terminal mode: a key typed now is echoed by the terminal and redrawn
// by the line editor, as before any prompt. LACY_INSTANT_PROMPT=0 skips
// the drawing (the entry is still written).
func drawInstantPrompt(ios *iostreams.IO, inv invocation.Invocation, getenv func(string) string) *instantState {
	if dumbTerminal(getenv) || ios.OutFile == nil || !ios.IsStdoutTTY() || !ios.IsStdinTTY() {
		return &instantState{}
	}
	ws, err := unix.IoctlGetWinsize(int(ios.OutFile.Fd()), unix.TIOCGWINSZ)
	if err != nil || ws.Col == 0 {
		return &instantState{}
	}
	cwd, err := os.Getwd()
	if err != nil {
		return &instantState{}
	}
	st := &instantState{on: true, dir: instantprompt.Dir(getenv), width: int(ws.Col), out: ios.Out}
	if st.dir == "" {
		return &instantState{}
	}
	st.key = instantprompt.Key(instantKeyInputs(inv, getenv, cwd, st.width))
	if getenv("LACY_INSTANT_PROMPT") == "0" {
		return st
	}
	p, ok := instantprompt.Load(st.dir, st.key)
	if !ok {
		return st
	}
	mark := partialLineMark(st.width, colorAllowed(getenv))
	if _, err := io.WriteString(ios.Out, mark+string(p)); err == nil {
		st.drawn.Store(true)
		starttrace.Mark("instant prompt drawn")
		// lacy's own messages before the real prompt (a config error, a
		// Lua print) take it off its line first.
		ios.Out, ios.ErrOut = earlyWriter{ios.Out, st}, earlyWriter{ios.ErrOut, st}
	}
	return st
}

// earlyWriter is one of the session's streams after an instant prompt was
// drawn: the first write while it is still on the screen erases it, so the
// message starts at column 0 instead of after it, and the real prompt then
// follows the partial-line mark as any prompt after output does. (What the
// start-up files' commands print goes to the terminal directly and is not
// seen here: docs/performance.md.) Once the instant prompt is gone it only
// passes writes on.
type earlyWriter struct {
	w  io.Writer
	st *instantState
}

func (e earlyWriter) Write(p []byte) (int, error) {
	e.st.clear()
	return e.w.Write(p)
}

// instantKeyInputs are the inputs of the instant prompt's key: the files
// are the ones the session reads (lua.ConfigPaths, batch.StartupFiles).
func instantKeyInputs(inv invocation.Invocation, getenv func(string) string, cwd string, width int) instantprompt.Inputs {
	home := getenv("HOME")
	files := lua.ConfigPaths()
	inv.Interactive = true // as runRC runs them
	for _, f := range batch.StartupFiles(inv, home) {
		files = append(files, f[0])
	}
	return instantprompt.Inputs{
		Binary: instantprompt.Binary(), UID: os.Getuid(), Home: home, Cwd: cwd + "\x00" + getenv("PWD"),
		Width: width, Term: getenv("TERM"), ColorTerm: getenv("COLORTERM"), NoColor: getenv("NO_COLOR"),
		PS1: getenv("PS1"), Login: inv.Login, Files: files,
	}
}

// clear takes the instant prompt off the screen (the cursor is on its
// line): before other output, or when the session ends before its first
// prompt.
func (s *instantState) clear() {
	if s != nil && s.drawn.CompareAndSwap(true, false) {
		io.WriteString(s.out, "\r\x1b[K")
	}
}

// replace readies the instant prompt's line for the real prompt: back to
// column 0, where the marks and the line editor draw the real prompt over
// it. The line is not erased first: between this write and the line
// editor's first draw there can be a few milliseconds (measured up to 2 ms),
// in which an erased line would be a blank frame, a flicker. The editor's
// draw erases what is left to the right of the real prompt (its refresh
// ends with ESC [ K), so a longer cached prompt's tail stays at most until
// then. It reports whether there was an instant prompt.
func (s *instantState) replace() bool {
	if s == nil || !s.drawn.CompareAndSwap(true, false) {
		return false
	}
	io.WriteString(s.out, "\r")
	return true
}

// keepInstantPrompt stores the first prompt, as it is drawn, for the next
// session with the same key, in the background; with
// lacy.config{ instant_prompt = false } it deletes the cache (every
// entry: the earlier ones were keyed by the config before the change), and
// with a prompt that cannot be redrawn in place (several lines, wider than
// the terminal) this key's entry.
func (a *App) keepInstantPrompt() {
	st := a.instant
	if st == nil || !st.on {
		return
	}
	a.mu.Lock()
	p := a.prompt
	a.mu.Unlock()
	shown := a.withMarker(p, a.paint(routeColor(route.Neutral), marker))
	var work func() error
	switch {
	case !a.Cfg.InstantPromptOn():
		work = func() error { return os.RemoveAll(st.dir) } // every entry: the key changed with the config
	case !instantprompt.Cacheable(shown, st.width):
		work = func() error { return instantprompt.Remove(st.dir, st.key) }
	default:
		cwd := a.Sh.Dir()
		b := []byte(a.marks.PromptStart(cwd, tildePath(cwd)) + shown + a.marks.InputStart())
		work = func() error { return instantprompt.Store(st.dir, st.key, b) }
	}
	a.instantSaved.Add(1)
	go func() {
		defer a.instantSaved.Done()
		if err := work(); err != nil {
			a.Log.Sugar().Debugf("instant prompt: %v", err)
		}
	}()
}
