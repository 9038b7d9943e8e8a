package repl

import (
	"context"
	"fmt"
	"runtime"
	"strings"

	"go.uber.org/zap"

	"github.com/lacy-sh/lacy/agents"
	"github.com/lacy-sh/lacy/agents/render"
	"github.com/lacy-sh/lacy/lua"
	"github.com/lacy-sh/lacy/runtime/agentsetup"
	"github.com/lacy-sh/lacy/runtime/gitinfo"
	"github.com/lacy-sh/lacy/runtime/route"
	"github.com/lacy-sh/lacy/runtime/session"
	"github.com/lacy-sh/lacy/stdlib/ai"
)

// agentsManager builds the agents manager on first use, so that a session
// that never talks to a model pays nothing for it.
func (a *App) agentsManager() *agents.Manager {
	a.agentsOnce.Do(func() {
		a.mgr = agentsetup.NewAgents(a.cfg, a.log, session.SubshellRunner(a.sh), a.sh.Dir)
		a.mgr.SetDefinitions(session.Definitions(a.sh))
		a.mgr.OnSaveFailed(func(err error) {
			fmt.Fprintf(a.io.ErrOut, "lacy: conversations are not saved: %v\n", rootCause(err))
		})
	})
	return a.mgr
}

// agentContext is what the next request carries about the terminal.
func (a *App) agentContext(ctx context.Context, failed *agents.Failure) agents.Context {
	dir := a.sh.Dir()
	c := agents.Context{Cwd: dir, OS: runtime.GOOS + "/" + runtime.GOARCH, Shell: "lacy (bash syntax)"}
	c.GitBranch, c.GitDirty = agents.GitState(ctx, dir)
	if c.GitBranch == "" {
		c.GitBranch, _ = gitinfo.Branch(dir)
	}
	c.Recent = append(c.Recent, a.recent...)
	c.Failed = failed
	c.Output = a.outputTail()
	return c
}

// runAgent sends text to the current agent and streams the answer. Ctrl-C
// cancels the call at once and keeps what arrived.
func (a *App) runAgent(text string, failed *agents.Failure) int {
	if strings.TrimSpace(text) == "" {
		return 0
	}
	mgr := a.agentsManager()
	ctx, cancel := a.interruptible()
	defer cancel()
	c := a.agentContext(ctx, failed)
	sink := render.NewTerminal(a.io.Out, a.width(), 0, a.color)
	sink.SetCursorControl(!a.plain) // NO_COLOR: redrawn as Markdown, without colour
	name := mgr.Current()
	reply, err := mgr.Ask(ctx, name, text, c, sink, a.approver(cancel))
	sink.Stop()
	if err != nil {
		if agents.IsCancel(err) || ctx.Err() != nil {
			a.dim("(cancelled)")
			return 130
		}
		fmt.Fprintf(a.io.ErrOut, "lacy: %v\n", err)
		return 1
	}
	if a.vm.HasHandlers(lua.EventAgentReply) {
		a.vm.Emit(lua.EventAgentReply, map[string]any{"agent": name, "text": reply})
	}
	return 0
}

// runSlash runs a slash command (/agent, /agents, /clear, /mode, /model,
// /context, /undo, /help).
func (a *App) runSlash(text string) int {
	fields := strings.Fields(strings.TrimPrefix(text, "/"))
	if len(fields) == 0 {
		return a.slashHelp()
	}
	name, args := fields[0], fields[1:]
	switch name {
	case "help":
		return a.slashHelp()
	case "rules":
		return a.slashRules(args)
	case "mode":
		return a.slashMode(args)
	case "agents":
		mgr := a.agentsManager()
		cur := mgr.Current()
		for _, n := range mgr.Agents() {
			mark := "  "
			if n == cur {
				mark = "* "
			}
			fmt.Fprintln(a.io.Out, mark+n)
		}
		return 0
	case "agent":
		mgr := a.agentsManager()
		if len(args) == 0 {
			fmt.Fprintln(a.io.Out, mgr.Current())
			return 0
		}
		if err := mgr.Switch(args[0]); err != nil {
			fmt.Fprintf(a.io.ErrOut, "lacy: /agent: %v\n", err)
			return 1
		}
		a.dim("agent: " + args[0])
		return 0
	case "clear":
		mgr := a.agentsManager()
		if err := mgr.Clear(mgr.Current()); err != nil {
			fmt.Fprintf(a.io.ErrOut, "lacy: /clear: %v\n", err)
			return 1
		}
		a.dim("conversation cleared: " + mgr.Current())
		return 0
	case "model":
		return a.slashModel(args)
	case "private":
		return a.slashPrivate(args)
	case "undo":
		return a.slashUndo(args)
	case "context":
		mgr := a.agentsManager()
		ctx, cancel := a.interruptible()
		defer cancel()
		fmt.Fprintln(a.io.Out, mgr.ContextPreview(ctx, mgr.Current(), a.agentContext(ctx, nil)))
		if a.out.private {
			fmt.Fprintln(a.io.Out, "private: history and output capture are paused (/private resumes them)")
		}
		return 0
	}
	fmt.Fprintf(a.io.ErrOut, "lacy: /%s: unknown command (try /help)\n", name)
	return 2
}

func (a *App) slashHelp() int {
	fmt.Fprint(a.io.Out, `lacy — type a command and it runs; type English and it goes to the agent.
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

func (a *App) slashMode(args []string) int {
	if len(args) == 0 {
		fmt.Fprintln(a.io.Out, a.currentMode())
		return 0
	}
	m, ok := route.ParseMode(args[0])
	if !ok {
		fmt.Fprintf(a.io.ErrOut, "lacy: /mode: %q: want auto, shell or agent\n", args[0])
		return 2
	}
	a.mu.Lock()
	a.mode = m
	a.mu.Unlock()
	a.saveMode(m)
	return 0
}

func (a *App) slashModel(args []string) int {
	mgr := a.agentsManager()
	cur := mgr.Current()
	if len(args) == 0 {
		ctx, cancel := a.interruptible()
		defer cancel()
		name, err := mgr.ModelOf(ctx, cur)
		if err != nil {
			fmt.Fprintf(a.io.ErrOut, "lacy: /model: %v\n", err)
		} else {
			fmt.Fprintf(a.io.Out, "%s uses %s\n", cur, name)
		}
		for _, m := range mgr.Models() {
			key := ""
			if !m.HasKey && m.Provider != "ollama" {
				key = "  (no key)"
			}
			fmt.Fprintf(a.io.Out, "  %-12s %-10s %s%s\n", m.Name, m.Provider, m.Model, key)
		}
		return 0
	}
	if err := mgr.SetModel(cur, args[0]); err != nil {
		fmt.Fprintf(a.io.ErrOut, "lacy: /model: %v\n", err)
		return 1
	}
	a.dim(cur + " now uses " + args[0])
	return 0
}

// sharedAgents gives the Lua stdlib the session's agent manager, so that a
// hook's lacy.agent.ask uses the same one (one manager per process); nil
// while the config loads, before the shell exists.
func (a *App) sharedAgents() *agents.Manager {
	if !a.agentsReady.Load() {
		return nil
	}
	return a.agentsManager()
}

// scriptAgents serves the Lua stdlib's agent functions (a hook's
// lacy.agent.ask) with the session's manager once the shell exists.
func (a *App) scriptAgents(log *zap.Logger) ai.Func {
	s := &agentsetup.Scripts{Shared: a.sharedAgents, Logger: log.Named("agents")}
	return s.For
}
