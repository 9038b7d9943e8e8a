// Package repl is lacy's interactive loop: it reads a line with
// reeflective/readline and hands it to the line-handling core
// (runtime/repl/core), which follows it along one visible path:
//
//	readLine → Core.Handle (route → run → history → fix/reroute → hooks) → prompt
//
// App is the line editor's glue: prompt, highlighting, ghost text,
// completion, key bindings and the one-key questions (core.UI). Each step
// is a method that can be found by its name; docs/architecture.md is the
// map.
package repl

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"sync"
	"sync/atomic"
	"syscall"

	"github.com/reeflective/readline"
	"go.uber.org/zap"
	"golang.org/x/sys/unix"
	"golang.org/x/term"

	"github.com/lacy-sh/lacy/internal/batch"
	"github.com/lacy-sh/lacy/internal/invocation"
	"github.com/lacy-sh/lacy/internal/starttrace"
	"github.com/lacy-sh/lacy/lua"
	"github.com/lacy-sh/lacy/runtime/history"
	"github.com/lacy-sh/lacy/runtime/iostreams"
	"github.com/lacy-sh/lacy/runtime/predict"
	"github.com/lacy-sh/lacy/runtime/redact"
	"github.com/lacy-sh/lacy/runtime/repl/core"
	"github.com/lacy-sh/lacy/runtime/route"
	"github.com/lacy-sh/lacy/runtime/session"
	"github.com/lacy-sh/lacy/runtime/shell"
	"github.com/lacy-sh/lacy/runtime/termmarks"
	"github.com/lacy-sh/lacy/stdlib"
)

// App is one interactive session: the line editor and the loop around
// the line-handling core (runtime/repl/core), which it embeds: the
// session's streams, shell, Lua VM, router and history are the core's
// fields.
type App struct {
	*core.Core
	rl    *readline.Shell
	lines *history.Lines // readline's view of Hist

	afterFirstPrompt sync.Once    // startBackground (startup.go)
	agentsReady      atomic.Bool  // the shell exists: sharedAgents may build the manager
	promptDraws      atomic.Int32 // the start-up trace's count of prompt draws (startup.go)

	sigs chan os.Signal
	hup  chan os.Signal // SIGHUP, caught from the start (catchSignals)

	mu       sync.Mutex      // guards what the prompt reads while typing
	prompt   string          // the prompt for the current line, computed once per line
	bp       bashPromptState // PS1/PS2 (bashprompt.go)
	binds    bindState       // what bind set (bind.go)
	histFile histFileState   // what history -a/-w FILE wrote (histbuiltin.go)

	plainLines   chan string        // lines read in plain mode
	plainPending *string            // a line that came in after a Ctrl-C
	editMode     string             // the line editor's keys as set -o last chose them
	tr           translateState     // ? request (see translate.go)
	bash         bashCompleter      // the bash-completion bridge (complete.go)
	next         nextCache          // the empty prompt's prediction (predict.go)
	walk         history.PrefixWalk // ↑/↓ through the history (predict.go)
	model        *predict.Predictor // the predict role's ghost text (predictmodel.go)
	marks        termmarks.Marks    // OSC 133/7 and the title (marks.go)
	instant      *instantState      // the first prompt drawn from the cache (instant.go)
	instantSaved sync.WaitGroup     // its entry written for the next session; close waits
}

// App asks the line editor's questions for the core.
var _ core.UI = (*App)(nil)

// Options configure an interactive session.
type Options struct {
	IO *iostreams.IO
	// Invocation is the command line: login shell, --norc, set options.
	Invocation invocation.Invocation
}

// Run starts an interactive session and returns lacy's exit status.
func Run(opts Options) int {
	starttrace.Mark("repl.Run")
	// signal.Notify's first calls wait on the runtime's signal thread (its
	// start, then a round trip per signal): begun here, that wait overlaps
	// the instant prompt and the log.
	sigs := catchSignals(opts.IO.InFile)
	// The last session's first prompt, at once (instant.go); the real one
	// replaces it.
	instant := drawInstantPrompt(opts.IO, opts.Invocation, os.Getenv)
	holdGC() // until the first prompt is drawn (startup.go)
	log, closeLog := session.OpenLog()
	starttrace.Mark("log opened")
	defer closeLog()
	a, err := newAppWith(opts.IO, log, opts.Invocation, sigs)
	if err != nil {
		releaseGC()
		instant.clear()
		fmt.Fprintf(opts.IO.ErrOut, "lacy: %v\n", err)
		return 1
	}
	a.instant = instant
	defer a.close()
	a.watchHangup()
	status := a.loop()
	a.instant.clear() // exit in a start-up file: no prompt replaced it
	return status
}

