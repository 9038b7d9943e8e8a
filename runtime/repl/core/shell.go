package core

import (
	"context"
	"fmt"
	"strings"
	"syscall"
	"time"

	"github.com/lacy-sh/lacy/agents"
	"github.com/lacy-sh/lacy/internal/timelimit"
	"github.com/lacy-sh/lacy/runtime/gitinfo"
	"github.com/lacy-sh/lacy/runtime/outcap"
	"github.com/lacy-sh/lacy/runtime/redact"
	"github.com/lacy-sh/lacy/runtime/route"
)

// DefaultGitHoldWait bounds how long a command line waits for lacy's own
// git reads, sent SIGTERM, to exit before it starts (they hold no lock;
// this only keeps them from running beside the user's command).
func DefaultGitHoldWait() time.Duration { return timelimit.Scale(2 * time.Second) }

// runShell runs a line in the session's shell, aborting it on Ctrl-C.
func (c *Core) runShell(ctx context.Context, line string, d route.Decision) int {
	src := line
	if d.Rule == route.RuleBang {
		src = d.Text
	}
	c.beginHistoryLine(line) // history 1 and $HISTCMD name it from now on, as in bash
	c.ps0(ctx)
	c.preexec(src)
	ctx, cancel := c.Interruptible(ctx)
	defer cancel()
	defer c.holdGit()() // no git of lacy's runs beside the user's command
	c.beginCapture(line)
	status, _ := c.Sh.Run(ctx, src, "lacy")
	c.endCapture(line, status)
	redact.Observe(src, c.Sh.Getenv) // export API_TOKEN=… is masked from now on
	if status == 130 || status == 128+int(syscall.SIGTSTP) {
		fmt.Fprintln(c.IO.Out) // after the terminal's echo of ^C or ^Z
	}
	c.remember(src, status)
	return status
}

// holdGit stops lacy's git reads while a command line runs; call the
// returned func when it ends.
func (c *Core) holdGit() func() {
	wait := c.GitHoldWait
	if wait == 0 {
		wait = DefaultGitHoldWait()
	}
	gitinfo.Default.Hold(wait)
	return gitinfo.Default.Release
}

// remember keeps the last few commands for the agent's context.
func (c *Core) remember(cmd string, status int) {
	if c.IsPrivate(cmd) {
		return
	}
	c.recent = append(c.recent, agents.Command{Cmd: cmd, Exit: status})
	if n := len(c.recent); n > 8 {
		c.recent = c.recent[n-8:]
	}
}

// outputState is output capture for the agent (lacy.config{ context = {
// output = true } }).
type outputState struct {
	on   bool               // capture configured and possible
	last *agents.OutputTail // the last captured line's output
}

// SetupCapture reads the capture config once the shell exists: capture
// needs the line editor's terminal, so never in plain mode.
func (c *Core) SetupCapture() {
	c.capture.on = c.Cfg.Context.Output && !c.Plain && c.Sh.SetOutputCapture(false)
}

// IsPrivate reports whether a line is kept out of the history, the
// agent's recent commands, output capture and the saved failure: it starts
// with a space (bash's HISTCONTROL=ignorespace), or /private is on.
func (c *Core) IsPrivate(line string) bool {
	return c.Private() || strings.HasPrefix(line, " ")
}

// beginCapture turns capture on for a line that may be captured, off for
// the others.
func (c *Core) beginCapture(line string) {
	if c.capture.on {
		c.Sh.SetOutputCapture(!c.IsPrivate(line))
	}
}

// endCapture keeps the captured output of the line that just ran.
func (c *Core) endCapture(line string, status int) {
	if !c.capture.on {
		return
	}
	if c.IsPrivate(line) {
		c.capture.last = nil // the last command's output is not captured, nor an older one shown for it
		return
	}
	raw := c.Sh.OutputTail()
	c.Sh.SetOutputCapture(false)
	c.capture.last = &agents.OutputTail{Cmd: line, Exit: status, Text: outcap.Clean(raw), Cut: len(raw) >= 4096}
}

// outputTail is what the agent's context carries of the last output.
func (c *Core) outputTail() *agents.OutputTail {
	if !c.capture.on || c.Private() {
		return nil
	}
	return c.capture.last
}
