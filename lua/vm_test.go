package lua

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	lua "github.com/yuin/gopher-lua"

	"github.com/lacy-sh/lacy/spec"
)

// isolate points HOME and XDG_CONFIG_HOME at an empty temporary directory.
func isolate(t *testing.T) string {
	t.Helper()
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
	return home
}

// configVM returns a sandboxed VM whose output and errors are captured.
func configVM(t *testing.T) (vm *VM, out, errOut *bytes.Buffer) {
	t.Helper()
	isolate(t)
	out, errOut = &bytes.Buffer{}, &bytes.Buffer{}
	vm = New(Options{Sandbox: true, Print: out, ErrOut: errOut})
	t.Cleanup(vm.Close)
	return vm, out, errOut
}

// src is a chunk named test.lua.
func src(code string) Source { return Source{Name: "test.lua", Code: []byte(code)} }

func TestDeclarations(t *testing.T) {
	temp := func(f float64) *float64 { return &f }
	tests := []struct {
		name string
		code string
		want func(Config) any // the part of Config to compare
		exp  any
	}{
		{"model", `lacy.model("m", { provider = "ollama", model = "qwen", base_url = "http://x", temperature = 0.5, max_tokens = 100, timeout = 30 })`,
			func(c Config) any { return c.Models },
			[]spec.Model{{Name: "m", Provider: "ollama", Model: "qwen", BaseURL: "http://x", Temperature: temp(0.5), MaxTokens: 100, Timeout: 30 * time.Second, Source: "test.lua:2"}}},
		{"model redeclared in place", "lacy.model('a', {provider='openai', model='x'})\nlacy.model('b', {provider='openai', model='y'})\nlacy.model('a', {provider='anthropic', model='z', api_key='k', timeout='2m'})",
			func(c Config) any { return c.Models },
			[]spec.Model{
				{Name: "a", Provider: "anthropic", Model: "z", APIKey: "k", Timeout: 2 * time.Minute, Source: "test.lua:4"},
				{Name: "b", Provider: "openai", Model: "y", Source: "test.lua:3"}}},
		{"agent", "lacy.model('m', {provider='googleai', model='g'})\nlacy.agent('rev', { model = 'm', system = 'terse', tools = { 'shell', 'ticket' }, temperature = 0 })",
			func(c Config) any { return c.Agents },
			[]spec.Agent{{Name: "rev", Model: "m", System: "terse", Tools: []string{"shell", "ticket"}, Temperature: temp(0), Source: "test.lua:3"}}},
		{"agent sandbox", "lacy.agent('a', { sandbox = false })\nlacy.agent('b', { sandbox = { write = { '~/out', '/data' }, read_deny = { '~/secret' }, network = true } })",
			func(c Config) any { return c.Agents },
			[]spec.Agent{{Name: "a", Sandbox: spec.Sandbox{Off: true}, Source: "test.lua:2"},
				{Name: "b", Sandbox: spec.Sandbox{Write: []string{"~/out", "/data"}, ReadDeny: []string{"~/secret"}, Network: true}, Source: "test.lua:3"}}},
		{"agent with no tools and defaults", "lacy.agent('a', { tools = {} })\nlacy.agent('b')",
			func(c Config) any { return c.Agents },
			[]spec.Agent{{Name: "a", Tools: []string{}, Source: "test.lua:2"}, {Name: "b", Source: "test.lua:3"}}},
		{"config", `lacy.model("l", {provider="ollama", model="q"})
lacy.config({ mode = "agent", log_level = "debug", models = { agent = "l", correct = "l" },
  words = { agent = { "pls" }, nl = { "gimme" }, reserved = { "x" }, shell = { "k" } },
  approve = { "git status*" } })`,
			func(c Config) any {
				return []any{c.Mode, c.LogLevel, c.Roles, c.Words, c.Approve}
			},
			[]any{"agent", "debug", map[string]string{"agent": "l", "correct": "l"},
				Words{Agent: []string{"pls"}, NL: []string{"gimme"}, Reserved: []string{"x"}, Shell: []string{"k"}},
				[]string{"git status*"}}},
		{"config sections", `lacy.config({ translate = { prefix = ";;" }, terminal = { title = false }, terminal_programs = { "nethack" },
  context = { files = { "CLAUDE.md" }, output = true }, mcp_server = { run = true }, git = { timeout_ms = 500 },
  predict = { budget = 0 } })`,
			func(c Config) any {
				return []any{c.Translate, c.Terminal, c.TerminalPrograms, c.Context, c.MCPServer, c.Git, c.Predict}
			},
			[]any{&spec.Translate{Alternatives: 3, ExplainKey: "C-e", Prefix: ";;"}, &spec.Terminal{Marks: true}, []string{"nethack"},
				spec.Context{Names: []string{"CLAUDE.md"}, Output: true}, spec.Serve{Run: true}, spec.Git{Timeout: 500 * time.Millisecond},
				&spec.Predict{Budget: 0, Delay: spec.DefaultPredictDelay}}},
		{"config merges", "lacy.config{ mode = 'shell', words = { agent = {'a'} }, approve = {'x'} }\nlacy.config{ words = { agent = {'b'} }, approve = {'y'} }",
			func(c Config) any { return []any{c.Mode, c.Words.Agent, c.Approve} },
			[]any{"shell", []string{"a", "b"}, []string{"x", "y"}}},
		{"aliases keep order", "lacy.alias('ll', 'ls -l')\nlacy.alias('g', 'git')\nlacy.alias('ll', 'ls -la')",
			func(c Config) any { return []any{c.AliasOrder, c.Aliases} },
			[]any{[]string{"ll", "g"}, map[string]string{"ll": "ls -la", "g": "git"}}},
		{"env", "lacy.env.A = 'x'\nlacy.env.B = 2\nlacy.env.set('C', 'c')\nlacy.env.C = nil\nlacy.env:unset('D')",
			func(c Config) any { return []any{c.Env, c.EnvUnset} },
			[]any{map[string]string{"A": "x", "B": "2"}, []string{"C", "D"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			vm, _, errOut := configVM(t)
			cfg, errs := vm.LoadConfig(src("local lacy = require('lacy')\n" + tt.code))
			if len(errs) > 0 {
				t.Fatalf("errors: %v", errs)
			}
			if errOut.Len() > 0 {
				t.Errorf("printed %q", errOut)
			}
			if diff := cmp.Diff(tt.exp, tt.want(cfg)); diff != "" {
				t.Errorf("(-want +got)\n%s", diff)
			}
		})
	}
}

func TestTool(t *testing.T) {
	vm, _, _ := configVM(t)
	cfg, errs := vm.LoadConfig(src(`local lacy = require("lacy")
lacy.tool("ticket", {
  description = "Look up a ticket",
  parameters = { id = { type = "string", description = "ticket id", required = true }, verbose = { type = "boolean" }, n = {} },
  confirm = true,
  run = function(args)
    if args.id == "table" then return { id = args.id, tags = { "a", "b" }, n = args.n } end
    if args.id == "nil" then return nil end
    if args.id == "boom" then error("no such ticket") end
    if args.id == "loop" then while true do end end
    return "ticket " .. args.id
  end,
})`))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	if len(cfg.Tools) != 1 {
		t.Fatalf("tools: %+v", cfg.Tools)
	}
	tool := cfg.Tools[0]
	wantParams := []spec.Param{
		{Name: "id", Type: "string", Description: "ticket id", Required: true},
		{Name: "n", Type: "string"},
		{Name: "verbose", Type: "boolean"},
	}
	if diff := cmp.Diff(wantParams, tool.Params); diff != "" {
		t.Errorf("params (-want +got)\n%s", diff)
	}
	if tool.Name != "ticket" || tool.Description != "Look up a ticket" || !tool.NeedsPermission || tool.Source != "test.lua:2" {
		t.Errorf("tool = %+v", tool)
	}
	ctx := context.Background()
	for _, tc := range []struct {
		args map[string]any
		want string
		err  string
	}{
		{map[string]any{"id": "42"}, "ticket 42", ""},
		{map[string]any{"id": "table", "n": 3}, `{"id":"table","n":3,"tags":["a","b"]}`, ""},
		{map[string]any{"id": "nil"}, "", ""},
		{map[string]any{"id": "boom"}, "", "test.lua:9: no such ticket"},
	} {
		got, err := tool.Run(ctx, tc.args)
		if got != tc.want || (err == nil) != (tc.err == "") || (err != nil && err.Error() != tc.err) {
			t.Errorf("Run(%v) = %q, %v; want %q, %q", tc.args, got, err, tc.want, tc.err)
		}
	}
	// The deadline may strike anywhere on a busy machine (before the loop
	// is reached, too): what matters is that the tool stops and says so.
	ctx, cancel := context.WithTimeout(ctx, 200*time.Millisecond)
	defer cancel()
	_, err := tool.Run(ctx, map[string]any{"id": "loop"})
	if err == nil || !strings.HasPrefix(err.Error(), "test.lua:") || !strings.HasSuffix(err.Error(), `: tool "ticket" timed out`) {
		t.Errorf("loop: %v", err)
	}
	// the VM is usable after a timeout
	if got, err := tool.Run(context.Background(), map[string]any{"id": "1"}); got != "ticket 1" || err != nil {
		t.Errorf("after timeout: %q, %v", got, err)
	}
}

func TestBadArguments(t *testing.T) {
	tests := []struct{ code, want string }{
		{`lacy.model()`, `lacy.model: name must be a non-empty string, got nil`},
		{`lacy.model("m")`, `lacy.model: argument #2 must be a table, got nil`},
		{`lacy.model("m", { model = "x" })`, `lacy.model: "provider" is required (one of openai, anthropic, ollama, googleai)`},
		{`lacy.model("m", { provider = "foo", model = "x" })`, `lacy.model: "provider" must be one of openai, anthropic, ollama, googleai, got "foo"`},
		{`lacy.model("m", { provider = "openai" })`, `lacy.model: "model" is required`},
		{`lacy.model("m", { provider = "openai", model = 3 })`, `lacy.model: "model" must be a string, got number 3`},
		{`lacy.model("m", { provider = "openai", model = "x", base_ur = "y" })`, `lacy.model: unknown key "base_ur" (did you mean "base_url"?)`},
		{`lacy.model("m", { provider = "openai", model = "x", temperature = 3 })`, `lacy.model: "temperature" must be between 0 and 2, got 3`},
		{`lacy.model("m", { provider = "openai", model = "x", max_tokens = 1.5 })`, `lacy.model: "max_tokens" must be a positive integer, got 1.5`},
		{`lacy.model("m", { provider = "openai", model = "x", timeout = "soon" })`, `lacy.model: "timeout" must be seconds or a duration like "30s", got "soon"`},
		{`lacy.model("m", { provider = "openai", model = "x", timeout = -1 })`, `lacy.model: "timeout" must be positive`},
		{`lacy.model("m", { "openai" })`, `lacy.model: field names must be strings, got number 1`},
		{`lacy.agent("a", { model = "nope" })`, `lacy.agent: "model": unknown model "nope" (declare it with lacy.model first; declared: )`},
		{`lacy.agent("a", { tools = "shell" })`, `lacy.agent: "tools" must be a list of strings, got string "shell"`},
		{`lacy.agent("a", { tools = { "a", 2 } })`, `lacy.agent: "tools" item #2 must be a string, got number 2`},
		{`lacy.agent("a", { sandbox = "off" })`, `lacy.agent: "sandbox" must be false or a table { write = {…}, read_deny = {…}, network = false }, got string "off"`},
		{`lacy.agent("a", { sandbox = { write = { "out" } } })`, `lacy.agent: sandbox: paths must be absolute or start with ~/, got "out"`},
		{`lacy.agent("a", { sandbox = { net = true } })`, `lacy.agent: sandbox: unknown key "net" (did you mean "network"?)`},
		{`lacy.agent("a", { prompt = "x" })`, `lacy.agent: unknown key "prompt" (known: model, system, tools, temperature, sandbox)`},
		{`lacy.tool("t", { description = "d" })`, `lacy.tool: "run" must be a function, got nil`},
		{`lacy.tool("t", { run = print })`, `lacy.tool: "description" is required`},
		{`lacy.tool("bad name", { description = "d", run = print })`, `lacy.tool: name "bad name" may only use letters, digits, _ and - (at most 64)`},
		{`lacy.tool("t", { description = "d", run = print, parameters = { id = "string" } })`, `lacy.tool: parameters: "id" must be a table like { type = "string" }, got string "string"`},
		{`lacy.tool("t", { description = "d", run = print, parameters = { id = { type = "str" } } })`, `lacy.tool: parameters.id: "type" must be one of string, number, integer, boolean, array, object, got "str"`},
		{`lacy.tool("t", { description = "d", run = print, confirm = "yes" })`, `lacy.tool: "confirm" must be a boolean, got string "yes"`},
		{`lacy.config()`, `lacy.config: argument #1 must be a table, got nil`},
		{`lacy.config({ mode = "fast" })`, `lacy.config: "mode" must be one of auto, shell, agent, got "fast"`},
		{`lacy.config({ log_level = "trace" })`, `lacy.config: "log_level" must be one of debug, info, warn, error, got "trace"`},
		{`lacy.config({ instant_prompt = "no" })`, `lacy.config: "instant_prompt" must be a boolean, got string "no"`},
		{`lacy.config({ translate = { alternatives = 9 } })`, `lacy.config: translate: alternatives: want a whole number from 1 to 5, got 9`},
		{`lacy.config({ translate = { explain = "C-e" } })`, `lacy.config: translate: unknown key "explain" (did you mean "explain_key"?)`},
		{`lacy.config({ terminal = { marks = "no" } })`, `lacy.config: terminal: marks: want true or false, got no`},
		{`lacy.config({ context = { files = "CLAUDE.md" } })`, `lacy.config: context: files: want false or a list of names such as { "CLAUDE.md" }, got CLAUDE.md`},
		{`lacy.config({ mcp_server = { shell = true } })`, `lacy.config: mcp_server: unknown key "shell" (known: run)`},
		{`lacy.config({ models = { chat = "x" } })`, `lacy.config: models: unknown key "chat" (known: agent, predict, translate, correct)`},
		{`lacy.config({ models = { agent = "ghost" } })`, `lacy.config: models: "agent": unknown model "ghost" (declare it with lacy.model first; declared: )`},
		{`lacy.config({ words = { agent = "pls" } })`, `lacy.config: words: "agent" must be a list of strings, got string "pls"`},
		{`lacy.config({ words = { verbs = {} } })`, `lacy.config: words: unknown key "verbs" (known: agent, reserved, nl, shell)`},
		{`lacy.config({ approve = { x = 1 } })`, `lacy.config: "approve" must be a list of strings like { "a", "b" }, not a table with named keys`},
		{`lacy.config({ translate = { prefix = print } })`, `lacy.config: "translate": cannot convert a function`},
		{`lacy.config({ git = { timeout_ms = -1 } })`, `lacy.config: git: timeout_ms: want a whole number of milliseconds of at least 1, got -1`},
		{`lacy.config({ predict = { budget = "x" } })`, `lacy.config: predict: budget: want a whole number of requests (0 turns model prediction off), got x`},
		{`lacy.config({ terminal_programs = "vim" })`, `lacy.config: "terminal_programs" must be a list of strings, got string "vim"`},
		{`lacy.config({ [1] = "x" })`, `lacy.config: field names must be strings, got number 1`},
		{`lacy.prompt("$ ")`, `lacy.prompt: argument must be a function, got string "$ "`},
		{`lacy.on("keypress", print)`, `lacy.on: unknown event "keypress" (events: startup, precmd, preexec, command_failed, agent_reply)`},
		{`lacy.on("precmd")`, `lacy.on: argument #2 must be a function, got nil`},
		{`lacy.alias("a b", "x")`, `lacy.alias: invalid alias name "a b"`},
		{`lacy.alias("ll")`, `lacy.alias: value for "ll" must be a string, got nil`},
		{`lacy.env.X = {}`, `lacy.env: value for "X" must be a string, got table`},
		{`lacy.env["A=B"] = "x"`, `lacy.env: invalid variable name "A=B"`},
		{`lacy.env.get()`, `lacy.env.get: variable name must be a non-empty string, got nil`},
		{`local x = lacy.env[1]`, `lacy.env: variable names must be strings, got number 1`},
		{`os.exit(1)`, `os.exit is not allowed in config`},
	}
	for _, tt := range tests {
		t.Run(tt.code, func(t *testing.T) {
			vm, _, errOut := configVM(t)
			_, errs := vm.LoadConfig(src("local lacy = require('lacy')\n" + tt.code))
			want := "test.lua:2: " + tt.want
			if len(errs) != 1 || errs[0].Error() != want {
				t.Fatalf("errors = %v\nwant %s", errs, want)
			}
			if got := errOut.String(); got != "lacy: "+want+"\n" {
				t.Errorf("printed %q", got)
			}
		})
	}
}

func TestErrorFormat(t *testing.T) {
	tests := []struct{ name, code, want string }{
		{"syntax", "local x = = 1", "test.lua:1: syntax error near '='"},
		{"syntax at end", "local t = {\n\n", "test.lua:2: syntax error at end of file"},
		{"unterminated string", "x = 1\nx = 'abc", "test.lua:2: unterminated string at end of file"},
		{"runtime", "local t\n\nprint(t.x)", "test.lua:3: attempt to index a non-table object(nil) with key 'x'"},
		{"error()", "\nerror('boom')", "test.lua:2: boom"},
		{"error with level 0", "\nerror('boom', 0)", "test.lua:2: boom"},
		{"error in a function", "local function f()\n  return nil + 1\nend\nf()", "test.lua:2: cannot perform add operation between nil and number"},
		{"builtin", "\nstring.rep()", "test.lua:2: bad argument #1 to rep (string expected, got nil)"},
		{"infinite loop", "\nwhile true do end", "test.lua:2: config took longer than 100ms (stopped here)"},
		{"multi-line message", "error('one\\ntwo')", "test.lua:1: one"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			vm, _, errOut := configVM(t)
			start := time.Now()
			_, errs := vm.LoadConfig(src(tt.code))
			if time.Since(start) > time.Second {
				t.Errorf("took %v", time.Since(start))
			}
			if len(errs) != 1 {
				t.Fatalf("errors = %v", errs)
			}
			if got := errOut.String(); got != "lacy: "+tt.want+"\n" {
				t.Errorf("printed %q\nwant    %q", got, "lacy: "+tt.want+"\n")
			}
		})
	}
}

