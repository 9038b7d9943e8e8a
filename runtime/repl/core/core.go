// Package core is one line's whole path through an interactive lacy
// session, with no line editor in it:
//
//	Handle → route → expand → confirm → runShell | runAgent | runSlash | runTranslate
//	       → recordHistory → learnFrom → afterFailure (fix line or reroute) → precmd
//
// Each step is a method of Core that can be found by that name. Core works
// over the session (the shell, the Lua VM, the history store, the router)
// and the session's streams (iostreams); what needs the line editor or the
// terminal's keys (the fix line's keys, the `? request` widget, the tool
// question) goes through UI, which runtime/repl implements. Tests drive
// Handle in process with in-memory streams (see core_test.go).
package core

import (
	"context"
	"errors"
	"fmt"
	"os"
	"runtime/debug"
	"strings"
	"sync"
	"syscall"
	"time"

	"go.uber.org/zap"

	"github.com/lacy-sh/lacy/agents"
	"github.com/lacy-sh/lacy/lua"
	"github.com/lacy-sh/lacy/runtime/history"
	"github.com/lacy-sh/lacy/runtime/iostreams"
	"github.com/lacy-sh/lacy/runtime/names"
	"github.com/lacy-sh/lacy/runtime/route"
	"github.com/lacy-sh/lacy/runtime/shell"
)

// Core is the line-handling part of one interactive session. Set the
// exported fields, then call Handle for each line; the zero value of every
// optional field works (no router: every line goes to the shell; no
// history: nothing is recorded; no UI: nothing is asked on the terminal).
type Core struct {
	IO  *iostreams.IO
	Log *zap.Logger // nil: discarded
	Sh  *shell.Shell
	VM  *lua.VM
	Cfg lua.Config

	// Router is the routing classifier; nil: every line goes to the
	// shell. Read it with Classifier (StartRouter builds it in the
	// background).
	Router      *route.Classifier
	routerReady chan struct{} // closed when StartRouter's build is done (router.go)

	Names *names.Set     // what can run here (PATH, builtins, the session's functions and aliases)
	Hist  *history.Store // nil: no history (no home directory)

	Color bool // lacy may colour its output (NO_COLOR unset, not TERM=dumb)
	Plain bool // no line editor (TERM=dumb): lines are read whole, nothing is asked

	// UI asks what needs the terminal's keys and the line editor; nil:
	// nothing is asked (the fix is only shown, `? request` waits and
	// prints, tool calls are asked line by line on IO).
	UI UI
	// Signals, when set, carries SIGINT: it cancels the step that runs
	// (a command, an agent's turn, a hook). Nil in tests.
	Signals <-chan os.Signal
	// StderrTail, when set, replaces the shell's stderr tap (which needs a
	// terminal) as what the last line wrote last: the fix line, the
	// command_failed hook and the reroute read it. Tests set it.
	StderrTail func() string
	// GitHoldWait bounds how long a command line waits for lacy's own git
	// reads to exit before it starts; 0 is DefaultGitHoldWait.
	GitHoldWait time.Duration

	mu        sync.Mutex // guards what the prompt and indicator read while typing
	mode      route.Mode
	lastExit  int
	lastDur   time.Duration
	lastRoute routeCache
	private   bool // /private: no history, no capture, no saved failure

	recent     []agents.Command // the last commands, for the agent's context
	histFailed bool             // a history write failed and the user was told
	hist       histState        // history -c, -s
	capture    outputState      // output capture for the agent
	picked     bool             // a fix chosen on the fix line runs: it teaches nothing
	fix        fixer            // offline corrections (failure.go)
	tr         translatorState  // the ? request's translator (translate.go)
	reported   sync.Map         // places that reported a panic (see Panicked)

	agentsOnce sync.Once
	mgr        *agents.Manager
}

// Handle runs one line along its whole path and returns its status (0 for
// a blank line, which runs nothing). A panic on the way is reported and
// the session goes on. ctx cancels what runs, as Ctrl-C does.
func (c *Core) Handle(ctx context.Context, line string) (status int) {
	defer func() {
		if r := recover(); r != nil {
			c.Panicked("running the line", r)
			status = 1
		}
	}()
	return c.handle(ctx, line)
}

