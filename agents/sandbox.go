package agents

import (
	"context"
	"os/exec"

	"go.uber.org/zap"

	"github.com/lacy-sh/lacy/runtime/sandbox"
)

// policy is the sandbox of an agent's commands: its config, in the working
// tree of the shell's directory.
func (g *Guard) policy(spec AgentSpec) sandbox.Policy {
	p := sandbox.For(WorkTree(g.cwd()), spec.Sandbox)
	if p.Off {
		p.Why = "sandbox = false in lacy.agent(\"" + spec.Name + "\")"
		if spec.Source != "" {
			p.Why += " at " + spec.Source
		}
	}
	return p
}

// warnUnsandboxed says once per agent, in one line, that its commands run
// without a sandbox.
func (g *Guard) warnUnsandboxed(spec AgentSpec, pol sandbox.Policy, sink Sink) {
	g.mu.Lock()
	if g.warned == nil {
		g.warned = map[string]bool{}
	}
	done := g.warned[spec.Name]
	g.warned[spec.Name] = true
	g.mu.Unlock()
	if done {
		return
	}
	why := "this kernel has no Landlock; destructive commands still need yes"
	if pol.Off {
		why = pol.Why
	}
	g.log.Warn("agent commands run unsandboxed", zap.String("agent", spec.Name), zap.String("why", why))
	sink.ToolResult("sandbox", "agent "+spec.Name+" runs its commands unsandboxed: "+why, true)
}

// sandboxLine is what the question about a call says of the sandbox:
// the agent's commands run under the policy in ctx, an MCP server's under
// its own.
func (g *Guard) sandboxLine(ctx context.Context, t ToolSpec) string {
	switch {
	case t.Name == ToolShell:
		if p, ok := sandbox.FromContext(ctx); ok {
			return p.Describe()
		}
	case t.Server != "":
		if g.mcp.has(t.Server) && g.mcp.specs[t.Server].Command != "" {
			return "MCP server " + t.Server + ": " + g.mcp.policy(g.mcp.specs[t.Server]).Describe()
		}
	}
	return ""
}

// policy is the sandbox of a stdio MCP server: its config, in its cwd's
// working tree (or the shell's).
func (p *mcpPool) policy(s MCPSpec) sandbox.Policy {
	dir := s.Cwd
	if dir == "" && p.cwd != nil {
		dir = p.cwd()
	}
	pol := sandbox.For(WorkTree(dir), s.Sandbox)
	if pol.Off {
		pol.Why = "sandbox = false in lacy.mcp(\"" + s.Name + "\")"
		if s.Source != "" {
			pol.Why += " at " + s.Source
		}
	}
	return pol
}

// sandboxCommand makes cmd start its program through the sandbox launcher
// under pol. Nothing changes when the sandbox is off or the kernel has no
// Landlock (the question says so), or when the program cannot be found
// (starting it reports that).
func sandboxCommand(cmd *exec.Cmd, pol sandbox.Policy) error {
	if pol.Off || !sandbox.Available() {
		return nil
	}
	launcher, err := sandbox.Launcher()
	if err != nil {
		return err
	}
	if cmd.Err != nil {
		return nil
	}
	argv := pol.Command(launcher, cmd.Path, cmd.Args)
	cmd.Path, cmd.Args = argv[0], argv
	return nil
}
