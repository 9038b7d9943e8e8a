package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"

	"github.com/lacy-sh/lacy/agents"
	"github.com/lacy-sh/lacy/runtime/agentsetup"
	"github.com/lacy-sh/lacy/runtime/iostreams"
	"github.com/lacy-sh/lacy/runtime/session"
	"github.com/lacy-sh/lacy/runtime/shell"
)

func init() { subcommands["ask"] = cmdAsk }

// cmdAsk implements `lacy ask [--agent NAME] [text]`: a one-shot answer on
// stdout, with piped stdin added as context.
func cmdAsk(ios *iostreams.IO, args []string) int {
	fs := flag.NewFlagSet("ask", flag.ContinueOnError)
	fs.SetOutput(ios.ErrOut)
	agent := fs.String("agent", "", "the agent to ask (default: the default agent)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	text := strings.Join(fs.Args(), " ")
	input := ""
	if !ios.IsStdinTTY() {
		var err error
		if input, err = agents.ReadInput(ios); err != nil {
			fmt.Fprintf(ios.ErrOut, "lacy: ask: %v\n", err)
			return 1
		}
	}
	log, closeLog := session.OpenLog()
	defer closeLog()
	_, cfg := session.LoadConfig(session.ConfigOptions{Print: io.Discard, ErrOut: ios.ErrOut, Logger: log, Sandbox: true})
	sh, err := shell.New(shell.Options{Stdin: nil, Stdout: io.Discard, Stderr: io.Discard})
	if err != nil {
		fmt.Fprintf(ios.ErrOut, "lacy: ask: %v\n", err)
		return 1
	}
	mgr := agentsetup.NewAgents(cfg, log, session.SubshellRunner(sh), sh.Dir)
	mgr.SetDefinitions(session.Definitions(sh))
	defer mgr.Close() // the MCP servers it started
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	return agents.RunAsk(ctx, ios, mgr, *agent, text, input)
}
