package lua

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestComplete(t *testing.T) {
	vm, _, errOut := configVM(t)
	if _, errs := vm.LoadConfig(src(`local lacy = require("lacy")
lacy.complete("deploy", function(ctx)
  return { { value = "staging", description = "test" }, ctx.current .. "|" .. #ctx.words .. "|" .. ctx.cwd }
end)
lacy.complete("none", function() return nil end)
lacy.complete("gone", function() return {} end)
lacy.complete("gone", nil)
lacy.complete("bad", function() return { 42 } end)
lacy.complete("boom", function() error("no") end)`)); len(errs) > 0 {
		t.Fatal(errs)
	}
	got, ok := vm.Complete("deploy", CompleteContext{Line: "deploy st", Words: []string{"deploy", "st"}, Current: "st", Cwd: "/w"})
	want := []Candidate{{"staging", "test"}, {"st|2|/w", ""}}
	if !ok || !cmp.Equal(got, want) {
		t.Errorf("Complete = %v %v, want %v", got, ok, want)
	}
	if got, ok := vm.Complete("none", CompleteContext{}); !ok || got != nil {
		t.Errorf("nil: %v %v", got, ok)
	}
	if vm.HasCompleter("gone") || vm.HasCompleter("git") || !vm.HasCompleter("deploy") {
		t.Error("HasCompleter is wrong")
	}
	for _, name := range []string{"bad", "boom"} {
		if _, ok := vm.Complete(name, CompleteContext{}); ok {
			t.Errorf("%s: a failing completer must not answer", name)
		}
	}
	for _, w := range []string{`completer for "bad" must return a list of strings`, "test.lua:9: no"} {
		if !strings.Contains(errOut.String(), w) {
			t.Errorf("missing %q in %q", w, errOut.String())
		}
	}
}
