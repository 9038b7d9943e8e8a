package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/lacy-sh/lacy/agents/llmtest"
)

// predictConfig makes the loopback server the predict role's model.
func predictConfig(srv *llmtest.Server) map[string]string {
	return map[string]string{".lacyrc.lua": `
local lacy = require("lacy")
lacy.model("fake", { provider = "openai", model = "m1", base_url = "` + srv.BaseURL(llmtest.OpenAI) + `", api_key = "sk-test" })
lacy.config({ models = { predict = "fake" } })
`}
}

// With nothing in history, a pause in typing asks the predict model; its
// line shows as ghost text, and → takes it.
func TestModelPredictionShowsAsGhostText(t *testing.T) {
	srv := llmtest.New(t)
	srv.Push(llmtest.Reply{Text: "kubectl get pods --all-namespaces"})
	tm, _ := start(t, predictConfig(srv))
	tm.Line("mkdir -p bin && printf '#!/bin/sh\\necho ran \"$@\"\\n' > bin/kubectl && chmod +x bin/kubectl && export PATH=$PWD/bin:$PATH && echo ready")
	tm.WaitText("\nready\n")
	tm.Type("kubectl get po")
	tm.WaitText("▌ kubectl get pods --all-namespaces")
	if g, ok := tm.FindCell("--all-namespaces"); !ok || g.FG != 110 {
		t.Errorf("the model's ghost text should be drawn in its own colour (110), got %+v", g)
	}
	if got := srv.Last(t).Messages; len(got) == 0 || !strings.Contains(got[len(got)-1].Content, "kubectl get po") {
		t.Fatalf("the typed line did not reach the model: %+v", got)
	}
	tm.Type("\x1b[C\r")
	tm.WaitText("\nran get pods --all-namespaces\n")
}

// A line the model makes up (a program that does not exist) is not shown,
// and a keystroke echoes at once while a request hangs.
func TestModelPredictionIsCheckedAndNeverBlocks(t *testing.T) {
	srv := llmtest.New(t)
	srv.Push(
		llmtest.Reply{Text: "no-such-program-xyz --flag"},
		llmtest.Reply{Text: "echo hello world", FirstDelay: 30 * time.Second},
	)
	tm, _ := start(t, predictConfig(srv))
	tm.Type("no-such-pro")
	<-srv.Arrived()
	time.Sleep(300 * time.Millisecond) // the answer has arrived and was refused
	if s := tm.Screen(); strings.Contains(s, "no-such-program-xyz") {
		t.Fatalf("an invented program was suggested:\n%s", s)
	}
	tm.Type("\x15echo hel")
	<-srv.Arrived() // the hanging request is in flight
	start := time.Now()
	tm.Type("l")
	tm.WaitText("▌ echo hell")
	if d := time.Since(start); d > 150*time.Millisecond {
		t.Errorf("a keystroke took %v to echo with a request in flight", d)
	}
}
