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
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/reeflective/readline"
	"github.com/reeflective/readline/inputrc"
	"go.uber.org/zap"

	"github.com/lacy-sh/lacy/runtime/iostreams"
	"github.com/lacy-sh/lacy/runtime/shell"
)

// App is one interactive session.
type App struct {
	io  *iostreams.IO
	log *zap.Logger
	sh  *shell.Shell
	rl  *readline.Shell

	sigs chan os.Signal

	mu       sync.Mutex // guards the fields the prompt reads while typing
	lastExit int
	lastDur  time.Duration

	startedAt time.Time
}

// Options configure an interactive session.
type Options struct {
	IO     *iostreams.IO
	Logger *zap.Logger
}

// Run starts an interactive session and returns lacy's exit status.
func Run(opts Options) int {
	a, err := newApp(opts)
	if err != nil {
		fmt.Fprintf(opts.IO.ErrOut, "lacy: %v\n", err)
		return 1
	}
	defer a.close()
	return a.loop()
}

func newApp(opts Options) (*App, error) {
	log := opts.Logger
	if log == nil {
		log = zap.NewNop()
	}
	a := &App{io: opts.IO, log: log, startedAt: time.Now()}
	// Interactive shells survive the signals a terminal sends them; children
	// get the default dispositions back because these are caught, not
	// ignored.
	a.sigs = make(chan os.Signal, 4)
	signal.Notify(a.sigs, syscall.SIGINT, syscall.SIGTSTP, syscall.SIGQUIT, syscall.SIGTERM)

	sh, err := shell.New(shell.Options{
		Stdin: opts.IO.InFile, Stdout: opts.IO.OutFile, Stderr: opts.IO.ErrFile,
		Interactive: true, TTY: opts.IO.InFile, Logger: log.Named("shell"),
	})
	if err != nil {
		return nil, err
	}
	a.sh = sh
	a.rl = a.newReadline()
	return a, nil
}

func (a *App) close() {
	signal.Stop(a.sigs)
	a.sh.Close()
}

// newReadline builds the line editor: prompt, multi-line, keys.
func (a *App) newReadline() *readline.Shell {
	rl := readline.NewShell(inputrc.WithApp("lacy"))
	// lacy prints every prompt at column 0 (see promptSP), so the cursor
	// position probe is not needed and never delays a keystroke.
	_ = rl.Config.Set("cursor-position-probe", false)
	rl.Prompt.Primary(a.primaryPrompt)
	rl.Prompt.Secondary(func() string { return "> " })
	rl.AcceptMultiline = func(line []rune) bool { return !shell.NeedsMore(string(line)) }
	return rl
}

// loop reads and runs lines until exit or Ctrl-D.
func (a *App) loop() int {
	for {
		a.notifyJobs()
		a.promptSP()
		line, err := a.rl.Readline()
		if errors.Is(err, readline.ErrInterrupt) {
			continue
		}
		if errors.Is(err, io.EOF) {
			if a.tryExit() {
				return a.exitStatus()
			}
			continue
		}
		if err != nil {
			fmt.Fprintf(a.io.ErrOut, "lacy: %v\n", err)
			return 1
		}
		a.handleLine(line)
		if a.sh.Exited() {
			return a.exitStatus()
		}
	}
}

// tryExit handles Ctrl-D on an empty line: like bash, it warns once when
// jobs are stopped.
func (a *App) tryExit() bool {
	fmt.Fprintln(a.io.Out, "exit")
	_, _ = a.sh.Run(context.Background(), "exit", "exit")
	return true
}

func (a *App) exitStatus() int { return a.sh.LastStatus() }

// handleLine is one line's whole path.
func (a *App) handleLine(line string) {
	if strings.TrimSpace(line) == "" {
		return
	}
	start := time.Now()
	status := a.runShell(line)
	a.mu.Lock()
	a.lastExit, a.lastDur = status, time.Since(start)
	a.mu.Unlock()
}

// runShell runs a line in the session's shell, aborting it on Ctrl-C.
func (a *App) runShell(line string) int {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan struct{})
	go func() {
		for {
			select {
			case sig := <-a.sigs:
				if sig == syscall.SIGINT {
					cancel()
				}
			case <-done:
				return
			}
		}
	}()
	status, _ := a.sh.Run(ctx, line, "lacy")
	close(done)
	if status == 130 || status == 128+int(syscall.SIGTSTP) {
		fmt.Fprintln(a.io.Out) // after the terminal's echo of ^C or ^Z
	}
	return status
}

// notifyJobs prints what happened to background jobs since the last prompt.
func (a *App) notifyJobs() {
	for _, l := range a.sh.JobNotifications() {
		fmt.Fprintln(a.io.ErrOut, l)
	}
}

// promptSP makes sure the prompt starts at column 0 even when the last
// output did not end with a newline, marking the cut with a reverse "%" as
// zsh does. It needs no terminal query.
func (a *App) promptSP() {
	cols := a.width()
	fmt.Fprintf(a.io.Out, "\x1b[7m%%\x1b[0m%s\r\x1b[K", strings.Repeat(" ", cols-1))
}

func (a *App) width() int {
	if ws, err := getWinsize(a.io.OutFile); err == nil && ws > 0 {
		return ws
	}
	return 80
}

// primaryPrompt renders the prompt; readline calls it on every redraw, so it
// must be cheap.
func (a *App) primaryPrompt() string {
	a.mu.Lock()
	exit := a.lastExit
	a.mu.Unlock()
	var b strings.Builder
	b.WriteString("lacy ")
	b.WriteString(tildePath(a.sh.Dir()))
	if exit != 0 {
		fmt.Fprintf(&b, " \x1b[31m✗%d\x1b[0m", exit)
	}
	b.WriteString(" ▌ ")
	return b.String()
}

// tildePath abbreviates $HOME to ~.
func tildePath(p string) string {
	home, _ := os.UserHomeDir()
	if home != "" && (p == home || strings.HasPrefix(p, home+"/")) {
		return "~" + p[len(home):]
	}
	return p
}
