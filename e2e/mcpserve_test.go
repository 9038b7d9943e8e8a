package e2e

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/lacy-sh/lacy/internal/ptytest"
	"github.com/lacy-sh/lacy/runtime/history"
	"github.com/lacy-sh/lacy/runtime/lastfail"
	"github.com/lacy-sh/lacy/runtime/mcpserve"
)

// mcpHome is a home with a history, a saved failure and start-up files.
func mcpHome(t *testing.T, files map[string]string) string {
	t.Helper()
	home := homeWith(t, files, 0o644)
	state := filepath.Join(home, ".local", "state", "lacy")
	h, err := history.Open(filepath.Join(state, "history"), nil)
	if err != nil {
		t.Fatal(err)
	}
	<-h.Loaded()
	proj := filepath.Join(home, "proj")
	t0 := time.Now().Add(-time.Hour)
	for i, e := range []history.Entry{
		{Command: "ls", Cwd: home, Exit: 0},
		{Command: "export GITHUB_TOKEN=ghp_abcdefghijklmnopqrstuvwxyz0123456789", Cwd: home, Exit: 0},
		{Command: "mysql -phunter2secret app", Cwd: proj, Exit: 1},
		{Command: "go build ./...", Cwd: filepath.Join(proj, "cmd"), Exit: 0},
		{Command: "make test", Cwd: proj, Exit: 2},
	} {
		e.Time = t0.Add(time.Duration(i) * time.Minute)
		if err := h.Append(e); err != nil {
			t.Fatal(err)
		}
	}
	h.Close()
	err = lastfail.Save(state, lastfail.Failure{Command: "make test", Exit: 2, Cwd: proj, Time: t0.Add(4*time.Minute + time.Second),
		Tail: "--- FAIL: TestParse\nAuthorization: Bearer abcdefghijklmnop1234\n"}, func(s string) string { return s })
	if err != nil {
		t.Fatal(err)
	}
	return home
}

// connect starts `lacy mcp` as an MCP client does and returns the session.
func connect(t *testing.T, home string) *mcp.ClientSession {
	t.Helper()
	if testing.Short() {
		t.Skip("end-to-end")
	}
	cmd := exec.Command(ptytest.Binary(t), "mcp")
	cmd.Env, cmd.Dir = ptytest.Env(home), home
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	c := mcp.NewClient(&mcp.Implementation{Name: "e2e", Version: "1"}, nil)
	s, err := c.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// call calls a tool and decodes its structured result into out; it
// returns the result's text.
func call(t *testing.T, s *mcp.ClientSession, tool string, args map[string]any, out any) (string, bool) {
	t.Helper()
	res, err := s.CallTool(context.Background(), &mcp.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", tool, err)
	}
	var text strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			text.WriteString(tc.Text)
		}
	}
	if out != nil && !res.IsError {
		if err := json.Unmarshal([]byte(text.String()), out); err != nil {
			t.Fatalf("%s: %v in %q", tool, err, text.String())
		}
	}
	return text.String(), res.IsError
}