// RunPicked runs a fix the user chose on the fix line as a line typed at
// the prompt (it goes to history), except that it teaches nothing.
func (c *Core) RunPicked(ctx context.Context, line string) int {
	c.picked = true
	defer func() { c.picked = false }()
	return c.handle(ctx, line)
}

// handle is one line's whole path.
func (c *Core) handle(ctx context.Context, line string) int {
	if strings.TrimSpace(line) == "" {
		return 0
	}
	if c.Names != nil {
		c.Names.Refresh(c.Sh.Getenv("PATH"))
	}
	d := c.Route(line)
	if d.Route == route.Shell || d.Route == route.Neutral {
		x, expanded, err := history.Expand(line, c.HistoryEvent)
		if err != nil {
			fmt.Fprintf(c.IO.ErrOut, "lacy: %v\n", err)
			return 1
		}
		if expanded {
			// Like bash, show the line that runs.
			fmt.Fprintln(c.IO.Out, x)
			line = x
			d = c.Route(line)
		}
	}
	if !c.confirm(ctx, line) {
		return 0
	}
	start := time.Now()
	status := 0
	switch d.Route {
	case route.Shell, route.Neutral:
		status = c.runShell(ctx, line, d)
	case route.Agent:
		status = c.runAgent(ctx, d.Text, nil)
	case route.Slash:
		status = c.runSlash(ctx, d.Text)
	case route.Translate:
		status = c.runTranslate(ctx, d.Text)
	}
	dur := time.Since(start)
	c.endHistoryLine()
	c.mu.Lock()
	c.lastExit, c.lastDur = status, dur
	c.mu.Unlock()
	if d.Route != route.Translate { // the command that runs is recorded, never the ? request
		c.recordHistory(line, status, start, dur)
	}
	c.learnFrom(line, d, status)
	if status != 0 && (d.Route == route.Shell || d.Route == route.Neutral) {
		c.afterFailure(ctx, line, d, status)
	}
	c.precmd(line, status, dur)
	return status
}

// confirm asks the UI whether the line may run (a proposed destructive
// command needs the word yes); without a UI every line runs.
func (c *Core) confirm(ctx context.Context, line string) bool {
	if c.UI == nil {
		return true
	}
	return c.UI.ConfirmLine(ctx, line)
}

// Route decides where a line goes: the one classifier the indicator uses.
// The prompt's marker and the highlighter both ask on every redraw, so the
// last answer is kept. It is safe to call from the line editor's
// goroutine.
func (c *Core) Route(line string) route.Decision {
	mode := c.Mode()
	if route.IsBlank(line) && !c.RouterReady() {
		return route.Blank(mode) // the first prompt's marker does not wait for the word lists
	}
	router := c.Classifier()
	if router == nil {
		return route.Decision{Route: route.Shell, Text: line}
	}
	c.mu.Lock()
	if rc := c.lastRoute; rc.ok && rc.line == line && rc.mode == mode {
		c.mu.Unlock()
		return rc.d
	}
	c.mu.Unlock()
	d := router.Classify(line, mode)
	c.mu.Lock()
	c.lastRoute = routeCache{line: line, mode: mode, d: d, ok: true}
	c.mu.Unlock()
	return d
}

// forgetRoute drops the kept decision: what was learned changes routes.
func (c *Core) forgetRoute() {
	c.mu.Lock()
	c.lastRoute = routeCache{}
	c.mu.Unlock()
}

// routeCache is the last decision of Route.
type routeCache struct {
	line string
	mode route.Mode
	d    route.Decision
	ok   bool
}

// Mode is the routing mode: auto, shell or agent.
func (c *Core) Mode() route.Mode {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.mode
}

// SetMode sets the routing mode for the lines that follow (it is not
// saved; see SaveMode).
func (c *Core) SetMode(m route.Mode) {
	c.mu.Lock()
	c.mode = m
	c.mu.Unlock()
}

// CycleMode moves to the next routing mode (auto → shell → agent → auto)
// and returns it.
func (c *Core) CycleMode() route.Mode {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.mode = (c.mode + 1) % 3
	return c.mode
}

// Last is the status and duration of the last line that ran.
func (c *Core) Last() (status int, dur time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.lastExit, c.lastDur
}

// Private reports whether /private is on.
func (c *Core) Private() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.private
}

// Recent returns the last commands run, oldest first, for a model's
// context.
func (c *Core) Recent() []agents.Command {
	return append([]agents.Command(nil), c.recent...)
}

