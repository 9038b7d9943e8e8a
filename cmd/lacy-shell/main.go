// Command lacy-shell is lacy's interactive shell. It links the shell, the
// line editor, Lua and the agents, but no model or MCP client (langchaingo,
// the MCP SDK…): those run in an agent process, `lacy-full agent-serve`,
// started on the first request that needs a model or an MCP server
// (runtime/agentproc). So the first prompt pays for neither their package
// initialisation nor their pages. Users run `lacy`, which runs scripts
// itself and replaces itself with this program for a terminal session (see
// cmd/lacy); subcommands are lacy-full's.
package main

import (
	"os"

	"github.com/lacy-sh/lacy/internal/app"
	"github.com/lacy-sh/lacy/internal/starttrace"
	"github.com/lacy-sh/lacy/runtime/agentproc"
	"github.com/lacy-sh/lacy/runtime/iostreams"
	"github.com/lacy-sh/lacy/runtime/sandbox"
)

func main() {
	starttrace.Begin("lacy-shell") // LACY_TRACE_STARTUP=FILE: the start's phases (docs/performance.md)
	if len(os.Args) > 1 && os.Args[1] == sandbox.Arg {
		// The agents' sandbox launcher, should this binary be asked.
		os.Exit(sandbox.Main(os.Args[2:]))
	}
	// Models and MCP servers are reached through the agent process,
	// started on first use; it ends when this process does (its stdin
	// closes).
	agents := &agentproc.Client{Command: agentproc.Self}
	agents.Install()
	// The composition root, with no subcommands: cmd/lacy hands those to
	// lacy-full.
	os.Exit(app.Main(os.Args[1:], app.New(iostreams.System()), nil))
}