// The check: an MCP client over stdio lists lacy's tools and reads
// the history through them, newest first, filtered, secrets redacted.
func TestMCPServeHistory(t *testing.T) {
	home := mcpHome(t, map[string]string{
		".lacyrc": "alias gs='git status'\nalias deploy-prod='DEPLOY_TOKEN=sk-live-abcdef1234567890 ./deploy'\nbuild_all() { make all; }\n",
	})
	s := connect(t, home)
	tools, err := s.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range tools.Tools {
		names = append(names, tool.Name)
	}
	slices.Sort(names)
	if want := []string{"classify", "last_failure", "list_definitions", "search_history", "suggest_fix", "translate"}; !slices.Equal(names, want) {
		t.Fatalf("tools %v, want %v (run_command only when configured)", names, want)
	}

	var all mcpserve.SearchOut
	raw, _ := call(t, s, "search_history", nil, &all)
	if strings.Contains(raw, "ghp_abc") || strings.Contains(raw, "hunter2") {
		t.Fatalf("a secret left lacy: %s", raw)
	}
	var cmds []string
	for _, e := range all.Entries {
		cmds = append(cmds, e.Command)
	}
	want := []string{"make test", "go build ./...", "mysql -p[REDACTED] app", "export GITHUB_TOKEN=[REDACTED]", "ls"}
	if !slices.Equal(cmds, want) {
		t.Fatalf("history %q, want newest first %q", cmds, want)
	}

	proj := filepath.Join(home, "proj")
	for _, tc := range []struct {
		args map[string]any
		want string
	}{
		{map[string]any{"status": "failed"}, "make test|mysql -p[REDACTED] app"},
		{map[string]any{"dir": proj}, "make test|mysql -p[REDACTED] app"},
		{map[string]any{"dir": proj, "under": true, "status": "ok"}, "go build ./..."},
		{map[string]any{"query": "MAKE"}, "make test"},
		{map[string]any{"status": "2"}, "make test"},
		{map[string]any{"limit": 1}, "make test"},
	} {
		var got mcpserve.SearchOut
		call(t, s, "search_history", tc.args, &got)
		var l []string
		for _, e := range got.Entries {
			l = append(l, e.Command)
		}
		if strings.Join(l, "|") != tc.want {
			t.Errorf("%v: %q, want %q", tc.args, l, tc.want)
		}
	}

	var f mcpserve.FailureOut
	raw, _ = call(t, s, "last_failure", nil, &f)
	if !f.Found || f.Command != "make test" || f.Exit != 2 || f.Cwd != proj || !strings.Contains(f.ErrorTail, "--- FAIL: TestParse") || strings.Contains(raw, "abcdefghijklmnop1234") {
		t.Fatalf("last failure %s", raw)
	}

	var defs mcpserve.DefinitionsOut
	raw, _ = call(t, s, "list_definitions", nil, &defs)
	if !slices.Contains(defs.Functions, "build_all") || len(defs.Aliases) != 2 || defs.Aliases[1] != (mcpserve.Alias{Name: "gs", Value: "git status"}) ||
		strings.Contains(raw, "sk-live") {
		t.Fatalf("definitions %s", raw)
	}

	for line, route := range map[string]string{"git status": "shell", "why does my build keep failing on CI": "agent", "gs": "shell"} {
		var c mcpserve.ClassifyOut
		call(t, s, "classify", map[string]any{"line": line}, &c)
		if c.Route != route {
			t.Errorf("classify %q: %+v, want %s", line, c, route)
		}
	}

	var fx mcpserve.FixOut
	raw, _ = call(t, s, "suggest_fix", map[string]any{"command": "cd /nonexistent-dir-xyz", "exit": 1, "output": "cd: /nonexistent-dir-xyz: No such file or directory", "offline": true}, &fx)
	if len(fx.Fixes) == 0 || fx.Fixes[0] != "mkdir -p /nonexistent-dir-xyz && cd /nonexistent-dir-xyz" {
		t.Fatalf("suggest_fix: %s", raw)
	}
	// No model is configured: translate says so as a tool error.
	if text, isErr := call(t, s, "translate", map[string]any{"request": "list files"}, nil); !isErr || text == "" {
		t.Fatalf("translate without a model: %q", text)
	}
}

// run_command is offered only when configured, and then runs only what the
// config pre-approves, never a destructive command.
func TestMCPServeRun(t *testing.T) {
	home := mcpHome(t, map[string]string{
		".lacyrc.lua": `local lacy = require("lacy")
lacy.config{ mcp_server = { run = true }, approve = { "echo *", "rm *" } }`,
		"victim/keep": "x",
	})
	s := connect(t, home)
	if text, isErr := call(t, s, "run_command", map[string]any{"command": "echo approved-42"}, nil); isErr || !strings.Contains(text, "approved-42") {
		t.Fatalf("approved command: %q %v", text, isErr)
	}
	if text, isErr := call(t, s, "run_command", map[string]any{"command": "touch made-by-mcp"}, nil); !isErr || !strings.Contains(text, "denied") {
		t.Fatalf("unapproved command: %q %v", text, isErr)
	}
	if text, isErr := call(t, s, "run_command", map[string]any{"command": "rm -r victim"}, nil); !isErr || !strings.Contains(text, "denied") {
		t.Fatalf("destructive command: %q %v", text, isErr)
	}
	for _, p := range []string{"made-by-mcp", "victim/keep"} {
		_, err := os.Stat(filepath.Join(home, p))
		if (p == "made-by-mcp") != os.IsNotExist(err) {
			t.Errorf("%s: %v", p, err)
		}
	}
}