// Interruptible returns a child of ctx that Ctrl-C cancels (SIGINT reaches
// lacy only while lacy itself is the terminal's foreground: builtins, Lua,
// agents).
func (c *Core) Interruptible(ctx context.Context) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(ctx)
	if c.Signals == nil {
		return ctx, cancel
	}
	go func() {
		for {
			select {
			case sig := <-c.Signals:
				if sig == syscall.SIGINT {
					cancel()
				}
			case <-ctx.Done():
				return
			}
		}
	}()
	return ctx, cancel
}

// PromptCommand runs PROMPT_COMMAND in the session before a prompt;
// Ctrl-C stops it, and a panic in it is reported.
func (c *Core) PromptCommand(ctx context.Context) {
	if len(c.Sh.PromptCommands()) == 0 {
		return
	}
	ctx, cancel := c.Interruptible(ctx)
	defer cancel()
	defer func() {
		if r := recover(); r != nil {
			c.Panicked("PROMPT_COMMAND", r)
		}
	}()
	c.Sh.RunPromptCommand(ctx)
	// `history -c`/`-s` in a hook (mcfly's `history -cr FILE`) replaced no
	// line: the next line typed is recorded, as in bash.
	c.hist.skipMe = false
}

// NotifyJobs prints what happened to background jobs since the last
// prompt.
func (c *Core) NotifyJobs() {
	for _, l := range c.Sh.JobNotifications() {
		fmt.Fprintln(c.IO.ErrOut, l)
	}
}

// ps0 prints PS0 after a shell line is read and before it runs, as bash
// does (bash-preexec and starship time commands with it).
func (c *Core) ps0(ctx context.Context) {
	c.Sh.LineRead()
	if c.Sh.Getenv("PS0") == "" {
		return
	}
	if s := c.Sh.RenderPS0(ctx); s != "" {
		fmt.Fprint(c.IO.Out, s)
	}
}

// preexec runs the Lua preexec hooks.
func (c *Core) preexec(cmd string) {
	if c.VM.HasHandlers(lua.EventPreexec) {
		c.VM.Emit(lua.EventPreexec, map[string]any{"command": cmd, "cwd": c.Sh.Dir()})
	}
}

// precmd runs the Lua precmd hooks before the next prompt.
func (c *Core) precmd(line string, status int, dur time.Duration) {
	if c.VM.HasHandlers(lua.EventPrecmd) {
		c.VM.Emit(lua.EventPrecmd, map[string]any{"command": line, "exit": status, "duration_ms": dur.Milliseconds(), "cwd": c.Sh.Dir()})
	}
}

// Dim prints one dim informational line on stderr.
func (c *Core) Dim(msg string) {
	if c.Color {
		fmt.Fprintf(c.IO.ErrOut, "\x1b[2m%s\x1b[0m\n", msg)
		return
	}
	fmt.Fprintln(c.IO.ErrOut, msg)
}

// Panicked records a recovered panic: the stack goes to the log, one line
// to the user (once per place), and the shell goes on. A bug in a widget or
// in the agent's rendering must never take the shell away.
func (c *Core) Panicked(where string, r any) {
	c.logger().Error("recovered panic", zap.String("where", where), zap.Any("panic", r), zap.ByteString("stack", debug.Stack()))
	if _, seen := c.reported.LoadOrStore(where, true); !seen {
		fmt.Fprintf(c.IO.ErrOut, "\r\nlacy: internal error in %s: %v (details in the log; the shell goes on)\r\n", where, r)
	}
}

// stderrTail is what the last line's programs wrote last.
func (c *Core) stderrTail() string {
	if c.StderrTail != nil {
		return c.StderrTail()
	}
	return c.Sh.StderrTail()
}

func (c *Core) logger() *zap.Logger {
	if c.Log == nil {
		return zap.NewNop()
	}
	return c.Log
}

// Close stops what the session started for its lines: the agents' MCP
// servers.
func (c *Core) Close() {
	if c.mgr != nil {
		c.mgr.Close()
	}
}

// RootCause is the innermost error of a chain: "no space left on device"
// rather than "history: write /path: no space left on device".
func RootCause(err error) error {
	for {
		next := errors.Unwrap(err)
		if next == nil {
			return err
		}
		err = next
	}
}
