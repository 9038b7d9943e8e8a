// Package repl is lacy's interactive loop: it reads a line with
// reeflective/readline and follows it along one visible path:
//
//	readLine → route → runShell or runAgent → recordHistory → afterFailure → precmd → prompt
//
// Each step is a method of App that can be found by that name.
package repl

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/reeflective/readline"
	"go.uber.org/zap"
	"golang.org/x/term"

	"github.com/lacy-sh/lacy/agents"
	"github.com/lacy-sh/lacy/internal/batch"
	"github.com/lacy-sh/lacy/internal/invocation"
	"github.com/lacy-sh/lacy/lua"
	"github.com/lacy-sh/lacy/runtime/history"
	"github.com/lacy-sh/lacy/runtime/iostreams"
	"github.com/lacy-sh/lacy/runtime/redact"
	"github.com/lacy-sh/lacy/runtime/route"
	"github.com/lacy-sh/lacy/runtime/session"
	"github.com/lacy-sh/lacy/runtime/shell"
	"github.com/lacy-sh/lacy/runtime/termmarks"
	"github.com/lacy-sh/lacy/stdlib"
)

// App is one interactive session.
type App struct {
	io  *iostreams.IO
	log *zap.Logger
	sh  *shell.Shell
	rl  *readline.Shell
	vm  *lua.VM
	cfg lua.Config

	router *route.Classifier
	path   *route.PathIndex
	hist   *history.Store
	lines  *history.Lines // readline's view of hist

	agentsOnce sync.Once
	mgr        *agents.Manager

	afterFirstPrompt sync.Once // startBackground (startup.go)

	sigs  chan os.Signal
	color bool

	mu        sync.Mutex // guards what the prompt and indicator read while typing
	mode      route.Mode
	lastExit  int
	lastDur   time.Duration
	prompt    string // the prompt for the current line, computed once per line
	lastRoute routeCache
	bp        bashPromptState // PS1/PS2 (bashprompt.go)
	histState histState       // history -c, -s (histbuiltin.go)
	binds     bindState       // what bind set (bind.go)

	plain        bool             // no line editor: TERM=dumb (see readPlain)
	plainLines   chan string      // lines read in plain mode
	plainPending *string          // a line that came in after a Ctrl-C
	fix          fixer            // offline corrections (fix.go)
	reported     reportedPanics   // places that reported a panic (see panicked)
	recent       []agents.Command // the last commands, for the agent's context
	histFailed   bool             // a history write failed and the user was told
	editMode     string           // the line editor's keys as set -o last chose them
	tr           translateState   // ? request (see translate.go)
	bash         bashCompleter    // the bash-completion bridge (complete.go)
	next         nextCache        // the empty prompt's prediction (predict.go)
	walk         prefixWalk       // ↑/↓ through the history (predict.go)
	model        modelPredictor   // the predict role's ghost text (predictmodel.go)
	marks        termmarks.Marks  // OSC 133/7 and the title (marks.go)
	out          outputState      // output capture and /private (private.go)
	learn        learner          // corrections and routes learned from the user (learn.go)
}

// Options configure an interactive session.
type Options struct {
	IO *iostreams.IO
	// Invocation is the command line: login shell, --norc, set options.
	Invocation invocation.Invocation
}

// Run starts an interactive session and returns lacy's exit status.
func Run(opts Options) int {
	log, closeLog := session.OpenLog()
	defer closeLog()
	a, err := newApp(opts.IO, log, opts.Invocation)
	if err != nil {
		fmt.Fprintf(opts.IO.ErrOut, "lacy: %v\n", err)
		return 1
	}
	defer a.close()
	a.watchHangup()
	return a.loop()
}

// watchHangup makes lacy leave as bash does when its terminal goes away
// (SIGHUP): every job is hung up, stopped ones continued first so they see
// it, and lacy exits with 128+SIGHUP.
func (a *App) watchHangup() {
	var cooked *term.State
	if a.io.InFile != nil {
		cooked, _ = term.GetState(int(a.io.InFile.Fd()))
	}
	hup := make(chan os.Signal, 1)
	signal.Notify(hup, syscall.SIGHUP)
	go func() {
		<-hup
		a.log.Info("SIGHUP: hanging up the jobs and leaving")
		a.sh.HangUp()
		if cooked != nil {
			_ = term.Restore(int(a.io.InFile.Fd()), cooked) // the line editor may hold it raw
		}
		_ = a.log.Sync()
		os.Exit(128 + int(syscall.SIGHUP))
	}()
}