func TestPartialFileAndLoadOrder(t *testing.T) {
	home := isolate(t)
	xdg := filepath.Join(home, "xdg")
	t.Setenv("XDG_CONFIG_HOME", xdg)
	write := func(path, code string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(code), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(xdg, "lacy", "init.lua"), `local lacy = require("lacy")
lacy.alias("order", "xdg")
lacy.config{ mode = "shell" }
lacy.alias("x", "1")
error("broken")
lacy.alias("never", "1")`)
	write(filepath.Join(home, ".lacyrc.lua"), `local lacy = require("lacy")
lacy.alias("order", "lacyrc")
lacy.prompt(function() return "> " end`)

	paths := ConfigPaths()
	if diff := cmp.Diff([]string{filepath.Join(xdg, "lacy", "init.lua"), filepath.Join(home, ".lacyrc.lua")}, paths); diff != "" {
		t.Fatalf("ConfigPaths (-want +got)\n%s", diff)
	}
	var errOut bytes.Buffer
	vm := New(Options{Sandbox: true, ErrOut: &errOut})
	defer vm.Close()
	cfg, errs := vm.LoadConfig(DefaultSources()...)
	if len(errs) != 2 {
		t.Fatalf("errors: %v", errs)
	}
	want := "lacy: ~/xdg/lacy/init.lua:5: broken\n" +
		"lacy: ~/.lacyrc.lua:3: syntax error at end of file\n"
	if errOut.String() != want {
		t.Errorf("printed %q\nwant    %q", errOut.String(), want)
	}
	// defaults first, the xdg file up to its error; the broken ~/.lacyrc.lua declared nothing
	if cfg.Mode != "shell" || cfg.Aliases["order"] != "xdg" || cfg.Aliases["x"] != "1" || cfg.Aliases["never"] != "" {
		t.Errorf("cfg = %+v", cfg)
	}
	if len(cfg.Models) == 0 || cfg.Models[0].Source != "defaults/init.lua:8" {
		t.Errorf("models = %+v", cfg.Models)
	}
	if vm.HasPrompt() {
		t.Error("prompt from a file with a syntax error")
	}
}