// watchHangup makes lacy leave as bash does when its terminal goes away
// (SIGHUP): every job is hung up, stopped ones continued first so they see
// it, and lacy exits with 128+SIGHUP.
func (a *App) watchHangup() {
	var cooked *term.State
	if a.IO.InFile != nil {
		cooked, _ = term.GetState(int(a.IO.InFile.Fd()))
	}
	hup := a.hup // caught since the start (catchSignals)
	go func() {
		<-hup
		a.Log.Info("SIGHUP: hanging up the jobs and leaving")
		a.Sh.HangUp()
		if cooked != nil {
			_ = term.Restore(int(a.IO.InFile.Fd()), cooked) // the line editor may hold it raw
		}
		_ = a.Log.Sync()
		os.Exit(128 + int(syscall.SIGHUP))
	}()
}

// newApp starts a session: shell, Lua config, ~/.lacyrc, routing, history,
// line editor. Nothing here waits on the network; history loads in the
// background.
func newApp(ios *iostreams.IO, log *zap.Logger, inv invocation.Invocation) (*App, error) {
	return newAppWith(ios, log, inv, catchSignals(ios.InFile))
}

// caughtSignals holds the signals an interactive shell catches from its
// start: ch gets SIGINT, SIGTSTP, SIGQUIT and SIGTERM (done is closed once
// they are caught), hup SIGHUP (watchHangup reads it); jobs says whether
// SIGTTIN and SIGTTOU were caught (shell.Options.JobSignalsCaught).
type caughtSignals struct {
	ch, hup   chan os.Signal
	done      chan struct{}
	jobsKnown chan struct{} // closed once jobs is set
	jobs      *bool
}

// jobSignalsCaught reports whether SIGTTIN and SIGTTOU were caught,
// waiting until catchSignals knows.
func (c caughtSignals) jobSignalsCaught() bool {
	<-c.jobsKnown
	return *c.jobs
}

// catchSignals starts catching the signals an interactive shell catches,
// on another goroutine begun at the top of Run. The first signal.Notify
// of a signal waits for a round trip to the runtime's signal thread
// (started by the first): on a busy machine about 0.1 ms per signal of
// waiting, not work, which the shell's start (SIGTTIN, SIGTTOU) and the
// line editor's (SIGINT…, SIGHUP) each waited for before the first
// prompt; here the waits overlap the instant prompt and the log. SIGTTIN
// and SIGTTOU come first, and only when tty is the terminal and lacy is in
// its foreground process group, as shell.New then catches them at once
// anyway (started in the background, it stops itself with SIGTTIN first,
// which must not be caught then).
func catchSignals(tty *os.File) caughtSignals {
	c := caughtSignals{ch: make(chan os.Signal, 4), hup: make(chan os.Signal, 1), done: make(chan struct{}),
		jobsKnown: make(chan struct{}), jobs: new(bool)}
	go func() {
		if tty != nil {
			if fg, err := unix.IoctlGetInt(int(tty.Fd()), unix.TIOCGPGRP); err == nil && fg == syscall.Getpgrp() {
				signal.Notify(make(chan os.Signal, 1), syscall.SIGTTIN, syscall.SIGTTOU)
				*c.jobs = true
			}
		}
		close(c.jobsKnown)
		signal.Notify(c.ch, syscall.SIGINT, syscall.SIGTSTP, syscall.SIGQUIT, syscall.SIGTERM)
		close(c.done)
		signal.Notify(c.hup, syscall.SIGHUP)
		starttrace.Mark("signals caught (concurrent)")
	}()
	return c
}

