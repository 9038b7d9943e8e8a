package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/lacy-sh/lacy/agents/llmtest"
	"github.com/lacy-sh/lacy/internal/ptytest"
)

// restart starts another session in an existing HOME.
func restart(t *testing.T, home string, extraEnv ...string) *ptytest.Term {
	t.Helper()
	tm := ptytest.Start(t, ptytest.Env(home, extraEnv...), home, ptytest.Binary(t))
	tm.WaitText("▌")
	return tm
}

// agentConfig declares models on the loopback server and two agents.
func agentConfig(srv *llmtest.Server) map[string]string {
	return map[string]string{".lacyrc.lua": `
local lacy = require("lacy")
lacy.model("fake", { provider = "openai", model = "m1", base_url = "` + srv.BaseURL(llmtest.OpenAI) + `", api_key = "sk-test-SECRET-123456" })
lacy.config({ models = { agent = "fake" } })
lacy.agent("reviewer", { model = "fake", system = "You review diffs tersely." })
`}
}

func TestAgentStreamsAnswer(t *testing.T) {
	srv := llmtest.New(t)
	srv.Push(llmtest.Reply{Chunks: []string{"The **answer** ", "is 42."}, Delay: 50 * time.Millisecond})
	tm, home := start(t, agentConfig(srv))
	tm.Line("what is the answer to everything?")
	tm.WaitText("is 42.")
	req := srv.Last(t)
	if !strings.Contains(req.Messages[len(req.Messages)-1].Content, "what is the answer") {
		t.Fatalf("the question did not reach the model: %+v", req.Messages)
	}
	if !strings.Contains(req.System, "cwd") && !strings.Contains(req.System, home) {
		t.Errorf("no terminal context in the system prompt: %q", req.System)
	}
	// The key is in no file lacy wrote.
	tm.Line("exit")
	tm.Wait(5 * time.Second)
	assertNoSecret(t, home, "sk-test-SECRET-123456")
}

func TestAgentSwitchKeepsConversationsApart(t *testing.T) {
	srv := llmtest.New(t)
	srv.Push(llmtest.Reply{Text: "default-reply"}, llmtest.Reply{Text: "reviewer-reply"})
	tm, _ := start(t, agentConfig(srv))
	tm.Line("@remember the word banana")
	tm.WaitText("default-reply")
	tm.Line("/agent reviewer")
	tm.WaitText("agent: reviewer")
	tm.Line("@review this please")
	tm.WaitText("reviewer-reply")
	req := srv.Last(t)
	if !strings.Contains(req.System, "You review diffs tersely.") {
		t.Errorf("the reviewer's system prompt is not on the wire: %q", req.System)
	}
	for _, m := range req.Messages {
		if strings.Contains(m.Content, "banana") {
			t.Fatalf("the default agent's conversation leaked into the reviewer's: %+v", req.Messages)
		}
	}
}

func TestToolRunsOnlyAfterYes(t *testing.T) {
	srv := llmtest.New(t)
	srv.Push(
		llmtest.Reply{ToolCalls: []llmtest.ToolCall{{ID: "c1", Name: "shell", Args: `{"command":"echo tool-ran > proof.txt"}`}}},
		llmtest.Reply{Text: "done-after-tool"},
		llmtest.Reply{ToolCalls: []llmtest.ToolCall{{ID: "c2", Name: "shell", Args: `{"command":"echo denied > denied.txt"}`}}},
		llmtest.Reply{Text: "ok-denied"},
	)
	tm, _, home := startInProject(t, agentConfig(srv)) // home: the working tree
	tm.Line("@make the proof file")
	tm.WaitText("echo tool-ran > proof.txt")
	if _, err := os.Stat(filepath.Join(home, "proof.txt")); err == nil {
		t.Fatal("the tool ran before the user said yes")
	}
	// The question stays on screen with its keys, and one key answers it.
	tm.WaitText("Allow?  [y] once  [a] this session  ") // then [w] once with network where Landlock has network rules
	tm.WaitText("[n] deny")
	tm.Type("y")
	tm.WaitText("done-after-tool")
	tm.WaitText("lacy wants to run a command:")
	if b, err := os.ReadFile(filepath.Join(home, "proof.txt")); err != nil || string(b) != "tool-ran\n" {
		t.Fatalf("proof.txt: %q %v", b, err)
	}
	// The tool's output went back to the model.
	reqs := srv.Requests()
	found := false
	for _, m := range reqs[1].Messages {
		found = found || m.Role == "tool"
	}
	if !found {
		t.Fatalf("no tool result in the follow-up request: %+v", reqs[1].Messages)
	}
	tm.Line("@make the denied file")
	tm.WaitCount("Allow?", 2)
	tm.Type("n")
	tm.WaitText("ok-denied")
	if _, err := os.Stat(filepath.Join(home, "denied.txt")); err == nil {
		t.Fatal("a denied tool call ran")
	}
}

