package e2e

import (
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/lacy-sh/lacy/agents/llmtest"
)

// The interactive shell is lacy, which links no model client: the
// first agent request starts the agent process (lacy-full agent-serve,
// runtime/agentproc), not the first prompt; later requests reuse it; it
// ends with the shell (issue 21).
func TestAgentProcessStartsOnFirstUse(t *testing.T) {
	srv := llmtest.New(t)
	srv.Push(llmtest.Reply{Chunks: []string{"first-", "answer"}}, llmtest.Reply{Text: "second-answer"})
	tm, _ := start(t, agentConfig(srv))
	// What runs the prompt, and its agent processes (the bracket keeps
	// grep from counting itself).
	probe := `echo "shell=$(cat /proc/$$/comm) procs=$(ps -o pid=,args= --ppid $$ | grep '[a]gent-serve' | awk '{printf "%s,", $1}')end"`
	tm.Line(probe)
	tm.WaitText("shell=lacy procs=end")

	tm.Line("what is the answer to everything?")
	tm.WaitText("first-answer")
	tm.Line(probe)
	screen := tm.WaitFor("one agent process", 10*time.Second, func(s string) bool {
		return regexp.MustCompile(`procs=\d+,end`).MatchString(s)
	})
	pid := regexp.MustCompile(`procs=(\d+),end`).FindStringSubmatch(screen)[1]

	tm.Line("and once more?")
	tm.WaitText("second-answer")
	tm.Line(probe)
	tm.WaitCount("procs="+pid+",end", 2) // the same process, no second one
	if n := len(srv.Requests()); n != 2 {
		t.Errorf("%d requests reached the model, want 2", n)
	}

	tm.Line("exit")
	tm.Wait(10 * time.Second)
	deadline := time.Now().Add(10 * time.Second)
	for {
		b, err := os.ReadFile("/proc/" + pid + "/cmdline")
		if err != nil || !strings.Contains(string(b), "agent-serve") {
			break // gone (or the pid reused by another program)
		}
		if time.Now().After(deadline) {
			t.Fatalf("the agent process %s outlived the shell", pid)
		}
		time.Sleep(10 * time.Millisecond) // polling a condition, with a deadline
	}
}
