// Command lacy-full is the whole of lacy: the interactive shell and every
// subcommand, with the model and MCP clients in process. Users run `lacy`,
// the interactive shell and script runner, which replaces itself with this
// program for a subcommand (see cmd/lacy); the shell starts `lacy-full
// agent-serve` on its first model or MCP request (runtime/agentproc).
package main

import (
	"os"

	// The model and MCP clients run in this process (runtime/agentproc
	// serves them to the interactive shell).
	_ "github.com/lacy-sh/lacy/agents/llm/provider"
	_ "github.com/lacy-sh/lacy/agents/mcpclient"

	"github.com/lacy-sh/lacy/internal/app"
	"github.com/lacy-sh/lacy/internal/cli"
	"github.com/lacy-sh/lacy/runtime/iostreams"
	"github.com/lacy-sh/lacy/runtime/sandbox"
)

func main() {
	if len(os.Args) > 1 && os.Args[1] == sandbox.Arg {
		// The agents' sandbox launcher: restrict, then exec the program.
		os.Exit(sandbox.Main(os.Args[2:]))
	}
	// The composition root: the real constructors (internal/app) and
	// the subcommands (internal/cli).
	os.Exit(app.Main(os.Args[1:], app.New(iostreams.System()), cli.Commands))
}