// newApp starts a session: shell, Lua config, ~/.lacyrc, routing, history,
// line editor. Nothing here waits on the network; history loads in the
// background.
func newApp(ios *iostreams.IO, log *zap.Logger, inv invocation.Invocation) (*App, error) {
	a := &App{io: ios, log: log, color: colorAllowed(os.Getenv), plain: dumbTerminal(os.Getenv)}
	// Interactive shells survive the signals a terminal sends them; children
	// get the default dispositions back because these are caught, not
	// ignored.
	a.sigs = make(chan os.Signal, 4)
	signal.Notify(a.sigs, syscall.SIGINT, syscall.SIGTSTP, syscall.SIGQUIT, syscall.SIGTERM)

	// The shell (a pty for the stderr tap, the interpreter) and the Lua
	// config are independent until the config is applied: build them at
	// the same time, to bring the first prompt sooner.
	type shellResult struct {
		sh  *shell.Shell
		err error
	}
	shc := make(chan shellResult, 1)
	go func() {
		sh, err := shell.New(shell.Options{
			Stdin: ios.InFile, Stdout: ios.OutFile, Stderr: ios.ErrFile,
			Interactive: true, TTY: ios.InFile, Logf: log.Named("shell").Sugar().Warnf,
			Login: inv.Login, Env: shell.NextLevel(os.Environ()), // $0 -lacy, shopt login_shell, SHLVL+1
		})
		shc <- shellResult{sh, err}
	}()

	// The config VM gets the stdlib too, so Lua tools and hooks can use
	// lacy.sh, lacy.fs and lacy.json (DESIGN §4).
	// Ctrl-C while the config loads (a huge or slow file) stops loading it:
	// what was declared so far stays, the rest keeps its defaults.
	loading, loaded := a.interruptible()
	a.vm, a.cfg = session.LoadConfig(session.ConfigOptions{
		Print: ios.Out, ErrOut: ios.ErrOut, Logger: log.Named("lua"), Sandbox: true,
		Extend: lua.Options{Extend: stdlib.Extend(stdlib.Deps{IO: ios, Logger: log.Named("lua")}), Interrupt: loading},
	})
	loaded()
	r := <-shc
	if r.err != nil {
		a.vm.Close()
		return nil, r.err
	}
	sh := r.sh
	a.sh = sh
	a.applyConfig()
	sh.SetBindFunc(a.bindBuiltin)
	a.setupGit()
	a.runRC(inv)

	var err error
	a.router, a.path, err = session.NewClassifier(a.cfg, a.defined)
	if err != nil {
		fmt.Fprintf(ios.ErrOut, "lacy: routing: %v\n", err)
	}
	a.mode = a.startMode()

	if session.StateDir() == "" {
		fmt.Fprintln(ios.ErrOut, "lacy: no home directory (HOME is unset or missing): history and settings are not saved")
	} else if h, err := history.OpenDeferred(filepath.Join(session.StateDir(), "history"), log.Named("history")); err == nil {
		a.hist = h
		// A line carrying a secret (a key-like token, PASSWORD=…, a value
		// the session learned) is not written to the history file.
		h.SetFilter(func(cmd string) bool { return !redact.HasSecret(cmd) })
		sh.SetHistoryFunc(a.historyBuiltin)
		sh.SetFcFunc(a.fcBuiltin)
		sh.SetHistoryCount(h.Len)
	} else {
		fmt.Fprintf(ios.ErrOut, "lacy: history: %v\n", err)
	}
	a.marks = a.newMarks()
	a.setupCapture()
	a.rl = a.newReadline()
	a.vm.Emit(lua.EventStartup, nil)
	return a, nil
}

