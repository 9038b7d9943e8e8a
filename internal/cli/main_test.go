package cli

import (
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/lacy-sh/lacy/agents/llmtest"
	"github.com/lacy-sh/lacy/internal/app"
	"github.com/lacy-sh/lacy/internal/app/commands"
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
		"lacy": func() { os.Exit(app.Main(os.Args[1:], app.New(iostreams.System()), Commands)) },
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

// Commands and the one table (internal/app/commands) name the same
// subcommands: a name lacy hands over to lacy-full is never missing here, and a
// command here is never taken for a script there.
func TestCommandsMatchTable(t *testing.T) {
	for _, s := range commands.Table {
		if _, ok := Commands[s.Name]; !ok && s.Name != "help" {
			t.Errorf("%q is in commands.Table but has no code in cli.Commands", s.Name)
		}
	}
	for name := range Commands {
		if _, ok := commands.Lookup(name); !ok {
			t.Errorf("%q is in cli.Commands but not in commands.Table", name)
		}
	}
}
