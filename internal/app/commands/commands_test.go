package commands

import (
	"strings"
	"testing"
)

func TestIsScript(t *testing.T) {
	for arg, want := range map[string]bool{
		"script.sh": true, "./run": true, "dir/ask": true, "deploy": true,
		"run": false, "ask": false, "classify": false, "lua-defs": false, "doctor": false,
		"explain": false, "undo": false, "help": false,
		"-i": false, "--version": false, "-": false,
	} {
		if got := IsScript(arg); got != want {
			t.Errorf("IsScript(%q) = %v, want %v", arg, got, want)
		}
	}
}

// Every listed command's line names it, and no name is listed twice.
func TestTable(t *testing.T) {
	seen := map[string]bool{}
	for _, s := range Table {
		if seen[s.Name] {
			t.Errorf("%q listed twice", s.Name)
		}
		seen[s.Name] = true
		if s.Usage != "" && !strings.HasPrefix(s.Usage, s.Name+" ") && s.Usage != s.Name {
			t.Errorf("usage of %q does not start with its name: %q", s.Name, s.Usage)
		}
	}
	if got := UsageLines(); !strings.Contains(got, "  lacy ask [--agent NAME] [text]") || strings.Contains(got, "lacy help") {
		t.Errorf("UsageLines:\n%s", got)
	}
}