// newAppWith is newApp with the signals already being caught (Run starts
// that first).
func newAppWith(ios *iostreams.IO, log *zap.Logger, inv invocation.Invocation, sigs caughtSignals) (*App, error) {
	// The shell (a pty for the stderr tap, the interpreter) and the Lua
	// config are independent until the config is applied: build them at
	// the same time, to bring the first prompt sooner. The shell starts
	// first (the trace, docs/performance.md).
	type shellResult struct {
		sh  *shell.Shell
		err error
	}
	a := &App{Core: &core.Core{IO: ios, Log: log, Color: colorAllowed(os.Getenv), Plain: dumbTerminal(os.Getenv)}}
	shc := make(chan shellResult, 1)
	go func() {
		starttrace.Mark("shell goroutine starts (concurrent)")
		sh, err := shell.New(shell.Options{
			Stdin: ios.InFile, Stdout: ios.OutFile, Stderr: ios.ErrFile,
			Interactive: true, TTY: ios.InFile, Logf: log.Named("shell").Sugar().Warnf,
			Login: inv.Login, Env: shell.NextLevel(os.Environ()), // $0 -lacy, shopt login_shell, SHLVL+1
			JobSignalsCaught: sigs.jobSignalsCaught,
		})
		starttrace.Mark("shell.New done (concurrent)")
		shc <- shellResult{sh, err}
	}()

	// The line editor's own set-up (its default key bindings, the user's
	// inputrc, lacy's editor defaults) needs neither the shell nor the
	// config: it is built while the shell still starts, and first, while
	// catchSignals still waits for the runtime. (Not in a third goroutine:
	// on two cores it delayed the shell.)
	editor := a.newEditorBase()
	starttrace.Mark("line editor's defaults built")

	// Interactive shells survive the signals a terminal sends them
	// (catchSignals); Ctrl-C while the config loads needs them caught.
	<-sigs.done
	a.sigs, a.hup = sigs.ch, sigs.hup
	a.Signals = a.sigs
	starttrace.Mark("SIGINT, SIGTSTP, SIGQUIT, SIGTERM caught")

	// The config VM gets the stdlib too, so Lua tools and hooks can use
	// lacy.sh, lacy.fs and lacy.json (DESIGN §4).
	// Ctrl-C while the config loads (a huge or slow file) stops loading it:
	// what was declared so far stays, the rest keeps its defaults.
	loading, loaded := a.Interruptible(context.Background())
	a.VM, a.Cfg = session.LoadConfig(session.ConfigOptions{
		Print: ios.Out, ErrOut: ios.ErrOut, Logger: log.Named("lua"), Sandbox: true,
		Extend: lua.Options{Extend: stdlib.Extend(stdlib.Deps{IO: ios, Logger: log.Named("lua"), Agents: a.scriptAgents(log)}), Interrupt: loading},
	})
	loaded()
	starttrace.Mark("config loaded (Lua VM, init.lua, user's config)")
	r := <-shc
	if r.err != nil {
		a.VM.Close()
		return nil, r.err
	}
	sh := r.sh
	a.Sh = sh
	a.agentsReady.Store(true)
	a.applyConfig()
	sh.SetBindFunc(a.bindBuiltin)
	a.setupGit()
	starttrace.Mark("config applied")
	a.runRC(inv)
	starttrace.Mark("start-up files run (~/.lacyrc)")

	a.Names = session.Names(a.Sh)
	cfg, set := a.Cfg, a.Names
	a.StartRouter(func() *route.Classifier {
		c, err := session.NewClassifier(cfg, set)
		if err != nil { // the embedded word lists are broken: a build mistake
			log.Error("routing", zap.Error(err))
			fmt.Fprintf(ios.ErrOut, "lacy: routing: %v\n", err)
		}
		return c
	})
	a.SetMode(a.StartMode())
	starttrace.Mark("classifier started (background)")

	if session.StateDir() == "" {
		fmt.Fprintln(ios.ErrOut, "lacy: no home directory (HOME is unset or missing): history and settings are not saved")
	} else if h, err := history.OpenDeferred(filepath.Join(session.StateDir(), "history"), log.Named("history")); err == nil {
		a.Hist = h
		// A line carrying a secret (a key-like token, PASSWORD=…, a value
		// the session learned) is not written to the history file.
		h.SetFilter(func(cmd string) bool { return !redact.HasSecret(cmd) })
		sh.SetHistoryFunc(a.historyBuiltin)
		sh.SetFcFunc(a.fcBuiltin)
		sh.SetHistoryCount(h.Len)
	} else {
		fmt.Fprintf(ios.ErrOut, "lacy: history: %v\n", err)
	}
	starttrace.Mark("history opened")
	a.marks = a.newMarks()
	a.SetupCapture()
	a.model = a.newPredictor()
	starttrace.Mark("marks, capture, predictor")
	a.rl = a.newReadline(editor)
	starttrace.Mark("line editor built")
	a.UI = a // the fix line, `? request` and tool questions use the line editor
	a.VM.Emit(lua.EventStartup, nil)
	starttrace.Mark("startup event emitted")
	return a, nil
}

