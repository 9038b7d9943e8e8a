package fixline

import (
	"slices"
	"testing"

	"github.com/lacy-sh/lacy/runtime/ask"
)

func TestOffer(t *testing.T) {
	tests := []struct {
		fix          string
		model, auto  bool
		tail         string
		show, askNow bool
	}{
		{"git status", false, false, "", true, false},
		{"git status", true, true, "x", true, false}, // an offline fix is offered first
		{"", false, false, "error", false, false},    // nothing to offer
		{"", true, false, "  \n", false, false},      // the command said nothing
		{"", true, false, "error", true, false},      // only [a]
		{"", true, true, "error", false, true},       // the model at once
	}
	for _, tt := range tests {
		_, show, askNow := Offer(tt.fix, tt.model, tt.auto, tt.tail)
		if show != tt.show || askNow != tt.askNow {
			t.Errorf("Offer(%q, %v, %v, %q) = %v, %v", tt.fix, tt.model, tt.auto, tt.tail, show, askNow)
		}
	}
}

func TestLine(t *testing.T) {
	full := Line{Fix: "git status", Model: true}
	if full.Head() != "fix: git status" || full.Gap() != "   " {
		t.Errorf("head %q gap %q", full.Head(), full.Gap())
	}
	var keys []string
	for _, h := range full.Hints() {
		keys = append(keys, h.Key)
	}
	if !slices.Equal(keys, []string{"Enter", "e", "a", "Esc"}) {
		t.Errorf("keys %q", keys)
	}
	modelOnly := Line{Model: true}
	if modelOnly.Head() != "fix:" || modelOnly.Gap() != " " || len(modelOnly.Hints()) != 2 {
		t.Errorf("model only: %q %q %v", modelOnly.Head(), modelOnly.Gap(), modelOnly.Hints())
	}
	tests := []struct {
		l    Line
		key  string
		want Action
	}{
		{full, ask.KeyEnter, Run}, {full, "\n", Run}, {full, "e", Edit}, {full, "a", AskModel},
		{full, ask.KeyEsc, Dismiss}, {full, ask.KeyCtrlC, Dismiss}, {full, ask.KeyCtrlD, Dismiss},
		{full, "x", Type}, {full, "E", Type},
		{modelOnly, ask.KeyEnter, Dismiss}, {modelOnly, "e", Type}, {modelOnly, "a", AskModel},
		{Line{Fix: "ls"}, "a", Type},
	}
	for _, tt := range tests {
		if got := tt.l.Key(tt.key); got != tt.want {
			t.Errorf("%+v.Key(%q) = %v, want %v", tt.l, tt.key, got, tt.want)
		}
	}
	for a, want := range map[Action]string{Run: "", AskModel: "", Edit: "(edit)", Dismiss: "(dismissed)", Type: "(dismissed)"} {
		if got := Note(a); got != want {
			t.Errorf("Note(%v) = %q", a, got)
		}
	}
}

func TestChoices(t *testing.T) {
	if h := (Choices{N: 1}).Hints(); h[0].Key != "Enter" {
		t.Errorf("one fix: %v", h)
	}
	if h := (Choices{N: 3}).Hints(); h[0].Key != "1-3" {
		t.Errorf("three fixes: %v", h)
	}
	tests := []struct {
		n    int
		key  string
		want Action
		pick int
	}{
		{1, ask.KeyEnter, Run, 0}, {3, ask.KeyEnter, Dismiss, -1}, {3, "2", Run, 1}, {3, "4", Type, -1},
		{3, "0", Type, -1}, {2, "e", Edit, 0}, {2, ask.KeyEsc, Dismiss, -1}, {2, "q", Type, -1},
	}
	for _, tt := range tests {
		if a, pick := (Choices{N: tt.n}).Key(tt.key); a != tt.want || pick != tt.pick {
			t.Errorf("Choices{%d}.Key(%q) = %v, %d; want %v, %d", tt.n, tt.key, a, pick, tt.want, tt.pick)
		}
	}
}
