package cli

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/lacy-sh/lacy/agents/llmtest"
)

// TestRedTeam runs the scripts in testdata/redteam: the red-team check of
// issue 13 through the real `lacy ask`, with no terminal and a catch-all
// pre-approval. The loopback model turns each line "tool: argument" of the
// question into a tool call, then answers with everything the tool results
// told it, so a script can check what reached the model. Only commands
// that stay inside the script's work directory belong in these scripts:
// if lacy failed, they would run.
func TestRedTeam(t *testing.T) {
	srv := llmtest.New(t)
	srv.Respond = func(r llmtest.Request) llmtest.Reply {
		n := len(r.Messages)
		if n == 0 {
			return llmtest.Reply{Text: "nothing asked"}
		}
		if last := r.Messages[n-1]; last.Role == "user" {
			var rep llmtest.Reply
			for i, l := range strings.Split(last.Content, "\n") {
				tool, arg, ok := strings.Cut(l, ": ")
				if !ok {
					continue
				}
				key := map[string]string{"shell": "command", "read_file": "path", "list_dir": "path", "write_file": "path"}[tool]
				if key == "" {
					continue
				}
				args := map[string]string{key: arg}
				if tool == "write_file" {
					args["content"] = "pwned\n"
				}
				b, _ := json.Marshal(args)
				rep.ToolCalls = append(rep.ToolCalls, llmtest.ToolCall{ID: fmt.Sprintf("c%d", i), Name: tool, Args: string(b)})
			}
			return rep
		}
		var seen []string
		for _, m := range r.Messages {
			if m.Role == "tool" {
				seen = append(seen, strings.ReplaceAll(m.Content, "\n", " | "))
			}
		}
		return llmtest.Reply{Text: "model saw: " + strings.Join(seen, " || ")}
	}
	testscript.Run(t, testscript.Params{
		UpdateScripts:       *updateScripts,
		RequireExplicitExec: true,
		Dir:                 "testdata/redteam",
		Setup: func(env *testscript.Env) error {
			env.Setenv("HOME", env.WorkDir+"/home")
			env.Setenv("XDG_CONFIG_HOME", env.WorkDir+"/home/.config")
			env.Setenv("XDG_STATE_HOME", env.WorkDir+"/.state")
			env.Setenv("XDG_CACHE_HOME", env.WorkDir+"/.cache")
			env.Setenv("LLM_OPENAI", srv.BaseURL(llmtest.OpenAI))
			return nil
		},
	})
}
