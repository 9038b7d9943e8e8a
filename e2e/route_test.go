package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/lacy-sh/lacy/agents/llmtest"
)

// An English line with an apostrophe is complete when Enter is pressed: it
// reaches the model rather than opening a "> " continuation line.
func TestApostropheReachesTheAgent(t *testing.T) {
	srv := llmtest.New(t)
	srv.Push(llmtest.Reply{Text: "port-" + "answer-8080"}, llmtest.Reply{Text: "why-" + "answer"})
	tm, _ := start(t, agentConfig(srv))
	tm.Line("what's using port 8080")
	tm.WaitText("port-answer-8080")
	if got := srv.Last(t).Messages; !strings.Contains(got[len(got)-1].Content, "what's using port 8080") {
		t.Fatalf("the line did not reach the model as typed: %+v", got)
	}
	tm.Line("@why doesn't this work")
	tm.WaitText("why-answer")
	if strings.Contains(tm.Screen(), "\n> ") {
		t.Fatalf("a continuation line opened:\n%s", tm.Screen())
	}
}

// "! cmd" is bash's negation; "!cmd" stays the force-shell prefix.
func TestBangNegation(t *testing.T) {
	tm, _ := start(t, nil)
	tm.Line("! false && echo negated-$((40+2))")
	tm.WaitText("negated-42")
	tm.Line("! true || echo inverted-$((6*7))")
	tm.WaitText("inverted-42")
	tm.Line("!echo forced-$((1+2))")
	tm.WaitText("forced-3")
}

// In agent mode cd and exit still act as the shell's: nobody is trapped.
func TestAgentModeKeepsCdAndExit(t *testing.T) {
	tm, _ := start(t, map[string]string{"sub/keep": ""})
	tm.Line("/mode agent")
	tm.Line("/mode")
	tm.WaitFor("agent mode", 5*time.Second, func(s string) bool {
		for _, l := range strings.Split(s, "\n") {
			if strings.TrimSpace(l) == "agent" {
				return true
			}
		}
		return false
	})
	tm.Line("cd sub")
	tm.WaitText("~/sub")
	tm.Line("exit 3")
	if code := tm.Wait(5 * time.Second); code != 3 {
		t.Fatalf("exit status %d, want 3", code)
	}
}