func TestConfigPathsDefaults(t *testing.T) {
	t.Setenv("HOME", "/h")
	t.Setenv("XDG_CONFIG_HOME", "")
	if diff := cmp.Diff([]string{"/h/.config/lacy/init.lua", "/h/.lacyrc.lua"}, ConfigPaths()); diff != "" {
		t.Error(diff)
	}
	for in, want := range map[string]string{"/h/.lacyrc.lua": "~/.lacyrc.lua", "/h": "~", "/hx/a": "/hx/a", "/etc/x": "/etc/x"} {
		if got := DisplayPath(in); got != want {
			t.Errorf("DisplayPath(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestUnreadableFile(t *testing.T) {
	home := isolate(t)
	if err := os.Mkdir(filepath.Join(home, ".lacyrc.lua"), 0o755); err != nil {
		t.Fatal(err)
	}
	var errOut bytes.Buffer
	vm := New(Options{Sandbox: true, ErrOut: &errOut})
	defer vm.Close()
	_, errs := vm.LoadConfig(Source{Path: filepath.Join(home, ".lacyrc.lua")}, Source{Path: filepath.Join(home, "missing.lua")})
	if len(errs) != 1 || errOut.String() != "lacy: ~/.lacyrc.lua: cannot read: is a directory\n" {
		t.Errorf("errs %v, printed %q", errs, errOut.String())
	}
}

func TestEmbeddedDefaults(t *testing.T) {
	for _, tc := range []struct {
		keys   map[string]string
		models []string
	}{
		{nil, []string{"local"}},
		{map[string]string{"OPENAI_API_KEY": "sk-o"}, []string{"local", "gpt"}},
		{map[string]string{"OPENAI_API_KEY": "sk-o", "ANTHROPIC_API_KEY": "sk-a"}, []string{"local", "claude", "gpt"}},
	} {
		isolate(t)
		t.Setenv("OPENAI_API_KEY", "")
		os.Unsetenv("OPENAI_API_KEY")
		t.Setenv("ANTHROPIC_API_KEY", "")
		os.Unsetenv("ANTHROPIC_API_KEY")
		for k, v := range tc.keys {
			t.Setenv(k, v)
		}
		vm := New(Options{Sandbox: true})
		cfg, errs := vm.LoadConfig(Embedded())
		vm.Close()
		if len(errs) > 0 {
			t.Fatal(errs)
		}
		var names []string
		for _, m := range cfg.Models {
			names = append(names, m.Name)
		}
		// No roles: the default agent takes the first reachable model, as
		// docs/agents.md says, and nothing names the unused roles.
		if !cmp.Equal(names, tc.models) || len(cfg.Roles) != 0 || cfg.Mode != "auto" {
			t.Errorf("keys %v: models %v roles %v", tc.keys, names, cfg.Roles)
		}
		// No base_url: the manager resolves $OLLAMA_HOST, else the default.
		if cfg.Models[0].BaseURL != "" || cfg.Models[0].Provider != "ollama" {
			t.Errorf("local model %+v", cfg.Models[0])
		}
	}
}

func TestPrint(t *testing.T) {
	vm, out, _ := configVM(t)
	if _, errs := vm.LoadConfig(src(`print("a", 1, nil, true)
print(setmetatable({}, { __tostring = function() return "T" end }))
print()`)); len(errs) > 0 {
		t.Fatal(errs)
	}
	if got := out.String(); got != "a\t1\tnil\ttrue\nT\n\n" {
		t.Errorf("print wrote %q", got)
	}
}

func TestSandbox(t *testing.T) {
	vm, out, _ := configVM(t)
	_, errs := vm.LoadConfig(src(`for _, name in ipairs({ "io", "debug", "dofile", "loadfile", "channel" }) do print(name, _G[name]) end
for _, name in ipairs({ "execute", "remove", "rename", "tmpname", "setlocale", "setenv", "getenv", "time", "date", "clock" }) do
  print(name, type(os[name]))
end
print(pcall(require, "nonexistent_module") == false)`))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	want := "io\tnil\ndebug\tnil\ndofile\tnil\nloadfile\tnil\nchannel\tnil\n" +
		"execute\tnil\nremove\tnil\nrename\tnil\ntmpname\tnil\nsetlocale\tnil\nsetenv\tnil\n" +
		"getenv\tfunction\ntime\tfunction\ndate\tfunction\nclock\tfunction\ntrue\n"
	if diff := cmp.Diff(want, out.String()); diff != "" {
		t.Error(diff)
	}
}

func TestRequireFromConfigDir(t *testing.T) {
	isolate(t)
	dir := filepath.Join(os.Getenv("XDG_CONFIG_HOME"), "lacy", "lua")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "mine.lua"), []byte(`return { hi = "from mine" }`), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	vm := New(Options{Sandbox: true, Print: &out})
	defer vm.Close()
	if _, errs := vm.LoadConfig(src(`print(require("mine").hi)`)); len(errs) > 0 {
		t.Fatal(errs)
	}
	if out.String() != "from mine\n" {
		t.Errorf("got %q", out.String())
	}
}

func TestEnv(t *testing.T) {
	isolate(t)
	var out bytes.Buffer
	var calls []string
	vm := New(Options{Sandbox: true, Print: &out,
		LookupEnv: func(name string) (string, bool) {
			if name == "HOME" {
				return "/home/u", true
			}
			return "", false
		},
		Environ: func() []string { return []string{"HOME=/home/u", "OLD=1"} },
		SetEnv: func(name, value string, set bool) error {
			if name == "RO" {
				return errors.New("RO is read-only")
			}
			calls = append(calls, name+"="+value+map[bool]string{true: "", false: " (unset)"}[set])
			return nil
		},
	})
	defer vm.Close()
	_, errs := vm.LoadConfig(src(`local env = require("lacy").env
print(env.HOME, env.NOPE, env.get("HOME"), env:get("HOME"))
env.FOO = "x"
env.set("get", "g")
env.OLD = nil
print(env.FOO, env.get("get"), type(env.get), env.OLD)
local l = env.list()
print(l.HOME, l.FOO, l.OLD, l.get)
env.RO = "x"`))
	if len(errs) != 1 || errs[0].Error() != "test.lua:9: lacy.env: RO is read-only" {
		t.Errorf("errors: %v", errs)
	}
	want := "/home/u\tnil\t/home/u\t/home/u\nx\tg\tfunction\tnil\n/home/u\tx\tnil\tg\n"
	if out.String() != want {
		t.Errorf("printed %q\nwant    %q", out.String(), want)
	}
	if diff := cmp.Diff([]string{"FOO=x", "get=g", "OLD= (unset)"}, calls); diff != "" {
		t.Errorf("SetEnv calls (-want +got)\n%s", diff)
	}
	cfg := vm.Config()
	if diff := cmp.Diff(map[string]string{"FOO": "x", "get": "g"}, cfg.Env); diff != "" {
		t.Error(diff)
	}
}

func TestExtend(t *testing.T) {
	isolate(t)
	var out bytes.Buffer
	vm := New(Options{Print: &out, Extend: func(L *lua.LState, mod *lua.LTable) {
		mod.RawSetString("answer", lua.LNumber(42))
		if mod.RawGetString("env") == lua.LNil {
			t.Error("lacy.env missing when Extend runs")
		}
	}})
	defer vm.Close()
	if err := vm.Exec(context.Background(), src(`print(require("lacy").answer)`)); err != nil {
		t.Fatal(err)
	}
	if out.String() != "42\n" {
		t.Errorf("got %q", out.String())
	}
}

func TestPrompt(t *testing.T) {
	vm, _, errOut := configVM(t)
	if _, errs := vm.LoadConfig(src(`local lacy = require("lacy")
lacy.prompt(function(ctx)
  if ctx.cwd == "/err" then error("bad prompt") end
  if ctx.cwd == "/nil" then return nil end
  return string.format("%d %d %s %s %s $ ", ctx.exit, ctx.duration_ms, ctx.cwd, tostring(ctx.git_branch), ctx.mode)
end)`)); len(errs) > 0 {
		t.Fatal(errs)
	}
	got, ok := vm.Prompt(PromptContext{Exit: 1, Duration: 1500 * time.Millisecond, Cwd: "/src", GitBranch: "main", Mode: "auto"})
	if !ok || got != "1 1500 /src main auto $ " {
		t.Errorf("Prompt = %q, %v", got, ok)
	}
	if got, ok := vm.Prompt(PromptContext{Cwd: "/x"}); !ok || got != "0 0 /x nil  $ " {
		t.Errorf("Prompt without branch = %q, %v", got, ok)
	}
	if _, ok := vm.Prompt(PromptContext{Cwd: "/nil"}); ok {
		t.Error("nil result must fall back to the default prompt")
	}
	for range 3 {
		if _, ok := vm.Prompt(PromptContext{Cwd: "/err"}); ok {
			t.Error("error must fall back")
		}
	}
	if errOut.String() != "lacy: test.lua:3: bad prompt\n" {
		t.Errorf("printed %q", errOut.String())
	}
	if vm.HasPrompt() {
		t.Error("a failing prompt stays enabled")
	}
}

func TestPromptFailures(t *testing.T) {
	tests := []struct{ name, code, want string }{
		{"timeout", "lacy.prompt(function()\n  while true do end\nend)", "test.lua:3: prompt hook took longer than 100ms"},
		{"not a string", "lacy.prompt(function()\n  return {}\nend)", "test.lua:2: prompt hook must return a string, got table"},
		{"os.exit", "lacy.prompt(function()\n  os.exit(0)\nend)", "test.lua:3: os.exit is not allowed in config"},
		{"error object", "lacy.prompt(function()\n  error({})\nend)", "test.lua:3: table: "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			vm, _, errOut := configVM(t)
			if _, errs := vm.LoadConfig(src("local lacy = require('lacy')\n" + tt.code)); len(errs) > 0 {
				t.Fatal(errs)
			}
			start := time.Now()
			if _, ok := vm.Prompt(PromptContext{}); ok {
				t.Error("ok after failure")
			}
			if d := time.Since(start); d > time.Second {
				t.Errorf("took %v", d)
			}
			if !strings.HasPrefix(errOut.String(), "lacy: "+tt.want) {
				t.Errorf("printed %q\nwant    %q", errOut.String(), "lacy: "+tt.want)
			}
		})
	}
}

func TestEmit(t *testing.T) {
	vm, out, errOut := configVM(t)
	if _, errs := vm.LoadConfig(src(`local lacy = require("lacy")
lacy.on("command_failed", function(ev) print("first", ev.command, ev.exit, ev.tags[2]) end)
lacy.on("command_failed", function(ev) error("second fails") end)
lacy.on("command_failed", function(ev) print("third") end)
lacy.on("precmd", function() while true do end end)
lacy.on("startup", function(ev) print("startup", next(ev)) end)`)); len(errs) > 0 {
		t.Fatal(errs)
	}
	if !vm.HasHandlers(EventCommandFailed) || vm.HasHandlers(EventAgentReply) {
		t.Error("HasHandlers")
	}
	payload := map[string]any{"command": "make", "exit": 2, "tags": []string{"a", "b"}}
	vm.Emit(EventCommandFailed, payload)
	vm.Emit(EventCommandFailed, payload)
	vm.Emit(EventPrecmd, nil)
	vm.Emit(EventPrecmd, nil)
	vm.Emit(EventStartup, nil)
	vm.Emit(EventAgentReply, nil)
	if want := "first\tmake\t2\tb\nthird\nfirst\tmake\t2\tb\nthird\nstartup\tnil\n"; out.String() != want {
		t.Errorf("printed %q\nwant    %q", out.String(), want)
	}
	want := "lacy: test.lua:3: second fails\nlacy: test.lua:5: \"precmd\" handler took longer than 100ms\n"
	if errOut.String() != want {
		t.Errorf("errors %q\nwant   %q", errOut.String(), want)
	}
	if vm.HasHandlers(EventPrecmd) {
		t.Error("failing handler kept")
	}
}

func TestExec(t *testing.T) {
	isolate(t)
	var out bytes.Buffer
	vm := New(Options{Print: &out})
	defer vm.Close()
	ctx := context.Background()

	err := vm.Exec(ctx, src(`print(arg[0], arg[1], select("#", ...), ...)
print(io ~= nil, debug ~= nil)
print(pcall(os.exit, 3))
print("not reached")`), "a", "b")
	var exit *ExitError
	if !errors.As(err, &exit) || exit.Code != 3 {
		t.Fatalf("Exec = %v, want exit 3", err)
	}
	if out.String() != "test.lua\ta\t2\ta\tb\ntrue\ttrue\n" {
		t.Errorf("printed %q", out.String())
	}
	for code, want := range map[string]int{"os.exit()": 0, "os.exit(true)": 0, "os.exit(false)": 1, "os.exit(7)": 7} {
		if err := vm.Exec(ctx, src(code)); !errors.As(err, &exit) || exit.Code != want {
			t.Errorf("%s: %v, want %d", code, err, want)
		}
	}

	err = vm.Exec(ctx, src("local function f()\n  error('boom')\nend\nf()"))
	var le *Error
	if !errors.As(err, &le) || le.Error() != "test.lua:2: boom" || !strings.Contains(le.Traceback, "in function 'f'") {
		t.Errorf("Exec error = %#v", err)
	}
	if err := vm.Exec(ctx, src("return 1")); err != nil {
		t.Errorf("after errors: %v", err)
	}

	cctx, cancel := context.WithCancel(ctx)
	time.AfterFunc(20*time.Millisecond, cancel)
	err = vm.Exec(cctx, src("\nwhile true do end"))
	if !errors.As(err, &le) || le.Error() != "test.lua:2: interrupted" {
		t.Errorf("cancelled Exec = %v", err)
	}
}

func TestConcurrentUse(t *testing.T) {
	vm, _, errOut := configVM(t)
	cfg, errs := vm.LoadConfig(src(`local lacy = require("lacy")
local n = 0
lacy.prompt(function(ctx) n = n + 1; return ctx.cwd end)
lacy.on("precmd", function() n = n + 1 end)
lacy.tool("count", { description = "d", run = function() n = n + 1; return tostring(n) end })`))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 50 {
				switch i % 3 {
				case 0:
					if p, ok := vm.Prompt(PromptContext{Cwd: "/c"}); !ok || p != "/c" {
						t.Errorf("Prompt = %q, %v", p, ok)
					}
				case 1:
					vm.Emit(EventPrecmd, map[string]any{"i": i})
				case 2:
					if _, err := cfg.Tools[0].Run(context.Background(), nil); err != nil {
						t.Error(err)
					}
				}
			}
		}()
	}
	wg.Wait()
	if errOut.Len() > 0 {
		t.Errorf("errors: %s", errOut)
	}
}

