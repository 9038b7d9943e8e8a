package core

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/lacy-sh/lacy/agents"
	"github.com/lacy-sh/lacy/agents/render"
	"github.com/lacy-sh/lacy/lua"
	"github.com/lacy-sh/lacy/runtime/agentsetup"
	"github.com/lacy-sh/lacy/runtime/gitinfo"
	"github.com/lacy-sh/lacy/runtime/route"
	"github.com/lacy-sh/lacy/runtime/session"
)

// Agents builds the agents manager on first use, so that a session that
// never talks to a model pays nothing for it.
func (c *Core) Agents() *agents.Manager {
	c.agentsOnce.Do(func() {
		c.mgr = agentsetup.NewAgents(c.Cfg, c.Log, session.SubshellRunner(c.Sh), c.Sh.Dir)
		c.mgr.SetDefinitions(session.Definitions(c.Sh))
		c.mgr.OnSaveFailed(func(err error) {
			fmt.Fprintf(c.IO.ErrOut, "lacy: conversations are not saved: %v\n", RootCause(err))
		})
	})
	return c.mgr
}

// AgentContext is what the next request carries about the terminal.
func (c *Core) AgentContext(ctx context.Context, failed *agents.Failure) agents.Context {
	dir := c.Sh.Dir()
	ac := agents.Context{Cwd: dir, OS: runtime.GOOS + "/" + runtime.GOARCH, Shell: "lacy (bash syntax)"}
	ac.GitBranch, ac.GitDirty = agents.GitState(ctx, dir)
	if ac.GitBranch == "" {
		ac.GitBranch, _ = gitinfo.Branch(dir)
	}
	ac.Recent = append(ac.Recent, c.recent...)
	ac.Failed = failed
	ac.Output = c.outputTail()
	return ac
}

// runAgent sends text to the current agent and streams the answer. Ctrl-C
// cancels the call at once and keeps what arrived.
func (c *Core) runAgent(ctx context.Context, text string, failed *agents.Failure) int {
	if strings.TrimSpace(text) == "" {
		return 0
	}
	mgr := c.Agents()
	ctx, cancel := c.Interruptible(ctx)
	defer cancel()
	ac := c.AgentContext(ctx, failed)
	sink := render.NewTerminal(c.IO.Out, c.Width(), 0, c.Color)
	sink.SetCursorControl(!c.Plain) // NO_COLOR: redrawn as Markdown, without colour
	name := mgr.Current()
	reply, err := mgr.Ask(ctx, name, text, ac, sink, c.approver(cancel))
	sink.Stop()
	if err != nil {
		if agents.IsCancel(err) || ctx.Err() != nil {
			c.Dim("(cancelled)")
			return 130
		}
		fmt.Fprintf(c.IO.ErrOut, "lacy: %v\n", err)
		return 1
	}
	if c.VM.HasHandlers(lua.EventAgentReply) {
		c.VM.Emit(lua.EventAgentReply, map[string]any{"agent": name, "text": reply})
	}
	return 0
}

// approver is how an agent's tool call is asked about: the UI's one-key
// question, else line by line on the streams.
func (c *Core) approver(cancel context.CancelFunc) agents.Approver {
	if c.UI != nil {
		return c.UI.Approver(cancel)
	}
	return agents.NewPrompter(c.IO.In, c.IO.Out)
}

// runSlash runs a slash command (/agent, /agents, /clear, /mode, /model,
// /context, /private, /rules, /undo, /help).
func (c *Core) runSlash(ctx context.Context, text string) int {
	fields := strings.Fields(strings.TrimPrefix(text, "/"))
	if len(fields) == 0 {
		return c.slashHelp()
	}
	name, args := fields[0], fields[1:]
	switch name {
	case "help":
		return c.slashHelp()
	case "rules":
		return c.slashRules(args)
	case "mode":
		return c.slashMode(args)
	case "agents":
		mgr := c.Agents()
		cur := mgr.Current()
		for _, n := range mgr.Agents() {
			mark := "  "
			if n == cur {
				mark = "* "
			}
			fmt.Fprintln(c.IO.Out, mark+n)
		}
		return 0
	case "agent":
		mgr := c.Agents()
		if len(args) == 0 {
			fmt.Fprintln(c.IO.Out, mgr.Current())
			return 0
		}
		if err := mgr.Switch(args[0]); err != nil {
			fmt.Fprintf(c.IO.ErrOut, "lacy: /agent: %v\n", err)
			return 1
		}
		c.Dim("agent: " + args[0])
		return 0
	case "clear":
		mgr := c.Agents()
		if err := mgr.Clear(mgr.Current()); err != nil {
			fmt.Fprintf(c.IO.ErrOut, "lacy: /clear: %v\n", err)
			return 1
		}
		c.Dim("conversation cleared: " + mgr.Current())
		return 0
	case "model":
		return c.slashModel(ctx, args)
	case "private":
		return c.slashPrivate(args)
	case "undo":
		return RunUndo(c.IO.Out, c.IO.ErrOut, "/undo", args)
	case "context":
		mgr := c.Agents()
		ctx, cancel := c.Interruptible(ctx)
		defer cancel()
		fmt.Fprintln(c.IO.Out, mgr.ContextPreview(ctx, mgr.Current(), c.AgentContext(ctx, nil)))
		if c.Private() {
			fmt.Fprintln(c.IO.Out, "private: history and output capture are paused (/private resumes them)")
		}
		return 0
	}
	fmt.Fprintf(c.IO.ErrOut, "lacy: /%s: unknown command (try /help)\n", name)
	return 2
}

