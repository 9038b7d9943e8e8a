package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lacy-sh/lacy/agents/llmtest"
	"github.com/lacy-sh/lacy/internal/ptytest"
)

// TestCommandFailedSeesFixes: a command_failed handler gets the offline
// fixes of the failure, best first, with the rule that made each.
func TestCommandFailedSeesFixes(t *testing.T) {
	tm, _ := start(t, map[string]string{
		".config/lacy/init.lua": `
local lacy = require("lacy")
lacy.config({ correct = { enabled = false } }) -- no fix line; the event still has the fixes
lacy.rule("gut", { match = function(f) return f.command:match("^gut ") ~= nil end,
                   fix = function(f) return (f.command:gsub("^gut ", "echo fixed-")) end })
lacy.on("command_failed", function(ev)
  local f = ev.fixes[1]
  print("first fix:" .. (f and (f.command .. "/" .. f.rule) or "none"))
end)
`,
	})
	tm.Line("gut status")
	tm.WaitText("first fix:echo fixed-status/gut")
	tm.Line("false")
	tm.WaitText("first fix:none")
}

// fixSession starts lacy with two stub programs on PATH: frobnicate (prints
// its arguments) and pyrun (fails like Python with a missing module), and
// the correct role on a loopback model.
func fixSession(t *testing.T, srv *llmtest.Server, extra map[string]string) (*ptytest.Term, string) {
	t.Helper()
	files := map[string]string{
		"bin/frobnicate": "#!/bin/sh\necho \"frobbed $*\"\n",
		"bin/pyrun":      "#!/bin/sh\necho \"ModuleNotFoundError: No module named 'yaml'\" >&2\nexit 1\n",
		".lacyrc.lua": `
local lacy = require("lacy")
lacy.model("fixer", { provider = "openai", model = "m1", base_url = "` + srv.BaseURL(llmtest.OpenAI) + `", api_key = "sk-test-SECRET-123456" })
lacy.config({ models = { correct = "fixer", agent = "fixer" } })
lacy.rule("wipe", { match = function(f) return f.command == "wipeit" end, fix = function() return "rm -rf keep" end })
`,
	}
	for k, v := range extra {
		files[k] = v
	}
	tm, home := startWithPath(t, files)
	return tm, home
}

// startWithPath is start with $HOME/bin first on PATH.
func startWithPath(t *testing.T, files map[string]string) (*ptytest.Term, string) {
	t.Helper()
	if testing.Short() {
		t.Skip("end-to-end")
	}
	home := homeWith(t, files, 0o755)
	tm := ptytest.Start(t, ptytest.Env(home, "PATH="+filepath.Join(home, "bin")+":"+os.Getenv("PATH")), home, ptytest.Binary(t))
	tm.WaitText("▌")
	return tm, home
}

func TestFixLineEnterRunsTheFix(t *testing.T) {
	tm, _ := fixSession(t, llmtest.New(t), nil)
	tm.Line("frobnicaet one")
	tm.WaitText("fix: frobnicate one")
	tm.WaitText("[Enter] run")
	tm.Type("\r")
	tm.WaitText("frobbed one")
	// It went to history as typed.
	tm.WaitCount("▌", 2)
	tm.Type("\x1b[A")
	tm.WaitText("▌ frobnicate one")
}

func TestFixLineEditPutsItInTheBuffer(t *testing.T) {
	tm, _ := fixSession(t, llmtest.New(t), nil)
	tm.Line("frobnicaet two")
	tm.WaitText("[e] edit")
	tm.Type("e")
	tm.WaitText("▌ frobnicate two")
	tm.Line(" more")
	tm.WaitText("frobbed two more")
}

func TestFixLineEscAndOtherKeysDismiss(t *testing.T) {
	tm, _ := fixSession(t, llmtest.New(t), nil)
	tm.Line("frobnicaet three")
	tm.WaitText("[Esc] dismiss")
	tm.Type("\x1b")
	tm.WaitText("(dismissed)")
	tm.WaitCount("▌", 2)
	tm.Line("frobnicaet four")
	tm.WaitText("fix: frobnicate four")
	tm.Type("true && echo typed-on")
	tm.WaitText("▌ true && echo typed-on")
	tm.Type("\r")
	tm.WaitText("typed-on\n")
	if strings.Contains(tm.Screen(), "frobbed") {
		t.Fatalf("a dismissed fix ran:\n%s", tm.Screen())
	}
}

func TestFixLineAskTheModel(t *testing.T) {
	srv := llmtest.New(t)
	srv.Push(llmtest.Reply{Chunks: []string{"```\necho model-", "fix-ran\n```"}})
	tm, home := fixSession(t, srv, nil)
	tm.Line("pyrun app.py")
	tm.WaitText("fix: pip install pyyaml && pyrun app.py")
	tm.WaitText("[a] ask the model")
	tm.Type("a")
	// One choice is one line: the fix and its keys (issue 18, item 11).
	s := tm.WaitText("model-fix-ran   [Enter] run")
	if !strings.Contains(s, "\nfix:   echo model-fix-ran   [Enter] run  [e] edit  [Esc] dismiss") || strings.Contains(s, "[1]") {
		t.Fatalf("a one-choice model fix is not one line:\n%s", s)
	}
	if strings.Contains(tm.Screen(), "\nmodel-fix-ran") {
		t.Fatalf("the model's fix ran before the user chose it:\n%s", tm.Screen())
	}
	req := srv.Last(t)
	msg := req.Messages[len(req.Messages)-1].Content
	for _, want := range []string{"Command: pyrun app.py", "Exit status: 1", "No module named 'yaml'", "Directory: " + home} {
		if !strings.Contains(msg, want) {
			t.Errorf("the request lacks %q:\n%s", want, msg)
		}
	}
	tm.Type("\r")
	tm.WaitText("\nmodel-fix-ran")
}

func TestFixLineDestructiveNeedsYes(t *testing.T) {
	tm, home := fixSession(t, llmtest.New(t), map[string]string{"keep/file": "x"})
	tm.Line("wipeit")
	tm.WaitText("fix: rm -rf keep")
	tm.Type("\r")
	tm.WaitText("destructive") // nothing runs on one Enter
	tm.WaitText("Type yes")
	tm.Line("no")
	tm.WaitText("not run")
	if _, err := os.Stat(filepath.Join(home, "keep", "file")); err != nil {
		t.Fatalf("the destructive fix ran: %v", err)
	}
}

func TestNoFixLineAfterASignal(t *testing.T) {
	tm, _ := fixSession(t, llmtest.New(t), nil)
	tm.Line("sh -c 'echo oops >&2; kill -INT $$'")
	tm.WaitText("✗130")
	tm.Line("echo after")
	tm.WaitText("after\n")
	if strings.Contains(tm.Screen(), "fix:") {
		t.Fatalf("a fix line after Ctrl-C:\n%s", tm.Screen())
	}
}