// applyConfig carries the Lua config's environment and aliases into the
// shell.
func (a *App) applyConfig() {
	ctx := context.Background()
	for name, value := range a.cfg.Env {
		_ = os.Setenv(name, value)
		redact.LearnVar(name, value)
		if err := a.sh.Export(ctx, name, value); err != nil {
			fmt.Fprintf(a.io.ErrOut, "lacy: %v\n", err)
		}
	}
	for _, name := range a.cfg.EnvUnset {
		_, _ = a.sh.Run(ctx, "unset "+name, "config")
	}
	if list, ok := a.cfg.Extra["terminal_programs"].([]any); ok {
		for _, v := range list {
			if name, ok := v.(string); ok {
				a.sh.AddTerminalPrograms(name)
			}
		}
	}
	for _, name := range a.cfg.AliasOrder {
		if err := a.sh.SetAlias(ctx, name, a.cfg.Aliases[name]); err != nil {
			fmt.Fprintf(a.io.ErrOut, "lacy: alias %s: %v\n", name, err)
		}
	}
}

// runRC runs the start-up files as the command line asks (see
// batch.Startup): a login shell's profile files, then ~/.lacyrc (bash
// syntax), each statement by statement with "file:line" in its errors.
func (a *App) runRC(inv invocation.Invocation) {
	ctx, cancel := a.interruptible()
	defer cancel()
	inv.Interactive = true
	batch.Startup(ctx, a.sh, inv, a.io.ErrOut)
	// Secrets the start-up files set (API_TOKEN=…) are masked from now on.
	for _, name := range a.sh.VarNames() {
		redact.LearnVar(name, a.sh.Getenv(name))
	}
}

// defined reports whether name is a function or alias of the session; the
// classifier calls it from the highlighter.
func (a *App) defined(name string) bool {
	return a.sh.HasAlias(name) || a.sh.HasFunction(name)
}

func (a *App) close() {
	signal.Stop(a.sigs)
	if a.mgr != nil {
		a.mgr.Close() // the MCP servers the agents started
	}
	if a.hist != nil {
		_ = a.hist.Close()
	}
	a.vm.Close()
	a.sh.Close()
	a.bash.close()
}

// loop reads and runs lines until exit or Ctrl-D.
func (a *App) loop() int {
	for !a.sh.Exited() { // exit in a start-up file ends the session, as in bash
		line, ok := a.readLine()
		if !ok {
			break
		}
		a.markCommandStart(line)
		a.handleLineSafely(line)
		a.markCommandEnd(line)
	}
	return a.sh.LastStatus()
}

// readLine shows the prompt and reads one (possibly multi-line) line. It
// returns false on Ctrl-D at an empty prompt.
func (a *App) readLine() (string, bool) {
	for {
		a.notifyJobs()
		a.promptCommand()
		a.computePrompt()
		a.followEditingMode()
		if !a.plain {
			a.promptSP()
			a.markPromptStart()
		}
		if a.lines != nil {
			a.lines.SetTyping(true)
		}
		a.afterFirstPrompt.Do(a.startBackground)
		a.openModelPrediction()
		line, err := a.readlineSafely()
		a.lineAccepted() // Ctrl-C and Ctrl-D end the line too
		a.dropIdleSignals()
		switch {
		case err == nil:
			return line, true
		case errors.Is(err, readline.ErrInterrupt):
			a.cancelTranslate() // Ctrl-C while a ? request runs
			continue
		case errors.Is(err, io.EOF):
			// Like bash, warn once before leaving stopped jobs behind.
			if a.sh.WarnStoppedJobs(a.io.ErrOut, "Ctrl-D") {
				continue
			}
			fmt.Fprintln(a.io.Out, "exit")
			return "", false
		default:
			fmt.Fprintf(a.io.ErrOut, "lacy: %v\n", err)
			return "", false
		}
	}
}

// followEditingMode switches the line editor to vi or emacs keys when
// `set -o vi` / `set -o emacs` ran (in ~/.lacyrc or at the prompt).
func (a *App) followEditingMode() {
	m := a.sh.EditingMode()
	if m == "" || m == a.editMode || a.rl == nil {
		return
	}
	a.editMode = m
	cmd := "emacs-editing-mode"
	if m == "vi" {
		cmd = "vi-editing-mode"
	}
	_ = a.rl.Config.Set("editing-mode", m)
	if f := a.rl.Keymap.Commands()[cmd]; f != nil {
		f()
	}
}

