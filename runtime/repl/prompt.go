package repl

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/lacy-sh/lacy/lua"
	"github.com/lacy-sh/lacy/runtime/gitinfo"
	"github.com/lacy-sh/lacy/runtime/route"
)

// SGR colours of the routes (DESIGN §1: shell green, agent magenta, neutral
// dim).
const (
	sgrShell   = "\x1b[32m"
	sgrAgent   = "\x1b[35m"
	sgrNeutral = "\x1b[2m"
	sgrSlash   = "\x1b[36m"
	sgrReset   = "\x1b[0m"
	marker     = "▌"
)

// routeColor is the SGR sequence for a route.
func routeColor(r route.Route) string {
	switch r {
	case route.Shell:
		return sgrShell
	case route.Agent, route.Translate:
		return sgrAgent
	case route.Slash:
		return sgrSlash
	}
	return sgrNeutral
}

// computePrompt renders the prompt for the next line once: the Lua prompt
// hook when the config has one (under its 100 ms budget), else the default.
// The route marker is added per keystroke by primaryPrompt.
func (a *App) computePrompt() {
	exit, dur := a.Last()
	mode := a.Mode()
	cwd := a.Sh.Dir()
	branch, _ := gitinfo.Branch(cwd)
	var p string
	if a.VM.HasPrompt() {
		if s, ok := a.VM.Prompt(lua.PromptContext{Exit: exit, Duration: dur, Cwd: cwd, GitBranch: branch, Mode: mode.String()}); ok {
			p = s
		}
	}
	if p == "" {
		p = a.bashPS1()
	}
	if p == "" {
		p = a.defaultPrompt(exit, dur, cwd, branch, mode)
	}
	a.mu.Lock()
	a.prompt = p
	a.mu.Unlock()
}

// defaultPrompt is `lacy ~/src/app main ✗1 ▌` with the mode when it is not
// auto.
func (a *App) defaultPrompt(exit int, dur time.Duration, cwd, branch string, mode route.Mode) string {
	var b strings.Builder
	name := "lacy"
	if mode != route.ModeAuto {
		name = "lacy:" + mode.String()
	}
	if a.Private() {
		name += " (private)" // /private: history and capture paused
	}
	b.WriteString(a.paint("\x1b[1m", name))
	b.WriteByte(' ')
	b.WriteString(a.paint("\x1b[34m", tildePath(cwd)))
	if branch != "" {
		b.WriteByte(' ')
		b.WriteString(a.paint("\x1b[33m", branch))
	}
	if exit != 0 {
		b.WriteByte(' ')
		b.WriteString(a.paint("\x1b[31m", fmt.Sprintf("✗%d", exit)))
	}
	if dur >= 2*time.Second {
		b.WriteByte(' ')
		b.WriteString(a.paint("\x1b[2m", dur.Round(100*time.Millisecond).String()))
	}
	b.WriteByte(' ')
	return b.String()
}

// primaryPrompt is what readline shows; it runs on every redraw, so it only
// adds the route marker, coloured by the line being typed, to the prompt
// computed for this line.
func (a *App) primaryPrompt() (out string) {
	a.mu.Lock()
	p := a.prompt
	a.mu.Unlock()
	defer func() {
		if r := recover(); r != nil {
			a.Panicked("the prompt", r)
			out = p + marker + " " + a.marks.InputStart()
		}
	}()
	r := route.Neutral
	if a.rl != nil {
		r = a.Route(string(*a.rl.Line())).Route
	}
	a.tracePromptDrawn()
	return a.withMarker(p, a.paint(routeColor(r), marker)) + a.marks.InputStart()
}

// paint wraps s in an SGR colour unless NO_COLOR is set.
func (a *App) paint(sgr, s string) string {
	if !a.Color {
		return s
	}
	return sgr + s + sgrReset
}

// promptSP makes sure the prompt starts at column 0 even when the last
// output did not end with a newline, marking the cut with a reverse "%" as
// zsh does. It needs no terminal query.
func (a *App) promptSP() {
	io.WriteString(a.IO.Out, partialLineMark(a.Width(), a.Color))
}

// partialLineMark is what promptSP writes on a terminal cols wide.
func partialLineMark(cols int, color bool) string {
	mark := "%"
	if color {
		mark = "\x1b[7m%\x1b[0m"
	}
	return mark + strings.Repeat(" ", max(cols-1, 0)) + "\r\x1b[K"
}

// tildePath abbreviates $HOME to ~.
func tildePath(p string) string {
	home, _ := os.UserHomeDir()
	if home != "" && (p == home || strings.HasPrefix(p, home+"/")) {
		return "~" + p[len(home):]
	}
	return p
}