func (c *Core) slashHelp() int {
	fmt.Fprint(c.IO.Out, `lacy — type a command and it runs; type English and it goes to the agent.
  !cmd            always the shell           @text, #text    always the agent
  ? text          a command for the request  Ctrl+Space      cycle mode auto → shell → agent
  /mode NAME      auto, shell or agent        /agent NAME     switch agent (/agents lists them)
  /model [NAME]   show or set the agent's model
  /clear          empty the current conversation
  /context        what the next agent request carries
  /private        pause history and output capture (again to resume)
  /rules          what lacy learned from you (/rules forget N|all)
  /undo [list]    put back what the last agent change replaced or deleted
`)
	return 0
}

func (c *Core) slashMode(args []string) int {
	if len(args) == 0 {
		fmt.Fprintln(c.IO.Out, c.Mode())
		return 0
	}
	m, ok := route.ParseMode(args[0])
	if !ok {
		fmt.Fprintf(c.IO.ErrOut, "lacy: /mode: %q: want auto, shell or agent\n", args[0])
		return 2
	}
	c.SetMode(m)
	c.SaveMode(m)
	return 0
}

func (c *Core) slashModel(ctx context.Context, args []string) int {
	mgr := c.Agents()
	cur := mgr.Current()
	if len(args) == 0 {
		ctx, cancel := c.Interruptible(ctx)
		defer cancel()
		name, err := mgr.ModelOf(ctx, cur)
		if err != nil {
			fmt.Fprintf(c.IO.ErrOut, "lacy: /model: %v\n", err)
		} else {
			fmt.Fprintf(c.IO.Out, "%s uses %s\n", cur, name)
		}
		for _, m := range mgr.Models() {
			key := ""
			if !m.HasKey && m.Provider != "ollama" {
				key = "  (no key)"
			}
			fmt.Fprintf(c.IO.Out, "  %-12s %-10s %s%s\n", m.Name, m.Provider, m.Model, key)
		}
		return 0
	}
	if err := mgr.SetModel(cur, args[0]); err != nil {
		fmt.Fprintf(c.IO.ErrOut, "lacy: /model: %v\n", err)
		return 1
	}
	c.Dim(cur + " now uses " + args[0])
	return 0
}

// slashPrivate is /private: pause (or resume) history, output capture and
// the saved failure for the session.
func (c *Core) slashPrivate(args []string) int {
	on := !c.Private()
	switch {
	case len(args) == 0:
	case args[0] == "on":
		on = true
	case args[0] == "off":
		on = false
	default:
		fmt.Fprintf(c.IO.ErrOut, "lacy: /private: %q: want on, off or nothing\n", args[0])
		return 2
	}
	c.mu.Lock()
	c.private = on
	c.mu.Unlock()
	if on {
		c.capture.last = nil
		c.Dim("private: history and output capture are paused (/private again to resume)")
	} else {
		c.Dim("private off: history and output capture resume")
	}
	return 0
}

// StartMode is the mode from the last session, else the config's.
func (c *Core) StartMode() route.Mode {
	if dir := session.StateDir(); dir != "" {
		if b, err := os.ReadFile(filepath.Join(dir, "mode")); err == nil {
			if m, ok := route.ParseMode(strings.TrimSpace(string(b))); ok {
				return m
			}
		}
	}
	if m, ok := route.ParseMode(c.Cfg.Mode); ok {
		return m
	}
	return route.ModeAuto
}

// SaveMode remembers the mode for the next session.
func (c *Core) SaveMode(m route.Mode) {
	if session.StateDir() == "" {
		return // said at start-up
	}
	if err := session.WriteStateFile("mode", []byte(m.String()+"\n")); err != nil {
		c.logger().Warn("saving the mode", zap.Error(err))
		c.Dim("lacy: the mode is not saved for the next session: " + RootCause(err).Error())
	}
}

// RunUndo restores the last agent change (or the one named), or lists the
// kept snapshots with "list"; what is the name used in messages ("/undo",
// "lacy undo").
func RunUndo(out, errOut io.Writer, what string, args []string) int {
	s := session.UndoStore()
	if s == nil {
		fmt.Fprintf(errOut, "lacy: %s: no state directory, so no agent change is kept\n", what)
		return 1
	}
	if len(args) > 0 && args[0] == "list" {
		list := s.List()
		if len(list) == 0 {
			fmt.Fprintln(out, "no agent change is kept")
			return 0
		}
		now := time.Now()
		for _, snap := range list {
			fmt.Fprintln(out, snap.Line(now))
		}
		return 0
	}
	id := ""
	if len(args) > 0 {
		id = args[0]
	}
	_, msg, err := s.Undo(id)
	if err != nil {
		fmt.Fprintf(errOut, "lacy: %s: %v\n", what, err)
		return 1
	}
	fmt.Fprintln(out, msg)
	return 0
}