// BenchmarkLoadDefaults measures what interactive startup pays for Lua: a
// new sandboxed VM running the embedded init.lua.
func BenchmarkLoadDefaults(b *testing.B) {
	b.Setenv("HOME", b.TempDir())
	b.Setenv("XDG_CONFIG_HOME", "")
	b.ReportAllocs()
	for b.Loop() {
		vm := New(Options{Sandbox: true})
		if _, errs := vm.LoadConfig(Embedded()); len(errs) > 0 {
			b.Fatal(errs)
		}
		vm.Close()
	}
}

// BenchmarkPrompt measures one call of a typical prompt function.
func BenchmarkPrompt(b *testing.B) {
	b.Setenv("HOME", b.TempDir())
	vm := New(Options{Sandbox: true})
	defer vm.Close()
	if _, errs := vm.LoadConfig(src(`require("lacy").prompt(function(ctx)
  return (ctx.exit == 0 and "ok " or "err ") .. ctx.cwd .. " $ "
end)`)); len(errs) > 0 {
		b.Fatal(errs)
	}
	b.ReportAllocs()
	for b.Loop() {
		vm.Prompt(PromptContext{Cwd: "/src/app", Mode: "auto"})
	}
}

func TestContext(t *testing.T) {
	isolate(t)
	var deadlines []bool
	vm := New(Options{Sandbox: true, Extend: func(L *lua.LState, mod *lua.LTable) {
		mod.RawSetString("probe", L.NewFunction(func(L *lua.LState) int {
			_, ok := Context(L).Deadline()
			deadlines = append(deadlines, ok)
			return 0
		}))
	}})
	defer vm.Close()
	if _, errs := vm.LoadConfig(src(`require("lacy").probe()`)); len(errs) > 0 {
		t.Fatal(errs)
	}
	if err := vm.Exec(context.Background(), src(`require("lacy").probe()`)); err != nil {
		t.Fatal(err)
	}
	if err := vm.Do(context.Background(), func(L *lua.LState) error {
		return L.DoString(`require("lacy").probe()`)
	}); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]bool{true, false, false}, deadlines); diff != "" {
		t.Error(diff)
	}
}