// readlineSafely reads a line; a panic inside the editor (or a widget it
// calls) is reported and reading starts over.
func (a *App) readlineSafely() (line string, err error) {
	if a.plain {
		return a.readPlain()
	}
	defer func() {
		if r := recover(); r != nil {
			a.panicked("the line editor", r)
			line, err = "", readline.ErrInterrupt
		}
		a.rl.ClearInlineSuggestion()
	}()
	return a.rl.Readline()
}

// handleLineSafely runs handleLine, surviving a panic in it.
func (a *App) handleLineSafely(line string) {
	defer func() {
		if r := recover(); r != nil {
			a.panicked("running the line", r)
		}
	}()
	a.handleLine(line)
}

// handleLine is one line's whole path.
func (a *App) handleLine(line string) {
	if strings.TrimSpace(line) == "" {
		return
	}
	if a.path != nil {
		a.path.Refresh(a.sh.Getenv("PATH"))
	}
	d := a.route(line)
	if d.Route == route.Shell || d.Route == route.Neutral {
		x, expanded, err := history.Expand(line, a.historyEvent)
		if err != nil {
			fmt.Fprintf(a.io.ErrOut, "lacy: %v\n", err)
			return
		}
		if expanded {
			// Like bash, show the line that runs.
			fmt.Fprintln(a.io.Out, x)
			line = x
			d = a.route(line)
		}
	}
	if !a.confirmTranslated(line) {
		return
	}
	start := time.Now()
	status := 0
	switch d.Route {
	case route.Shell, route.Neutral:
		status = a.runShell(line, d)
	case route.Agent:
		status = a.runAgent(d.Text, nil)
	case route.Slash:
		status = a.runSlash(d.Text)
	case route.Translate:
		status = a.runTranslate(d.Text)
	}
	dur := time.Since(start)
	a.endHistoryLine()
	a.mu.Lock()
	a.lastExit, a.lastDur = status, dur
	a.mu.Unlock()
	if d.Route != route.Translate { // the command that runs is recorded, never the ? request
		a.recordHistory(line, status, start, dur)
	}
	a.learnFrom(line, d, status)
	if status != 0 && (d.Route == route.Shell || d.Route == route.Neutral) {
		a.afterFailure(line, d, status)
	}
	a.precmd(line, status, dur)
}

// route decides where a line goes: the one classifier the indicator uses.
// The prompt's marker and the highlighter both ask on every redraw, so the
// last answer is kept.
func (a *App) route(line string) route.Decision {
	if a.router == nil {
		return route.Decision{Route: route.Shell, Text: line}
	}
	mode := a.currentMode()
	a.mu.Lock()
	if c := a.lastRoute; c.ok && c.line == line && c.mode == mode {
		a.mu.Unlock()
		return c.d
	}
	a.mu.Unlock()
	d := a.router.Classify(line, mode)
	a.mu.Lock()
	a.lastRoute = routeCache{line: line, mode: mode, d: d, ok: true}
	a.mu.Unlock()
	return d
}

// routeCache is the last decision of route.
type routeCache struct {
	line string
	mode route.Mode
	d    route.Decision
	ok   bool
}

func (a *App) currentMode() route.Mode {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.mode
}