// applyConfig carries the Lua config's environment and aliases into the
// shell.
func (a *App) applyConfig() {
	ctx := context.Background()
	for name, value := range a.Cfg.Env {
		_ = os.Setenv(name, value)
		redact.LearnVar(name, value)
		if err := a.Sh.Export(ctx, name, value); err != nil {
			fmt.Fprintf(a.IO.ErrOut, "lacy: %v\n", err)
		}
	}
	for _, name := range a.Cfg.EnvUnset {
		_, _ = a.Sh.Run(ctx, "unset "+name, "config")
	}
	a.Sh.AddTerminalPrograms(a.Cfg.TerminalPrograms...)
	for _, name := range a.Cfg.AliasOrder {
		if err := a.Sh.SetAlias(ctx, name, a.Cfg.Aliases[name]); err != nil {
			fmt.Fprintf(a.IO.ErrOut, "lacy: alias %s: %v\n", name, err)
		}
	}
}

// runRC runs the start-up files as the command line asks (see
// batch.Startup): a login shell's profile files, then ~/.lacyrc (bash
// syntax), each statement by statement with "file:line" in its errors.
func (a *App) runRC(inv invocation.Invocation) {
	ctx, cancel := a.Interruptible(context.Background())
	defer cancel()
	inv.Interactive = true
	batch.Startup(ctx, a.Sh, inv, a.IO.ErrOut)
	// Secrets the start-up files set (API_TOKEN=…) are masked from now on.
	for _, name := range a.Sh.VarNames() {
		redact.LearnVar(name, a.Sh.Getenv(name))
	}
}

func (a *App) close() {
	a.instantSaved.Wait() // microseconds: a session that leaves at once still leaves its entry
	signal.Stop(a.sigs)
	a.Core.Close() // the MCP servers the agents started
	if a.Hist != nil {
		_ = a.Hist.Close()
	}
	a.VM.Close()
	a.Sh.Close()
	a.bash.close()
}

// loop reads and runs lines until exit or Ctrl-D.
func (a *App) loop() int {
	for !a.Sh.Exited() { // exit in a start-up file ends the session, as in bash
		line, ok := a.readLine()
		if !ok {
			break
		}
		a.markCommandStart(line)
		a.Handle(context.Background(), line)
		a.markCommandEnd(line)
	}
	return a.Sh.LastStatus()
}

// readLine shows the prompt and reads one (possibly multi-line) line. It
// returns false on Ctrl-D at an empty prompt.
func (a *App) readLine() (string, bool) {
	for {
		a.NotifyJobs()
		a.promptCommand()
		a.computePrompt()
		a.followEditingMode()
		starttrace.Mark("prompt computed")
		if !a.Plain {
			// After an instant prompt the cursor is on its line, not
			// after foreign output: back to column 0 instead of the
			// partial-line mark, and the real prompt is drawn over it
			// (instant.go).
			if !a.instant.replace() {
				a.promptSP()
			}
			a.markPromptStart()
			starttrace.Mark("partial-line mark and OSC marks written")
		}
		if a.lines != nil {
			a.lines.SetTyping(true)
		}
		a.afterFirstPrompt.Do(a.startBackground)
		a.model.Open()
		line, err := a.readlineSafely()
		starttrace.Done()  // the first prompt is over
		a.model.Accepted() // Ctrl-C and Ctrl-D end the line too
		a.dropIdleSignals()
		switch {
		case err == nil:
			return line, true
		case errors.Is(err, readline.ErrInterrupt):
			a.cancelTranslate() // Ctrl-C while a ? request runs
			continue
		case errors.Is(err, io.EOF):
			// Like bash, warn once before leaving stopped jobs behind.
			if a.Sh.WarnStoppedJobs(a.IO.ErrOut, "Ctrl-D") {
				continue
			}
			fmt.Fprintln(a.IO.Out, "exit")
			return "", false
		default:
			fmt.Fprintf(a.IO.ErrOut, "lacy: %v\n", err)
			return "", false
		}
	}
}

// followEditingMode switches the line editor to vi or emacs keys when
// `set -o vi` / `set -o emacs` ran (in ~/.lacyrc or at the prompt).
func (a *App) followEditingMode() {
	m := a.Sh.EditingMode()
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
	if a.Plain {
		return a.readPlain()
	}
	defer func() {
		if r := recover(); r != nil {
			a.Panicked("the line editor", r)
			line, err = "", readline.ErrInterrupt
		}
		a.rl.ClearInlineSuggestion()
	}()
	return a.rl.Readline()
}
