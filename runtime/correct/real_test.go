package correct_test

import (
	"testing"

	"github.com/lacy-sh/lacy/runtime/correct"
)

// TestRealCommands: a fix names a program the session can run, or one the
// line or the tool named; never a completion function or a guess at a
// program that is not there.
func TestRealCommands(t *testing.T) {
	k := correct.Knowledge{Commands: []string{"_asdf", "_git", "git", "ls", "sudo", "mkdir"}}
	tests := []struct {
		line, out string
		exit      int
		want      string // first fix, "" for none
	}{
		{"asdf version", "bash: asdf: command not found", 127, ""},        // not _asdf
		{"gti status", "bash: gti: command not found", 127, "git status"}, // a real one
		{"wrongç", "", 127, ""}, // wrong is nowhere
		{"pyhton3 x.py", "Command 'pyhton3' not found, did you mean:\n  command 'python3' from deb python3\nTry: apt install <deb name>", 127, "python3 x.py"}, // the handler named it
		{"bin/rspec", "Migrations are pending. To resolve this issue, run:\n\n        rails db:migrate RAILS_ENV=development\n", 1, "rails db:migrate RAILS_ENV=development && bin/rspec"},
	}
	for _, tt := range tests {
		got := fixes(t, correct.Failure{Line: tt.line, Exit: tt.exit, Output: tt.out, Cwd: "/tmp"}, k)
		first := ""
		if len(got) > 0 {
			first = got[0]
		}
		if first != tt.want {
			t.Errorf("%s: first fix %q, want %q (all %q)", tt.line, first, tt.want, got)
		}
	}
}

// TestNameTypoRanking: the nearest existing name, keyboard neighbours
// breaking ties; a tie they do not break, or nothing close, gives no fix.
func TestNameTypoRanking(t *testing.T) {
	targets := []string{"test", "tent", "text", "build", "deploy-staging", "deploy-prod"}
	k := correct.Knowledge{Commands: []string{"make"}, Names: func(_, kind string) []string {
		if kind == "target" {
			return targets
		}
		return nil
	}}
	tests := []struct{ target, want string }{
		{"tset", "make test"},   // a swap
		{"tesr", "make test"},   // r is t's neighbour, and test is the only one an edit away
		{"biuld", "make build"}, // a swap
		{"tezt", ""},            // s and x are both z's neighbours: test or text?
		{"deploy-prd", "make deploy-prod"},
		{"deploy", ""}, // two edits from nothing: too far
		{"lint", ""},   // nothing close
	}
	for _, tt := range tests {
		out := "make: *** No rule to make target '" + tt.target + "'.  Stop."
		got := fixes(t, correct.Failure{Line: "make " + tt.target, Exit: 2, Output: out, Cwd: "/p"}, k)
		first := ""
		if len(got) > 0 {
			first = got[0]
		}
		if first != tt.want {
			t.Errorf("make %s: first fix %q, want %q (all %q)", tt.target, first, tt.want, got)
		}
	}
}
