package e2e

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/lacy-sh/lacy/agents/llmtest"
	"github.com/lacy-sh/lacy/internal/mcptest"
)

// The check: a stdio MCP server declared in Lua has not started
// after the first prompt; an agent that uses it gets the model's tool
// call, the permission question shows it, y runs it, the result reaches
// the model, the final answer appears; Ctrl-C at the prompt leaves the
// server alone; it is gone after exit.
func TestMCPToolInTheShell(t *testing.T) {
	srv := llmtest.New(t)
	loud := mcptest.Build(t)
	started := filepath.Join(t.TempDir(), "started")
	srv.Push(
		llmtest.Reply{ToolCalls: []llmtest.ToolCall{{ID: "c1", Name: "loud__shout", Args: `{"text":"mcp works"}`}}},
		llmtest.Reply{Text: "final-answer-after-mcp"},
	)
	tm, _ := start(t, map[string]string{".lacyrc.lua": `
local lacy = require("lacy")
lacy.model("fake", { provider = "openai", model = "m1", base_url = "` + srv.BaseURL(llmtest.OpenAI) + `", api_key = "sk-test-SECRET-123456" })
lacy.mcp("loud", { command = "` + loud + `", env = { LOUD_STARTED = "` + started + `" } })
lacy.agent("default", { model = "fake", tools = { "shell", "loud" } })
`})
	if _, err := os.Stat(started); err == nil {
		t.Fatal("the MCP server started before the first request")
	}
	tm.Line("@shout mcp works")
	tm.WaitText("lacy wants to use loud.shout:")
	tm.WaitText("MCP server loud, tool shout")
	tm.WaitText("Allow?  [y] once  [a] this session  [n] deny")
	tm.Type("y")
	tm.WaitText("MCP WORKS!") // the dim result line
	tm.WaitText("final-answer-after-mcp")
	reqs := srv.Requests()
	last := reqs[1].Messages[len(reqs[1].Messages)-1]
	if last.Role != "tool" || !strings.Contains(last.Content, "MCP WORKS!") || !strings.Contains(last.Content, "<tool-output") {
		t.Fatalf("the result did not reach the model as tool output: %+v", last)
	}
	b, err := os.ReadFile(started)
	if err != nil {
		t.Fatal(err)
	}
	pid, _ := strconv.Atoi(string(b))
	// Ctrl-C at the prompt reaches the shell's group, not the server's.
	// The terminal sends SIGINT when the key is read, so once the next
	// command's output shows, the signal has been delivered. The keys wait
	// for the prompt: typed before it, the terminal is still cooked and
	// echoes ^C where the line editor would draw a fresh prompt.
	tm.WaitCount("lacy ~ ▌", 2)
	tm.Type("half typed\x03")
	tm.WaitCount("lacy ~ ▌", 3) // a fresh prompt
	tm.Line("echo after-$((1+1))-ctrl-c")
	tm.WaitText("after-2-ctrl-c")
	if !alive(pid) {
		t.Fatal("Ctrl-C at the prompt killed the MCP server")
	}
	tm.Line("exit")
	tm.Wait(5 * time.Second)
	// lacy waited for it: it is not even a zombie.
	if alive(pid) {
		t.Fatal("the MCP server outlived lacy")
	}
}

// alive reports whether process pid runs (a zombie does not).
func alive(pid int) bool {
	if syscall.Kill(pid, 0) != nil {
		return false
	}
	stat, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	return !strings.Contains(string(stat), ") Z ")
}