// A config too large to compile in time is refused or given up on, and
// Ctrl-C (Interrupt) skips the file being compiled; the next file loads.
func TestLargeConfigIsBounded(t *testing.T) {
	table := func(n int) []byte {
		var b strings.Builder
		b.WriteString("local t = {\n")
		for i := 0; i < n; i++ {
			fmt.Fprintf(&b, "  { name = \"item%d\", value = %d },\n", i, i)
		}
		b.WriteString("}\n")
		return []byte(b.String())
	}
	next := Source{Name: "next.lua", Code: []byte(`require("lacy").alias("after", "yes")`)}
	t.Run("too large", func(t *testing.T) {
		var errOut bytes.Buffer
		vm := New(Options{Sandbox: true, ErrOut: &errOut})
		defer vm.Close()
		cfg, _ := vm.LoadConfig(Source{Name: "big.lua", Code: table(20000)}, next)
		if !strings.Contains(errOut.String(), "lacy: big.lua: ") || !strings.Contains(errOut.String(), "too large for a config file") {
			t.Errorf("printed %q", errOut.String())
		}
		if cfg.Aliases["after"] != "yes" {
			t.Error("the next file did not load")
		}
	})
	t.Run("interrupted", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		var errOut bytes.Buffer
		vm := New(Options{Sandbox: true, ErrOut: &errOut, Interrupt: ctx})
		defer vm.Close()
		time.AfterFunc(20*time.Millisecond, cancel) // Ctrl-C while it compiles
		start := time.Now()
		cfg, _ := vm.LoadConfig(Source{Name: "slow.lua", Code: table(12000)})
		if took := time.Since(start); took > CompileBudget() {
			t.Errorf("loading took %v after Ctrl-C", took)
		}
		if !strings.Contains(errOut.String(), "lacy: slow.lua: loading interrupted: skipped") {
			t.Errorf("printed %q", errOut.String())
		}
		_ = cfg
	})
}
