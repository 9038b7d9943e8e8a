package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/lacy-sh/lacy/agents/llmtest"
)

// Issue 18, item 11: answers are laid out as Markdown with or without
// colour, tables as tables, wrapped at word boundaries.

const tableAnswer = "# Sizes\n\nThe **two** files:\n\n| name | size |\n|------|-----:|\n| a.go | 12 |\n| main.go | 1024 |\n"

// Under NO_COLOR an answer is rendered (headings, emphasis, tables), not
// printed raw, and carries no colour.
func TestNoColorAnswerIsRenderedMarkdown(t *testing.T) {
	srv := llmtest.New(t)
	srv.Push(llmtest.Reply{Chunks: []string{tableAnswer[:20], tableAnswer[20:]}})
	tm, _ := start(t, agentConfig(srv), "NO_COLOR=1")
	before := len(tm.Raw())
	tm.Line("@how big are the files")
	s := tm.WaitText("└")
	for _, want := range []string{"\nSizes\n═════\n", "\nThe two files:\n", "│ name    │ size │", "│ main.go │ 1024 │"} {
		if !strings.Contains(s, want) {
			t.Errorf("missing %q:\n%s", want, s)
		}
	}
	for _, raw := range []string{"**two**", "|------|", "# Sizes"} {
		if strings.Contains(s, raw) {
			t.Errorf("raw Markdown %q left on screen:\n%s", raw, s)
		}
	}
	if c := colourSGR(string(tm.Raw()[before:])); c != "" {
		t.Errorf("colour %q with NO_COLOR", c)
	}
}

// With colour, tables are drawn as tables too.
func TestAnswerTableIsDrawn(t *testing.T) {
	srv := llmtest.New(t)
	srv.Push(llmtest.Reply{Text: tableAnswer})
	tm, _ := start(t, agentConfig(srv))
	tm.Line("@how big are the files")
	s := tm.WaitText("└")
	for _, want := range []string{"┌─────────┬──────┐", "│ name    │ size │", "├─────────┼──────┤", "│ a.go    │   12 │", "│ main.go │ 1024 │"} {
		if !strings.Contains(s, want) {
			t.Errorf("missing %q:\n%s", want, s)
		}
	}
}

// A long answer, taller than the screen (never redrawn), wraps at word
// boundaries as it streams: no word is cut at the terminal's edge.
func TestLongAnswerWrapsAtWords(t *testing.T) {
	words := []string{"alpha", "be", "gamma-ray", "delta", "epsilonic", "zeta", "eta", "theta", "iotas", "kappa-k"}
	var b strings.Builder
	for i := range 450 {
		fmt.Fprintf(&b, "%s ", words[i%len(words)])
	}
	answer := b.String() + "the-end"
	var chunks []string
	for i := 0; i < len(answer); i += 7 { // tokens split inside words
		chunks = append(chunks, answer[i:min(i+7, len(answer))])
	}
	srv := llmtest.New(t)
	srv.Push(llmtest.Reply{Chunks: chunks})
	tm, _ := start(t, agentConfig(srv))
	tm.Line("@tell me a lot")
	s := tm.WaitText("the-end")
	known := map[string]bool{"the-end": true}
	for _, w := range words {
		known[w] = true
	}
	rows := strings.Split(s, "\n")
	for _, row := range rows {
		if strings.Contains(row, "▌") || strings.TrimSpace(row) == "" {
			continue
		}
		for _, w := range strings.Fields(row) {
			if !known[w] {
				t.Fatalf("a word cut at the edge (%q):\n%s", w, s)
			}
		}
	}
}
