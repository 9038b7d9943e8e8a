package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"github.com/lacy-sh/lacy/internal/app"
	"io"
	"os"
	"os/signal"
	"strings"

	"github.com/lacy-sh/lacy/agents"
	"github.com/lacy-sh/lacy/lua"
	"github.com/lacy-sh/lacy/runtime/agentsetup"
	"github.com/lacy-sh/lacy/runtime/iostreams"
	"github.com/lacy-sh/lacy/runtime/redact"
	"github.com/lacy-sh/lacy/runtime/session"
	"github.com/lacy-sh/lacy/runtime/shell"
	"github.com/lacy-sh/lacy/runtime/translate"
)

// Exit statuses of lacy suggest and lacy explain (docs/translate.md).
const (
	exitOK          = 0
	exitFailed      = 1 // no model, a model error, no command in the reply, a line that does not parse
	exitUsage       = 2
	exitUnchecked   = 3 // suggest: the best command was printed but cannot run here as it is
	exitInterrupted = 130
)

// translateEnv is what suggest and explain share: the config, the agents
// manager and the names that can run here (~/.lacyrc's functions and
// aliases, PATH, builtins).
type translateEnv struct {
	cfg   lua.Config
	tcfg  translate.Config
	mgr   *agents.Manager
	known func(string) bool
	close func()
}

func newTranslateEnv(f *app.Factory, ios *iostreams.IO, name string) (*translateEnv, bool) {
	log, closeLog := f.OpenLog()
	cfg := f.LoadConfig(session.ConfigOptions{Print: io.Discard, ErrOut: ios.ErrOut, Logger: log, Sandbox: true})
	tcfg := cfg.Translate.Get() // a bad table was reported when the config loaded
	sh, err := f.NewShell(shell.Options{Stdin: nil, Stdout: io.Discard, Stderr: io.Discard})
	if err != nil {
		fmt.Fprintf(ios.ErrOut, "lacy: %s: %v\n", name, err)
		closeLog()
		return nil, false
	}
	rc := rcShell(f, cfg.AliasOrder, cfg.Aliases)
	e := &translateEnv{cfg: cfg, tcfg: tcfg, mgr: f.NewAgents(cfg, log, session.SubshellRunner(sh), sh.Dir), known: session.Names(rc).Has}
	e.close = func() {
		if rc != nil {
			rc.Close()
		}
		sh.Close()
		closeLog()
	}
	return e, true
}

// cmdSuggest implements `lacy suggest [-n N] TEXT`: the commands for a
// request, one per line, best first.
func cmdSuggest(f *app.Factory, args []string) error {
	return app.Status(suggest(f, args))
}

func suggest(f *app.Factory, args []string) int {
	ios := f.IO
	fs := flag.NewFlagSet("suggest", flag.ContinueOnError)
	fs.SetOutput(ios.ErrOut)
	n := fs.Int("n", 0, "how many commands at most (default: translate.alternatives, 3)")
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	text := strings.TrimSpace(strings.Join(fs.Args(), " "))
	if text == "" {
		fmt.Fprintln(ios.ErrOut, "lacy: suggest: nothing to translate (usage: lacy suggest TEXT)")
		return exitUsage
	}
	env, ok := newTranslateEnv(f, ios, "suggest")
	if !ok {
		return exitFailed
	}
	defer env.close()
	if *n > 0 {
		env.tcfg.Alternatives = *n
	}
	tr := agentsetup.NewTranslator(env.mgr, env.known, env.tcfg)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	dir, _ := os.Getwd()
	res, err := tr.Translate(ctx, text, translate.Gather(dir, text, env.known, nil))
	switch {
	case ctx.Err() != nil:
		fmt.Fprintln(ios.ErrOut, "lacy: interrupted")
		return exitInterrupted
	case err != nil:
		fmt.Fprintf(ios.ErrOut, "lacy: suggest: %s\n", oneLine(err))
		return exitFailed
	}
	for _, c := range res.Candidates {
		fmt.Fprintln(ios.Out, c.Command)
	}
	best := res.Best()
	if best.Destructive {
		fmt.Fprintf(ios.ErrOut, "lacy: suggest: ⚠ destructive: %s\n", best.Reason)
		if best.Blast != "" {
			fmt.Fprintf(ios.ErrOut, "lacy: suggest: ⚠ %s\n", best.Blast)
		}
	}
	if best.Problem != "" {
		fmt.Fprintf(ios.ErrOut, "lacy: suggest: ⚠ %s\n", best.Problem)
		return exitUnchecked
	}
	return exitOK
}

// cmdExplain implements `lacy explain [--offline] 'CMD'`: what a command
// line does, from the model, else from its parsed structure and whatis.
func cmdExplain(f *app.Factory, args []string) error {
	return app.Status(explain(f, args))
}

func explain(f *app.Factory, args []string) int {
	ios := f.IO
	fs := flag.NewFlagSet("explain", flag.ContinueOnError)
	fs.SetOutput(ios.ErrOut)
	offline := fs.Bool("offline", false, "do not ask a model: the parsed structure and whatis descriptions")
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	cmd := strings.TrimSpace(strings.Join(fs.Args(), " "))
	if cmd == "" {
		fmt.Fprintln(ios.ErrOut, "lacy: explain: nothing to explain (usage: lacy explain 'CMD')")
		return exitUsage
	}
	dir, _ := os.Getwd()
	if _, err := translate.Offline(cmd, nil); err != nil {
		fmt.Fprintf(ios.ErrOut, "lacy: explain: %v\n", err)
		return exitFailed
	}
	status := exitOK
	if !*offline {
		env, ok := newTranslateEnv(f, ios, "explain")
		if !ok {
			return exitFailed
		}
		defer env.close()
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
		defer stop()
		text, err := explainWithModel(ctx, env, cmd, dir)
		switch {
		case ctx.Err() != nil:
			fmt.Fprintln(ios.ErrOut, "lacy: interrupted")
			return exitInterrupted
		case err == nil:
			fmt.Fprintln(ios.Out, text)
			warnDestructive(ios, cmd, dir)
			return status
		}
		fmt.Fprintf(ios.ErrOut, "lacy: explain: %s; explaining offline\n", oneLine(err))
	}
	text, err := translate.Offline(cmd, translate.Whatis)
	if err != nil {
		fmt.Fprintf(ios.ErrOut, "lacy: explain: %v\n", err)
		return exitFailed
	}
	fmt.Fprintln(ios.Out, text)
	warnDestructive(ios, cmd, dir)
	return status
}

func explainWithModel(ctx context.Context, env *translateEnv, cmd, dir string) (string, error) {
	m, _, err := env.mgr.RoleModel(ctx, "translate")
	if err != nil {
		return "", err
	}
	text, err := translate.Explain(ctx, m, cmd, translate.Gather(dir, "", nil, nil), func(s string) string {
		return env.mgr.Redact(redact.String(s))
	})
	if err == nil && text == "" {
		err = errors.New("the model's reply is empty")
	}
	return text, err
}

// warnDestructive adds runtime/safety's judgement to an explanation.
func warnDestructive(ios *iostreams.IO, cmd, dir string) {
	if c := translate.Judge(cmd, dir, nil); c.Destructive {
		fmt.Fprintf(ios.Out, "⚠ destructive: %s\n", c.Reason)
		if c.Blast != "" {
			fmt.Fprintf(ios.Out, "⚠ %s\n", c.Blast)
		}
	}
}

func oneLine(err error) string { return strings.Join(strings.Fields(err.Error()), " ") }
