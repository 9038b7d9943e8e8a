package lua

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/lacy-sh/lacy/spec"
)

func TestMCP(t *testing.T) {
	vm, _, _ := configVM(t)
	cfg, errs := vm.LoadConfig(src(`local lacy = require("lacy")
lacy.mcp("fs", { command = "npx", args = { "-y", "@modelcontextprotocol/server-filesystem", "/tmp" }, env = { DEBUG = "1", N = 2 }, cwd = "/" })
lacy.mcp("tickets", { url = "https://mcp.example.com/mcp", headers = { Authorization = "Bearer x" } })
lacy.mcp("fs", { command = "fs-server" })
lacy.config({ max_tool_calls = 40 })`))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	want := []spec.MCP{
		{Name: "fs", Command: "fs-server", Source: "test.lua:4"},
		{Name: "tickets", URL: "https://mcp.example.com/mcp", Headers: map[string]string{"Authorization": "Bearer x"}, Source: "test.lua:3"},
	}
	if diff := cmp.Diff(want, cfg.MCP); diff != "" {
		t.Errorf("(-want +got)\n%s", diff)
	}
	if cfg.MaxToolCalls != 40 {
		t.Errorf("max_tool_calls %d", cfg.MaxToolCalls)
	}
}

func TestMCPBadArguments(t *testing.T) {
	tests := []struct{ code, want string }{
		{`lacy.mcp("a__b", { command = "x" })`, `lacy.mcp: name "a__b" may only use letters, digits, - and single _ (at most 64)`},
		{`lacy.mcp("a.b", { command = "x" })`, `lacy.mcp: name "a.b" may only use letters, digits, - and single _ (at most 64)`},
		{`lacy.mcp("a", {})`, `lacy.mcp: give "command" (a stdio server) or "url" (an HTTP server)`},
		{`lacy.mcp("a", { command = "x", url = "http://h" })`, `lacy.mcp: give "command" or "url", not both`},
		{`lacy.mcp("a", { url = "ftp://h" })`, `lacy.mcp: "url" must be an http or https address, got "ftp://h"`},
		{`lacy.mcp("a", { url = "http://h", args = { "x" } })`, `lacy.mcp: "args", "env", "cwd" and "sandbox" are for a command, not a url`},
		{`lacy.mcp("a", { command = "x", headers = { A = "b" } })`, `lacy.mcp: "headers" are for a url, not a command`},
		{`lacy.mcp("a", { command = "x", env = { A = {} } })`, `lacy.mcp: "env": A must be a string, got table`},
		{`lacy.mcp("a", { command = "x", arg = {} })`, `lacy.mcp: unknown key "arg" (did you mean "args"?)`},
		{`lacy.config({ max_tool_calls = 0 })`, `lacy.config: "max_tool_calls" must be a whole number of at least 1, got 0`},
	}
	for _, tt := range tests {
		t.Run(tt.code, func(t *testing.T) {
			vm, _, _ := configVM(t)
			_, errs := vm.LoadConfig(src("local lacy = require('lacy')\n" + tt.code))
			want := "test.lua:2: " + tt.want
			if len(errs) != 1 || errs[0].Error() != want {
				t.Fatalf("errors = %v\nwant %s", errs, want)
			}
		})
	}
}
