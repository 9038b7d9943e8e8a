package e2e

import (
	"strings"
	"testing"

	"github.com/lacy-sh/lacy/agents/llmtest"
)

// In the shell, a request made in a subdirectory of a repository carries
// the repository's AGENTS.md (redacted), and /context names it.
func TestProjectFilesInTheShell(t *testing.T) {
	srv := llmtest.New(t)
	srv.Push(llmtest.Reply{Text: "project-reply"})
	files := agentConfig(srv)
	files["repo/.git/HEAD"] = "ref: refs/heads/main\n"
	files["repo/AGENTS.md"] = "Build with make ci-build.\nAPI_TOKEN=sk-proj-abcdefghijklmnop123456\n"
	files["repo/deep/er/keep"] = ""
	tm, home := start(t, files)
	tm.Line("cd repo/deep/er")
	tm.WaitText("~/repo/deep/er")
	tm.Line("/context")
	tm.WaitText("project files: " + home + "/repo/AGENTS.md")
	tm.Line("@how do I build this?")
	tm.WaitText("project-reply")
	sys := srv.Last(t).System
	if !strings.Contains(sys, "Build with make ci-build.") || strings.Contains(sys, "sk-proj-abc") {
		t.Fatalf("AGENTS.md not sent, or not redacted:\n%s", sys)
	}
}