// interruptible returns a context cancelled by Ctrl-C (SIGINT reaches lacy
// only while lacy itself is the terminal's foreground: builtins, Lua, agents).
func (a *App) interruptible() (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		for {
			select {
			case sig := <-a.sigs:
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

// runShell runs a line in the session's shell, aborting it on Ctrl-C.
func (a *App) runShell(line string, d route.Decision) int {
	src := line
	if d.Rule == route.RuleBang {
		src = d.Text
	}
	a.beginHistoryLine(line) // history 1 and $HISTCMD name it from now on, as in bash
	a.ps0()
	a.preexec(src)
	ctx, cancel := a.interruptible()
	defer cancel()
	defer a.holdGit()() // no git of lacy's runs beside the user's command
	a.beginCapture(line)
	status, _ := a.sh.Run(ctx, src, "lacy")
	a.endCapture(line, status)
	redact.Observe(src, a.sh.Getenv) // export API_TOKEN=… is masked from now on
	if status == 130 || status == 128+int(syscall.SIGTSTP) {
		fmt.Fprintln(a.io.Out) // after the terminal's echo of ^C or ^Z
	}
	a.remember(src, status)
	return status
}

// remember keeps the last few commands for the agent's context.
func (a *App) remember(cmd string, status int) {
	if a.isPrivate(cmd) {
		return
	}
	a.recent = append(a.recent, agents.Command{Cmd: cmd, Exit: status})
	if n := len(a.recent); n > 8 {
		a.recent = a.recent[n-8:]
	}
}

// recordHistory appends the line to the history file with its status.
func (a *App) recordHistory(line string, status int, start time.Time, dur time.Duration) {
	if a.hist == nil || a.skipHistory(line) || a.isPrivate(line) {
		return
	}
	a.eraseDups(line)
	err := a.hist.Append(history.Entry{Command: line, Time: start, Cwd: a.sh.Dir(), Exit: status, Duration: dur})
	if err != nil && !a.histFailed {
		// Said once: a full disk must not print on every Enter.
		a.histFailed = true
		fmt.Fprintf(a.io.ErrOut, "lacy: history: %s: %v\n", a.hist.Path(), rootCause(err))
	}
}

// afterFailure runs the command_failed hook and, in auto mode, the
// post-failure reroute: a line that failed like English goes to the agent.
// Otherwise the offline fixes, if any, are offered (fix.go).
func (a *App) afterFailure(line string, d route.Decision, status int) {
	tail := a.sh.StderrTail()
	a.shareFailure(line, status, tail)
	fixes := a.corrections(line, status, tail)
	if a.vm.HasHandlers(lua.EventCommandFailed) {
		a.vm.Emit(lua.EventCommandFailed, map[string]any{"command": line, "exit": status, "stderr": tail, "cwd": a.sh.Dir(),
			"fixes": fixPayload(fixes)})
	}
	if d.Rule == route.RuleBang || status > 128 { // 128+N: a signal (Ctrl-C is 130)
		return
	}
	ok, reason := false, ""
	if a.router != nil && status < 128 {
		ok, reason = a.router.ShouldReroute(line, a.currentMode(), status, tail)
	}
	if !ok || a.isPrivate(line) || learnedFirst(fixes) { // a private line never goes to a model by itself; the user's own correction beats a guess that it was English
		a.offerFix(line, status, tail, fixes) // one or the other, never both
		return
	}
	a.dim(fmt.Sprintf("↪ that looked like a question (%s): asking the agent", reason))
	a.runAgent(line, &agents.Failure{Cmd: line, Exit: status, StderrTail: tail})
}

// preexec runs the Lua preexec hooks.
func (a *App) preexec(cmd string) {
	if a.vm.HasHandlers(lua.EventPreexec) {
		a.vm.Emit(lua.EventPreexec, map[string]any{"command": cmd, "cwd": a.sh.Dir()})
	}
}

// precmd runs the Lua precmd hooks before the next prompt.
func (a *App) precmd(line string, status int, dur time.Duration) {
	if a.vm.HasHandlers(lua.EventPrecmd) {
		a.vm.Emit(lua.EventPrecmd, map[string]any{"command": line, "exit": status, "duration_ms": dur.Milliseconds(), "cwd": a.sh.Dir()})
	}
}

// notifyJobs prints what happened to background jobs since the last prompt.
func (a *App) notifyJobs() {
	for _, l := range a.sh.JobNotifications() {
		fmt.Fprintln(a.io.ErrOut, l)
	}
}

// dim prints one dim informational line.
func (a *App) dim(msg string) {
	if a.color {
		fmt.Fprintf(a.io.ErrOut, "\x1b[2m%s\x1b[0m\n", msg)
		return
	}
	fmt.Fprintln(a.io.ErrOut, msg)
}

// rootCause is the innermost error of a chain: "no space left on device"
// rather than "history: write /path: no space left on device".
func rootCause(err error) error {
	for {
		next := errors.Unwrap(err)
		if next == nil {
			return err
		}
		err = next
	}
}

// historyEvent is the history for !! and friends: the command n back, or
// numbered -n (as `history` numbers them) when n is negative.
func (a *App) historyEvent(n int) (string, bool) {
	if a.hist == nil {
		return "", false
	}
	if n < 0 {
		if i := -n - 1; i < a.hist.Len() {
			return a.hist.At(i).Command, true
		}
		return "", false
	}
	for _, e := range a.hist.Backward() {
		if n--; n == 0 {
			return e.Command, true
		}
	}
	return "", false
}
