package repl

import (
	"bytes"
	"testing"
)

func TestCheckReadlineVar(t *testing.T) {
	tests := []struct {
		name  string
		value any
		said  bool
	}{
		{"completion-ignore-case", true, false}, // the editor reads it
		{"show-all-if-ambiguous", "on", false},  // lacy's editor always does
		{"show-all-if-ambiguous", "off", true},
		{"mark-symlinked-directories", true, false},
		{"visible-stats", "on", true},
		{"bell-style", "none", false},
		{"bell-style", "audible", true},
		{"colored-stats", false, false}, // lacy reads it
		{"some-unknown-variable", "x", false},
	}
	a := &App{}
	for _, tt := range tests {
		var w bytes.Buffer
		a.checkReadlineVar(&w, tt.name, tt.value)
		if said := w.Len() > 0; said != tt.said {
			t.Errorf("set %s %v: said %q, want said=%v", tt.name, tt.value, w.String(), tt.said)
		}
	}
	if a.colouredStats() {
		t.Errorf("set colored-stats off: still coloured")
	}
}

func TestReadlineVarsTable(t *testing.T) {
	for name, v := range readlineVars.Get() {
		switch v.kind {
		case "editor", "lacy":
		case "always":
			if v.always == "" {
				t.Errorf("%s: always without a value", name)
			}
		default:
			t.Errorf("%s: unknown kind %q", name, v.kind)
		}
	}
}
