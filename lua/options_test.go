package lua

import (
	"context"
	"strings"
	"testing"

	"github.com/lacy-sh/lacy/spec"
)

// TestStrictConfig checks that an unknown lacy.config key, at the top or
// nested, is reported once with the file, the line and the key, and costs
// nothing else: the call's other keys and the rest of the file apply.
func TestStrictConfig(t *testing.T) {
	tests := []struct {
		name, code string
		want       []string // the lines printed
		check      func(Config) bool
	}{
		{"top-level typo",
			"lacy.config({ mode = 'shell',\n  corect = { enabled = false } })\nlacy.alias('g', 'git')",
			[]string{`lacy: init.lua:2: lacy.config: unknown key "corect" (did you mean "correct"?)`},
			func(c Config) bool { return c.Mode == "shell" && c.Aliases["g"] == "git" && !c.Correct.Disabled }},
		{"nested typo",
			"lacy.config({ translate = { prefx = ';;', alternatives = 2 } })",
			[]string{`lacy: init.lua:2: lacy.config: translate: unknown key "prefx" (did you mean "prefix"?)`},
			func(c Config) bool { return c.Translate.Get().Alternatives == 2 && c.Translate.Get().Prefix == "?" }},
		{"nested Lua-read table",
			"lacy.config({ correct = { enabled = false, automodel = true } })",
			[]string{`lacy: init.lua:2: lacy.config: correct: unknown key "automodel" (did you mean "auto_model"?)`},
			func(c Config) bool { return c.Correct.Disabled && !c.Correct.AutoModel }},
		{"no close key",
			"lacy.config({ zzz = 1 })",
			[]string{`lacy: init.lua:2: lacy.config: unknown key "zzz" (known: ` + strings.Join(spec.OptionsTable.Keys(), ", ") + `)`},
			func(c Config) bool { return true }},
		{"two typos, sorted",
			"lacy.config({ mdoe = 'agent', log_levle = 'debug' })",
			[]string{`lacy: init.lua:2: lacy.config: unknown key "log_levle" (did you mean "log_level"?)`,
				`lacy: init.lua:2: lacy.config: unknown key "mdoe" (did you mean "mode"?)`},
			func(c Config) bool { return c.Mode == "" && c.LogLevel == "" }},
		{"a later error still reported after",
			"lacy.config({ predcit = {} })\nlacy.config({ mode = 'fast' })",
			[]string{`lacy: init.lua:2: lacy.config: unknown key "predcit" (did you mean "predict"?)`,
				`lacy: init.lua:3: lacy.config: "mode" must be one of auto, shell, agent, got "fast"`},
			func(c Config) bool { return c.Predict == nil }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			vm, _, errOut := configVM(t)
			cfg, errs := vm.LoadConfig(Source{Name: "init.lua", Code: []byte("local lacy = require('lacy')\n" + tt.code)})
			if got := strings.Split(strings.TrimSuffix(errOut.String(), "\n"), "\n"); strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("printed:\n%s\nwant:\n%s", errOut, strings.Join(tt.want, "\n"))
			}
			if len(errs) != len(tt.want) {
				t.Errorf("errs = %v", errs)
			}
			for _, e := range errs {
				if le, ok := e.(*Error); !ok || le.File != "init.lua" || le.Line < 2 {
					t.Errorf("error %#v does not name the file and line", e)
				}
			}
			if !tt.check(cfg) {
				t.Errorf("config %+v", cfg)
			}
		})
	}
}

// TestStrictConfigInScript checks that outside config loading (a script
// run by `lacy run`) an unknown key raises like any other error.
func TestStrictConfigInScript(t *testing.T) {
	isolate(t)
	vm := New(Options{})
	defer vm.Close()
	err := vm.Exec(context.Background(), Source{Name: "s.lua", Code: []byte("local lacy = require('lacy')\nlacy.config({ mdoe = 'shell' })")})
	if err == nil || !strings.Contains(err.Error(), `s.lua:2: lacy.config: unknown key "mdoe" (did you mean "mode"?)`) {
		t.Fatalf("err = %v", err)
	}
}

// TestReadersReadOnlyListedKeys checks that every key the Lua readers take
// is listed in spec: a declaration using every listed key loads without
// the "read but not listed" error that fields.get raises otherwise.
func TestReadersReadOnlyListedKeys(t *testing.T) {
	vm, _, _ := configVM(t)
	code := `local lacy = require('lacy')
lacy.model("m", { provider = "openai", model = "x", base_url = "http://h", api_key = "k", temperature = 1, max_tokens = 9, timeout = 3 })
lacy.agent("a", { model = "m", system = "s", tools = {}, temperature = 1, sandbox = { write = { "/w" }, read_deny = { "/r" }, network = true } })
lacy.tool("t", { description = "d", parameters = { p = { type = "string", description = "d", required = true } }, run = print, confirm = true })
lacy.mcp("s", { command = "c", args = {}, env = {}, cwd = "/", sandbox = false, timeout = 1 })
lacy.mcp("h", { url = "http://h", headers = {}, timeout = 1 })
lacy.rule("r", { match = print, fix = print })
lacy.config({ mode = "auto", log_level = "info", models = { agent = "m", predict = "m", translate = "m", correct = "m" },
  words = { agent = {}, reserved = {}, nl = {}, shell = {} }, approve = {}, correct = { enabled = true, auto_model = true },
  max_tool_calls = 3, translate = { alternatives = 2, explain_key = "", prefix = "?" }, terminal = { marks = true, title = true },
  terminal_programs = {}, context = { files = false, max_bytes = 1, output = true }, mcp_server = { run = false },
  git = { timeout_ms = 1 }, predict = { budget = 1, delay_ms = 1 }, instant_prompt = true })`
	if _, errs := vm.LoadConfig(src(code)); len(errs) > 0 {
		t.Fatal(errs)
	}
	for _, tb := range spec.Tables {
		for _, k := range tb.Keys() {
			if !strings.Contains(code, " "+k+" = ") {
				t.Errorf("%s's key %q is not exercised here", tb.Class, k)
			}
		}
	}
}

func TestInstantPromptKey(t *testing.T) {
	for _, tc := range []struct {
		code string
		on   bool
	}{
		{``, true},
		{`require('lacy').config({ instant_prompt = true })`, true},
		{`require('lacy').config({ instant_prompt = false })`, false},
		{`require('lacy').config({ instant_prompt = false }); require('lacy').config({ mode = "auto" })`, false},
	} {
		vm, _, _ := configVM(t)
		cfg, errs := vm.LoadConfig(src(tc.code))
		if len(errs) > 0 {
			t.Fatal(errs)
		}
		if got := cfg.InstantPromptOn(); got != tc.on {
			t.Errorf("%q: InstantPromptOn = %v, want %v", tc.code, got, tc.on)
		}
	}
}