// A destructive call says the word yes is needed; y alone denies it.
func TestDestructiveToolCallNeedsTheWordYes(t *testing.T) {
	srv := llmtest.New(t)
	srv.Push(
		llmtest.Reply{ToolCalls: []llmtest.ToolCall{{ID: "c1", Name: "shell", Args: `{"command":"rm -rf build"}`}}},
		llmtest.Reply{Text: "reply-after-deny"},
		llmtest.Reply{ToolCalls: []llmtest.ToolCall{{ID: "c2", Name: "shell", Args: `{"command":"rm -rf build"}`}}},
		llmtest.Reply{Text: "reply-after-yes"},
	)
	tm, _, home := startInProject(t, agentConfig(srv)) // home: the working tree
	build := filepath.Join(home, "build")
	if err := os.Mkdir(build, 0o755); err != nil {
		t.Fatal(err)
	}
	tm.Line("@clean the build")
	tm.WaitText("This needs the word yes")
	tm.Type("y\r")
	tm.WaitText("denied (it needs the word yes)")
	tm.WaitText("reply-after-deny")
	if _, err := os.Stat(build); err != nil {
		t.Fatal("y alone ran a destructive command")
	}
	tm.Line("@clean the build again")
	tm.WaitCount("This needs the word yes", 2)
	tm.Type("yes\r")
	tm.WaitText("reply-after-yes")
	if _, err := os.Stat(build); err == nil {
		t.Fatal("yes did not run the command")
	}
}

// Ctrl-C at a permission question denies and stops the agent's turn.
func TestCtrlCAtAQuestionStopsTheTurn(t *testing.T) {
	srv := llmtest.New(t)
	srv.Push(
		llmtest.Reply{ToolCalls: []llmtest.ToolCall{{ID: "c1", Name: "shell", Args: `{"command":"echo never > never.txt"}`}}},
		llmtest.Reply{Text: "should-not-be-asked"},
	)
	tm, home := start(t, agentConfig(srv))
	tm.Line("@do it")
	tm.WaitText("Allow?")
	tm.Type("\x03")
	tm.WaitText("(cancelled)")
	tm.Line("echo back-at-the-prompt")
	tm.WaitText("\nback-at-the-prompt")
	if _, err := os.Stat(filepath.Join(home, "never.txt")); err == nil {
		t.Fatal("the command ran after Ctrl-C")
	}
	if n := len(srv.Requests()); n != 1 {
		t.Fatalf("the model was asked again after Ctrl-C (%d requests)", n)
	}
}

func TestCtrlCCancelsASlowAnswer(t *testing.T) {
	srv := llmtest.New(t)
	srv.Push(llmtest.Reply{Chunks: []string{"partial-start ", "never-arrives"}, Delay: 20 * time.Second})
	tm, _ := start(t, agentConfig(srv))
	tm.Line("@tell me a long story")
	tm.WaitText("partial-start")
	tm.Type("\x03")
	tm.WaitText("✗130")
	tm.Line("echo back-at-prompt")
	tm.WaitText("\nback-at-prompt")
}

func TestUnreachableModelIsOneLine(t *testing.T) {
	tm, _ := start(t, map[string]string{".lacyrc.lua": `
local lacy = require("lacy")
lacy.model("gone", { provider = "ollama", model = "x", base_url = "http://127.0.0.1:9" })
lacy.config({ models = { agent = "gone" } })
`})
	tm.Line("@hello there")
	s := tm.WaitText("lacy: ")
	if !strings.Contains(s, `"gone"`) {
		t.Fatalf("the error does not name the model:\n%s", s)
	}
	tm.Line("echo shell-still-works")
	tm.WaitText("\nshell-still-works")
}

func TestRerouteAfterFailure(t *testing.T) {
	srv := llmtest.New(t)
	srv.Push(llmtest.Reply{Text: "rerouted-answer"})
	tm, _ := start(t, agentConfig(srv))
	// Shell-routed English that fails goes to the agent with the error.
	tm.Line("/mode auto")
	tm.Line("make sure the tests pass before you commit")
	tm.WaitText("rerouted-answer")
}

// assertNoSecret fails if secret appears in any file under dir.
func assertNoSecret(t *testing.T, dir, secret string) {
	t.Helper()
	_ = filepath.Walk(dir, func(p string, fi os.FileInfo, err error) error {
		if err != nil || fi.IsDir() || fi.Name() == ".lacyrc.lua" {
			return nil
		}
		b, _ := os.ReadFile(p)
		if strings.Contains(string(b), secret) {
			t.Errorf("the API key is in %s", p)
		}
		return nil
	})
}

// TestNoModelSaysHowToSetOneUp: with no config and nothing reachable, the
// first AI use is one line that says how to go on.
func TestNoModelSaysHowToSetOneUp(t *testing.T) {
	tm, _ := start(t, nil, "OLLAMA_HOST=127.0.0.1:9")
	tm.Line("@hello there")
	s := tm.WaitText("docs/agents.md")
	if !strings.Contains(strings.ReplaceAll(s, "\n", ""), "lacy: no model is reachable (local: not reachable at 127.0.0.1:9); start Ollama or set up a model: see `lacy doctor`, docs/agents.md") {
		t.Fatalf("no hint:\n%s", s)
	}
	tm.Line("echo shell-still-works")
	tm.WaitText("\nshell-still-works")
}
