package cli

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lacy-sh/lacy/agents/llmtest"
	"github.com/lacy-sh/lacy/internal/mcptest"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/lacy-sh/lacy/runtime/iostreams"
	"github.com/lacy-sh/lacy/runtime/sandbox"
)

// updateScripts rewrites the scripts' expected output (cmp files) from what
// the commands print now: go test ./internal/cli -run TestScripts -update.
var updateScripts = flag.Bool("update", false, "rewrite the txtar scripts' golden files with the output seen")

func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == sandbox.Arg {
		os.Exit(sandbox.Main(os.Args[2:])) // the sandbox launcher, as lacy-full is
	}
	testscript.Main(removingBuilt{m}, map[string]func(){
		"lacy": func() { os.Exit(Main(os.Args[1:], iostreams.System())) },
	})
}

// removingBuilt runs the tests, then deletes the MCP server mcptest built.
type removingBuilt struct{ *testing.M }

func (m removingBuilt) Run() int {
	code := m.M.Run()
	mcptest.RemoveBuilt()
	return code
}

// TestScripts runs the txtar scripts in testdata/script: the CLI contract
// (exit codes, messages, subcommands) checked through the real binary. A
// loopback model server answers every protocol at $LLM_OPENAI, $LLM_ANTHROPIC
// and $LLM_OLLAMA, echoing the last user message so scripts can check what
// reached the model.
func TestScripts(t *testing.T) {
	srv := llmtest.New(t)
	srv.Respond = func(r llmtest.Request) llmtest.Reply {
		if r.Model == "needs-key" {
			return llmtest.Reply{Status: 401, Error: "invalid x-api-key"}
		}
		last := ""
		if n := len(r.Messages); n > 0 {
			last = r.Messages[n-1].Content
			// Model "calls-X" first calls the tool shout of the MCP
			// server X (mcp.txtar), then echoes its result.
			if server, ok := strings.CutPrefix(r.Model, "calls-"); ok && r.Messages[n-1].Role == "user" {
				return llmtest.Reply{ToolCalls: []llmtest.ToolCall{{ID: "c1", Name: server + "__shout", Args: `{"text":"` + last + `"}`}}}
			}
		}
		switch r.Model {
		case "fixer": // lacy fix: one fix in a code block, with chatter around it
			return llmtest.Reply{Chunks: []string{"Try this:\n```sh\n", "pip install pyyaml && python3 app.py\n```\n"}}
		case "fixer-echo": // lacy fix: a command that shows what the model was sent
			return llmtest.Reply{Text: "```\necho '" + strings.NewReplacer("'", "", "\n", " | ").Replace(last) + "'\n```"}
		}
		return llmtest.Reply{Chunks: []string{"[" + r.Protocol + "] ", "heard: " + strings.ReplaceAll(last, "\n", " | ")}}
	}
	loud := mcptest.Build(t)
	testscript.Run(t, testscript.Params{
		UpdateScripts:       *updateScripts,
		RequireExplicitExec: true,
		Dir:                 "testdata/script",
		Setup: func(env *testscript.Env) error {
			env.Setenv("XDG_CONFIG_HOME", env.WorkDir+"/.config")
			env.Setenv("XDG_STATE_HOME", env.WorkDir+"/.state")
			env.Setenv("XDG_CACHE_HOME", env.WorkDir+"/.cache")
			env.Setenv("INPUTRC", "/dev/null")
			env.Setenv("LLM_OPENAI", srv.BaseURL(llmtest.OpenAI))
			env.Setenv("LLM_ANTHROPIC", srv.BaseURL(llmtest.Anthropic))
			env.Setenv("LLM_OLLAMA", srv.BaseURL(llmtest.Ollama))
			env.Setenv("LOUD", loud) // an MCP server (internal/mcptest)
			return nil
		},
	})
}

// The running lacy's folder joins PATH only when no lacy is on it
// (issue 18, item 12).
func TestPathWithSelf(t *testing.T) {
	withLacy, without := t.TempDir(), t.TempDir()
	if err := os.WriteFile(filepath.Join(withLacy, "lacy"), []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(without, "lacy"), []byte("not a program"), 0o644); err != nil {
		t.Fatal(err)
	}
	self := "/opt/src/lacy/bin/lacy"
	tests := []struct{ path, want string }{
		{"/usr/bin:" + without, "/usr/bin:" + without + ":/opt/src/lacy/bin"},
		{"/usr/bin:" + withLacy, "/usr/bin:" + withLacy},
		{"", "/opt/src/lacy/bin"},
	}
	for _, tt := range tests {
		if got := pathWithSelf(tt.path, self); got != tt.want {
			t.Errorf("pathWithSelf(%q) = %q, want %q", tt.path, got, tt.want)
		}
	}
}
