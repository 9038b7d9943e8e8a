package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lacy-sh/lacy/agents/llmtest"
	"github.com/lacy-sh/lacy/internal/ptytest"
	"github.com/lacy-sh/lacy/runtime/sandbox"
)

// startInProject starts a session in HOME/proj, a git working tree: an
// agent's commands may write there (the sandbox keeps the home itself
// read-only).
func startInProject(t *testing.T, files map[string]string) (tm *ptytest.Term, home, proj string) {
	t.Helper()
	if files == nil {
		files = map[string]string{}
	}
	files["proj/.git/HEAD"] = "ref: refs/heads/main\n"
	tm, home = start(t, files)
	tm.Line("cd proj && echo in-proj")
	tm.WaitText("\nin-proj\n")
	return tm, home, filepath.Join(home, "proj")
}

// The question about an agent's command says what the sandbox allows; a
// command approved with yes still cannot read ~/.ssh or write outside the
// working tree, while work in the tree succeeds.
func TestAgentCommandRunsInTheSandbox(t *testing.T) {
	if !sandbox.Available() {
		t.Skip("no Landlock in this kernel")
	}
	srv := llmtest.New(t)
	srv.Push(
		llmtest.Reply{ToolCalls: []llmtest.ToolCall{{ID: "c1", Name: "shell", Args: `{"command":"sh -c 'cat ~/.ssh/id_rsa; echo pwned >> ~/.bashrc; echo ok > made.txt'"}`}}},
		llmtest.Reply{Text: "reply-after-tool"},
	)
	files := agentConfig(srv)
	files[".ssh/id_rsa"] = "CanarySSHKey\n"
	files[".bashrc"] = "# rc\n"
	tm, home, proj := startInProject(t, files)
	tm.Line("@do it")
	tm.WaitText("sandbox: writes only ~/proj")
	tm.WaitText("This needs the word yes") // sh -c: lacy cannot see what runs
	tm.Type("yes\r")
	tm.WaitText("reply-after-tool")
	if b, _ := os.ReadFile(filepath.Join(home, ".bashrc")); string(b) != "# rc\n" {
		t.Errorf(".bashrc: %q", b)
	}
	if b, err := os.ReadFile(filepath.Join(proj, "made.txt")); err != nil || string(b) != "ok\n" {
		t.Errorf("made.txt: %q %v", b, err)
	}
	for _, r := range srv.Requests() {
		for _, m := range r.Messages {
			if strings.Contains(m.Content, "CanarySSHKey") {
				t.Fatalf("the key reached the model: %q", m.Content)
			}
		}
	}
}

// /undo puts back what an agent's write_file replaced, and says so.
func TestSlashUndoRestoresAnAgentWrite(t *testing.T) {
	srv := llmtest.New(t)
	srv.Push(
		llmtest.Reply{ToolCalls: []llmtest.ToolCall{{ID: "c1", Name: "write_file", Args: `{"path":"notes.txt","content":"overwritten\n"}`}}},
		llmtest.Reply{Text: "reply-after-write"},
	)
	files := agentConfig(srv)
	files["proj/notes.txt"] = "mine\n"
	tm, _, proj := startInProject(t, files)
	tm.Line("@rewrite my notes")
	tm.WaitText("Allow?")
	tm.Type("y")
	tm.WaitText("reply-after-write")
	if b, _ := os.ReadFile(filepath.Join(proj, "notes.txt")); string(b) != "overwritten\n" {
		t.Fatalf("notes.txt: %q", b)
	}
	tm.Line("/undo list")
	tm.WaitText("write_file notes.txt")
	tm.Line("/undo")
	tm.WaitText("restored 1 file in notes.txt as they were before write_file notes.txt")
	if b, _ := os.ReadFile(filepath.Join(proj, "notes.txt")); string(b) != "mine\n" {
		t.Fatalf("notes.txt after /undo: %q", b)
	}
}

// A file named with an escape sequence shows as text in the completion
// menu; the terminal never receives the sequence.
func TestCompletionShowsEscapesAsText(t *testing.T) {
	tm, home := start(t, nil)
	for _, n := range []string{"evil\x1b[2J\x1b[31mred", "evil-plain"} {
		if err := os.WriteFile(filepath.Join(home, n), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tm.Type("ls evi\t")
	tm.WaitText(`evil\e[2J\e[31mred`)
	tm.WaitText("evil-plain")
}
