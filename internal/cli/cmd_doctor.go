package cli

import (
	"context"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/lacy-sh/lacy/internal/app"
	"github.com/lacy-sh/lacy/internal/invocation"
	"github.com/lacy-sh/lacy/lua"
	"github.com/lacy-sh/lacy/runtime/sandbox"
	"github.com/lacy-sh/lacy/runtime/session"
)

// cmdDoctor implements `lacy doctor`: the config files found, the models
// declared and whether they are reachable, and the paths lacy uses.
func cmdDoctor(f *app.Factory, _ []string) error {
	ios := f.IO
	fmt.Fprintln(ios.Out, "config")
	for _, p := range lua.ConfigPaths() {
		state := "not present"
		if _, err := os.Stat(p); err == nil {
			state = "loaded"
		}
		fmt.Fprintf(ios.Out, "  %-40s %s\n", lua.DisplayPath(p), state)
	}
	home, _ := os.UserHomeDir()
	rc := filepath.Join(home, ".lacyrc")
	if _, err := os.Stat(rc); err == nil {
		fmt.Fprintf(ios.Out, "  %-40s %s\n", "~/.lacyrc", "runs in interactive sessions")
	}
	for _, f := range invocation.Profiles(home) {
		if _, err := os.Stat(f[0]); err == nil {
			fmt.Fprintf(ios.Out, "  %-40s %s\n", f[1], "runs in login shells (lacy -l)")
		}
	}
	cfg := f.LoadConfig(session.ConfigOptions{Print: io.Discard, ErrOut: ios.Out, Sandbox: true})

	fmt.Fprintln(ios.Out, "models")
	mgr := f.NewAgents(cfg, nil, nil, func() string { return "." })
	if len(cfg.Models) == 0 {
		fmt.Fprintln(ios.Out, "  none declared")
	}
	ctx := context.Background()
	for _, m := range mgr.Models() {
		state := "reachable"
		if err := mgr.Check(ctx, m.Name); err != nil {
			state = err.Error()
		}
		fmt.Fprintf(ios.Out, "  %-12s %-10s %-28s %s\n", m.Name, m.Provider, m.Model, state)
	}
	if name, err := mgr.ModelOf(ctx, ""); err != nil {
		fmt.Fprintf(ios.Out, "  default agent: %v\n", err)
	} else if cfg.Roles["agent"] != "" {
		fmt.Fprintf(ios.Out, "  default agent uses %s (models.agent)\n", name)
	} else {
		fmt.Fprintf(ios.Out, "  default agent uses %s (the first reachable)\n", name)
	}
	for _, role := range slices.Sorted(maps.Keys(cfg.Roles)) {
		switch role {
		case "agent":
		case "translate":
			fmt.Fprintf(ios.Out, "  role %-9s → %s (? request, lacy suggest, lacy explain)\n", role, cfg.Roles[role])
		case "predict":
			fmt.Fprintf(ios.Out, "  role %-9s → %s (ghost text when history has nothing)\n", role, cfg.Roles[role])
		case "correct":
			fmt.Fprintf(ios.Out, "  role %-9s → %s (the fix line's [a], lacy fix)\n", role, cfg.Roles[role])
		default:
			fmt.Fprintf(ios.Out, "  role %-9s → %s (not used yet)\n", role, cfg.Roles[role])
		}
	}

	if len(cfg.MCP) > 0 {
		fmt.Fprintln(ios.Out, "mcp servers")
		for _, s := range mgr.CheckMCP(ctx) {
			if s.Err != nil {
				fmt.Fprintf(ios.Out, "  %-12s %s — %v\n", s.Name, s.Target, s.Err)
				continue
			}
			fmt.Fprintf(ios.Out, "  %-12s %s — %d tools in %d ms: %s\n", s.Name, s.Target, len(s.Tools), s.Took.Milliseconds(), strings.Join(s.Tools, ", "))
		}
		mgr.Close()
	}

	fmt.Fprintln(ios.Out, "agent sandbox")
	if sandbox.Available() {
		fmt.Fprintf(ios.Out, "  Landlock ABI %d: agents' commands and MCP servers are confined (docs/security.md)\n", sandbox.ABI())
	} else {
		fmt.Fprintln(ios.Out, "  none: this kernel has no Landlock, so agents' commands run unsandboxed")
	}

	dir := session.StateDir()
	fmt.Fprintln(ios.Out, "paths")
	for _, p := range []struct{ what, path string }{
		{"history", filepath.Join(dir, "history")},
		{"conversations", filepath.Join(dir, "agents")},
		{"log", filepath.Join(dir, "lacy.log")},
		{"undo", filepath.Join(dir, "undo")},
	} {
		fmt.Fprintf(ios.Out, "  %-14s %s\n", p.what, lua.DisplayPath(p.path))
	}
	return nil
}
