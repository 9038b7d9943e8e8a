package cli

import (
	"context"
	"flag"
	"io"
	"os"
	"os/signal"
	"strings"

	"github.com/lacy-sh/lacy/agents"
	"github.com/lacy-sh/lacy/internal/app"
	"github.com/lacy-sh/lacy/runtime/session"
	"github.com/lacy-sh/lacy/runtime/shell"
)

// cmdAsk implements `lacy ask [--agent NAME] [text]`: a one-shot answer on
// stdout, with piped stdin added as context.
func cmdAsk(f *app.Factory, args []string) error {
	ios := f.IO
	fs := flag.NewFlagSet("ask", flag.ContinueOnError)
	fs.SetOutput(ios.ErrOut)
	agent := fs.String("agent", "", "the agent to ask (default: the default agent)")
	if err := fs.Parse(args); err != nil {
		return app.Status(2)
	}
	text := strings.Join(fs.Args(), " ")
	input := ""
	if !ios.IsStdinTTY() {
		var err error
		if input, err = agents.ReadInput(ios); err != nil {
			return err
		}
	}
	log, closeLog := f.OpenLog()
	defer closeLog()
	cfg := f.LoadConfig(session.ConfigOptions{Print: io.Discard, ErrOut: ios.ErrOut, Logger: log, Sandbox: true})
	sh, err := f.NewShell(shell.Options{Stdin: nil, Stdout: io.Discard, Stderr: io.Discard})
	if err != nil {
		return err
	}
	mgr := f.NewAgents(cfg, log, session.SubshellRunner(sh), sh.Dir)
	mgr.SetDefinitions(session.Definitions(sh))
	defer mgr.Close() // the MCP servers it started
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	return app.Status(agents.RunAsk(ctx, ios, mgr, *agent, text, input))
}
