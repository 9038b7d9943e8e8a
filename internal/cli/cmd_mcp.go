package cli

import (
	"context"
	"errors"
	"fmt"
	"github.com/lacy-sh/lacy/internal/app"
	"io"
	"iter"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"go.uber.org/zap"

	"github.com/lacy-sh/lacy/agents"
	"github.com/lacy-sh/lacy/lua"
	"github.com/lacy-sh/lacy/runtime/agentsetup"
	"github.com/lacy-sh/lacy/runtime/correct"
	"github.com/lacy-sh/lacy/runtime/gitinfo"
	"github.com/lacy-sh/lacy/runtime/history"
	"github.com/lacy-sh/lacy/runtime/iostreams"
	"github.com/lacy-sh/lacy/runtime/lastfail"
	"github.com/lacy-sh/lacy/runtime/mcpserve"
	"github.com/lacy-sh/lacy/runtime/redact"
	"github.com/lacy-sh/lacy/runtime/route"
	"github.com/lacy-sh/lacy/runtime/session"
	"github.com/lacy-sh/lacy/runtime/shell"
	"github.com/lacy-sh/lacy/runtime/translate"
)

// cmdMCP implements `lacy mcp`: an MCP server on stdin and stdout (see
// runtime/mcpserve and docs/mcp.md). It reads the config at once (the
// tools offered depend on it) and everything else when a tool first needs
// it: the history, ~/.lacyrc (in a shell of its own, output discarded),
// the models.
func cmdMCP(f *app.Factory, args []string) error {
	ios := f.IO
	if len(args) > 0 {
		if args[0] == "-h" || args[0] == "--help" {
			fmt.Fprintln(ios.Out, "usage: lacy mcp    (an MCP server on stdin/stdout; see docs/mcp.md)")
			return nil
		}
		return app.UsageError(fmt.Errorf("unexpected argument %q (usage: lacy mcp)", args[0]))
	}
	log, closeLog := f.OpenLog()
	defer closeLog()
	// stdout is the protocol: Lua's print and every diagnostic go elsewhere.
	cfg := f.LoadConfig(session.ConfigOptions{Print: io.Discard, ErrOut: ios.ErrOut, Logger: log.Named("lua"), Sandbox: true})
	src := newMCPSources(f, cfg, log.Named("mcp"))
	defer src.close()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	err := mcpserve.New(src.deps(), app.Version).Run(ctx, &mcp.IOTransport{Reader: io.NopCloser(ios.In), Writer: nopWriteCloser{ios.Out}})
	if err != nil && ctx.Err() == nil && !errors.Is(err, io.EOF) {
		return err
	}
	return nil
}

type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }

// mcpSources are the server's sources, each opened on first use.
type mcpSources struct {
	f   *app.Factory
	cfg lua.Config
	log *zap.Logger

	histOnce sync.Once
	hist     *history.Store
	histErr  error

	rcOnce sync.Once
	rc     *shell.Shell

	classOnce sync.Once
	router    *route.Classifier
	routerErr error

	trOnce sync.Once
	tr     *translateEnv

	runOnce sync.Once
	runMgr  *agents.Manager
}

func newMCPSources(f *app.Factory, cfg lua.Config, log *zap.Logger) *mcpSources {
	// Secret-named variables of the environment and the configured keys
	// are masked in everything returned, as in the shell.
	for _, kv := range os.Environ() {
		if name, value, ok := strings.Cut(kv, "="); ok {
			redact.LearnVar(name, value)
		}
	}
	for _, m := range cfg.Models {
		if m.APIKey != "" {
			redact.Learn(m.APIKey)
		}
	}
	return &mcpSources{f: f, cfg: cfg, log: log}
}

func (s *mcpSources) deps() mcpserve.Deps {
	d := mcpserve.Deps{
		History:     s.history,
		LastFailure: s.lastFailure,
		Definitions: s.definitions,
		Classify:    s.classify,
		Fix:         s.fix,
		Translate:   s.translate,
		Redact:      redact.String,
	}
	if s.cfg.MCPServer.Run {
		d.Run = s.run
	}
	return d
}

func (s *mcpSources) close() {
	if s.hist != nil {
		_ = s.hist.Close()
	}
	if s.rc != nil {
		s.rc.Close()
	}
	if s.tr != nil {
		s.tr.close()
	}
	if s.runMgr != nil {
		s.runMgr.Close()
	}
}

