package lua

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestRules(t *testing.T) {
	vm, _, _ := configVM(t)
	cfg, errs := vm.LoadConfig(src(`local lacy = require("lacy")
lacy.rule("gut", { match = function(f) return f.command:match("^gut ") ~= nil end,
                   fix = function(f) return (f.command:gsub("^gut ", "git ")) end })
lacy.rule("many", { fix = function(f) return { f.command .. " --help", "man " .. f.command } end })
lacy.rule("seen", { fix = function(f) return f.exit .. "|" .. f.output .. "|" .. f.cwd end })
lacy.rule("slow", { match = function(f) while true do end end, fix = function() return "x" end })
lacy.rule("bad", { fix = function() return 42 end })
lacy.config({ correct = { enabled = false, auto_model = true } })`))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	if !cfg.Correct.Disabled || !cfg.Correct.AutoModel {
		t.Errorf("correct config = %+v", cfg.Correct)
	}
	f := RuleFailure{Command: "gut status", Exit: 1, Output: "oops", Cwd: "/tmp"}
	want := map[string][]string{
		"gut":  {"git status"},
		"many": {"gut status --help", "man gut status"},
		"seen": {"1|oops|/tmp"},
	}
	for _, r := range cfg.Rules {
		got, err := r.Fixes(context.Background(), f)
		switch r.Name {
		case "slow":
			if err == nil || !strings.Contains(err.Error(), `rule "slow" took longer than 20ms`) {
				t.Errorf("slow: %v", err)
			}
		case "bad":
			if err == nil || !strings.Contains(err.Error(), "fix must return a string or a list of strings, got number") {
				t.Errorf("bad: %v", err)
			}
		default:
			if err != nil {
				t.Errorf("%s: %v", r.Name, err)
			}
			if diff := cmp.Diff(want[r.Name], got); diff != "" {
				t.Errorf("%s (-want +got):\n%s", r.Name, diff)
			}
		}
	}
	if got, _ := cfg.Rules[0].Fixes(context.Background(), RuleFailure{Command: "ls"}); got != nil {
		t.Errorf("gut fired on ls: %q", got)
	}
}

func TestRuleErrors(t *testing.T) {
	for code, want := range map[string]string{
		`lacy.rule("x", { fix = "git" })`:                `lacy.rule: "fix" must be a function, got string "git"`,
		`lacy.rule("x", { match = 1, fix = print })`:     `lacy.rule: "match" must be a function, got number 1`,
		`lacy.rule("x", { fix = print, when = print })`:  `lacy.rule: unknown key "when" (known: match, fix)`,
		`lacy.config({ correct = { enabled = "yes" } })`: `lacy.config: correct: "enabled" must be a boolean`,
		`lacy.config({ correct = { auto = true } })`:     `lacy.config: correct: unknown key "auto" (known: enabled, auto_model)`,
	} {
		vm, _, _ := configVM(t)
		_, errs := vm.LoadConfig(src("local lacy = require('lacy')\n" + code))
		if len(errs) != 1 || !strings.Contains(errs[0].Error(), want) {
			t.Errorf("%s: errors = %v, want %q", code, errs, want)
		}
	}
}