func (s *mcpSources) history(ctx context.Context) (iter.Seq2[int, history.Entry], error) {
	s.histOnce.Do(func() {
		dir := session.StateDir()
		if dir == "" {
			s.histErr = errors.New("no history: HOME is unset")
			return
		}
		s.hist, s.histErr = history.Open(filepath.Join(dir, "history"), s.log.Named("history"))
	})
	if s.histErr != nil {
		return nil, s.histErr
	}
	select {
	case <-s.hist.Loaded():
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	_ = s.hist.Refresh() // what the shells appended since
	return s.hist.Backward(), nil
}

func (s *mcpSources) lastFailure() (lastfail.Failure, bool) {
	if dir := session.StateDir(); dir != "" {
		return lastfail.Load(dir)
	}
	return lastfail.Failure{}, false
}

// shell is ~/.lacyrc run in a shell of its own, as `lacy classify` does.
func (s *mcpSources) shell() *shell.Shell {
	s.rcOnce.Do(func() { s.rc = rcShell(s.f, s.cfg.AliasOrder, s.cfg.Aliases) })
	return s.rc
}

func (s *mcpSources) definitions(context.Context) (map[string]string, []string, error) {
	sh := s.shell()
	if sh == nil {
		return nil, nil, errors.New("the shell did not start")
	}
	return sh.Aliases(), sh.Functions(), nil
}

func (s *mcpSources) classify(line string) (string, string, error) {
	s.classOnce.Do(func() {
		s.router, s.routerErr = session.NewClassifier(s.cfg, session.Names(s.shell()))
	})
	if s.routerErr != nil {
		return "", "", s.routerErr
	}
	mode, _ := route.ParseMode(s.cfg.Mode)
	d := s.router.Classify(line, mode)
	return d.Route.String(), d.Rule, nil
}

// fix is lacy fix: the rules, then the correct role's model.
func (s *mcpSources) fix(ctx context.Context, line string, exit int, output string, offline bool) ([]string, error) {
	c, err := session.NewCorrector(s.cfg, func(err error) { s.log.Warn("correction rules", zap.Error(err)) })
	if err != nil {
		return nil, err
	}
	cwd, _ := os.Getwd()
	names := session.Names(s.shell()).All()
	k := session.CorrectKnowledge(names, nil)
	k.Branch, _ = gitinfo.Branch(cwd)
	if len(output) > maxOutputTail {
		output = output[len(output)-maxOutputTail:]
	}
	fixes := c.Fix(correct.Failure{Line: line, Exit: exit, Output: output, Cwd: cwd}, k)
	if len(fixes) == 0 && !offline {
		fixes, err = modelFixesCtx(ctx, s.f, s.cfg, s.log, correct.Failure{Line: line, Exit: exit, Output: output, Cwd: cwd})
		if err != nil {
			return nil, err
		}
	}
	out := make([]string, len(fixes))
	for i, f := range fixes {
		out[i] = f.Command
	}
	return out, nil
}

// modelFixesCtx is modelFixes under the caller's context.
func modelFixesCtx(ctx context.Context, f *app.Factory, cfg lua.Config, log *zap.Logger, fail correct.Failure) ([]correct.Fix, error) {
	if cfg.Roles[agents.CorrectRole] == "" {
		return nil, nil
	}
	mgr := f.NewAgents(cfg, log, nil, func() string { return fail.Cwd })
	defer mgr.Close()
	ctx, cancel := context.WithTimeout(ctx, fixTimeout)
	defer cancel()
	cmds, err := mgr.SuggestFixes(ctx, agents.FixRequest{Line: fail.Line, Exit: fail.Exit, Output: fail.Output, Cwd: fail.Cwd})
	if errors.Is(err, agents.ErrNoFixModel) {
		return nil, nil
	}
	var out []correct.Fix
	for _, c := range cmds {
		out = append(out, correct.Fix{Command: c, Rule: "model"})
	}
	return out, err
}

// translate is lacy suggest.
func (s *mcpSources) translate(ctx context.Context, request string, n int) ([]mcpserve.Command, error) {
	s.trOnce.Do(func() {
		errs := &strings.Builder{}
		env, ok := newTranslateEnv(s.f, &iostreams.IO{In: strings.NewReader(""), Out: io.Discard, ErrOut: errs}, "mcp")
		if ok {
			s.tr = env
		} else {
			s.log.Warn("translate: cannot start", zap.String("error", errs.String()))
		}
	})
	if s.tr == nil {
		return nil, errors.New("translate: the shell did not start")
	}
	tcfg := s.tr.tcfg
	if n > 0 {
		tcfg.Alternatives = n
	}
	dir, _ := os.Getwd()
	res, err := agentsetup.NewTranslator(s.tr.mgr, s.tr.known, tcfg).Translate(ctx, request, translate.Gather(dir, request, s.tr.known, nil))
	if err != nil {
		return nil, err
	}
	out := make([]mcpserve.Command, 0, len(res.Candidates))
	for _, c := range res.Candidates {
		x := mcpserve.Command{Command: c.Command, Problem: c.Problem}
		if c.Destructive {
			x.Destructive = c.Reason
			if x.Destructive == "" {
				x.Destructive = "destructive"
			}
		}
		out = append(out, x)
	}
	return out, nil
}

// run is the agents' shell tool with no one to ask: only pre-approved
// commands run, never a destructive one.
func (s *mcpSources) run(ctx context.Context, command string) (string, bool) {
	s.runOnce.Do(func() {
		sh := s.shell()
		if sh == nil {
			return
		}
		s.runMgr = s.f.NewAgents(s.cfg, s.log, session.SubshellRunner(sh), sh.Dir)
	})
	if s.runMgr == nil {
		return "error: the shell did not start", true
	}
	return s.runMgr.RunTool(ctx, agents.ToolShell, map[string]any{"command": command}, nil)
}
