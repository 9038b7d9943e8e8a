package stdlib

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lacy-sh/lacy/agents/llmtest"
	"github.com/lacy-sh/lacy/runtime/iostreams"
)

// exampleEnv prepares a run of an example from ../examples: a temporary
// home whose config declares a model on a loopback server, and a working
// directory. It returns the script's path and the server.
func exampleEnv(t *testing.T, name string) (string, *llmtest.Server) {
	t.Helper()
	script, err := filepath.Abs(filepath.Join("..", "examples", name))
	if err != nil {
		t.Fatal(err)
	}
	srv := llmtest.New(t)
	home := isolate(t)
	cfg := filepath.Join(home, ".config", "lacy")
	os.MkdirAll(cfg, 0o777)
	os.WriteFile(filepath.Join(cfg, "init.lua"), []byte(`local lacy = require("lacy")
lacy.model("fake", { provider = "openai", model = "fake-1", base_url = "`+srv.BaseURL(llmtest.OpenAI)+`", api_key = "k" })
lacy.config({ models = { agent = "fake" } })
`), 0o666)
	work := filepath.Join(home, "work")
	os.MkdirAll(work, 0o777)
	t.Chdir(work)
	return script, srv
}

// runExample runs script with args and returns its status and output.
func runExample(t *testing.T, script string, args ...string) (int, string, string) {
	t.Helper()
	ios, out, errOut := iostreams.Test("")
	status := RunScript(ios, append([]string{script}, args...), Deps{Agents: testAgents(t)})
	return status, out.String(), errOut.String()
}

func git(t *testing.T, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com",
		"GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com", "GIT_CONFIG_NOSYSTEM=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return string(out)
}

func TestExampleCommitMessage(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	script, srv := exampleEnv(t, "commit-message.lua")
	git(t, "init", "-q", ".")
	os.WriteFile("hello.txt", []byte("hello\n"), 0o666)

	// (io.stderr:write goes to the process's stderr, not to the test's.)
	if status, _, _ := runExample(t, script); status != 1 {
		t.Fatalf("nothing staged: status %d, want 1", status)
	}

	git(t, "add", "hello.txt")
	srv.Push(llmtest.Reply{Text: "```\nAdd hello.txt\n\nSay hello.\n```"})
	status, stdout, stderr := runExample(t, script)
	if status != 0 || stdout != "Add hello.txt\n\nSay hello.\n" {
		t.Fatalf("status %d, stdout %q, stderr %q", status, stdout, stderr)
	}
	if msgs := srv.Last(t).Messages; !strings.Contains(msgs[len(msgs)-1].Content, "+hello") {
		t.Errorf("the diff was not sent: %q", msgs[len(msgs)-1].Content)
	}

	// --commit without a terminal must not wait for an answer.
	srv.Push(llmtest.Reply{Text: "Add hello.txt"})
	status, _, stderr = runExample(t, script, "--commit")
	if status != 1 || !strings.Contains(stderr, "lacy.ui.confirm: no terminal") {
		t.Errorf("--commit without a tty: status %d, stderr %q", status, stderr)
	}

	t.Setenv("GIT_AUTHOR_NAME", "t")
	t.Setenv("GIT_AUTHOR_EMAIL", "t@example.com")
	t.Setenv("GIT_COMMITTER_NAME", "t")
	t.Setenv("GIT_COMMITTER_EMAIL", "t@example.com")
	srv.Push(llmtest.Reply{Text: "Add hello.txt\n\nSay hello."})
	if status, _, stderr = runExample(t, script, "--commit", "--yes"); status != 0 {
		t.Fatalf("--commit --yes: status %d, stderr %q", status, stderr)
	}
	if got := git(t, "log", "--format=%B", "-1"); got != "Add hello.txt\n\nSay hello.\n\n" {
		t.Errorf("commit message %q", got)
	}
}

func TestExampleExplainFailure(t *testing.T) {
	script, srv := exampleEnv(t, "explain-failure.lua")

	status, stdout, _ := runExample(t, script, "echo", "all good")
	if status != 0 || stdout != "all good\n" || len(srv.Requests()) != 0 {
		t.Fatalf("success: status %d, stdout %q, %d requests", status, stdout, len(srv.Requests()))
	}

	srv.Push(llmtest.Reply{Text: "The file is missing. Create it first."})
	status, stdout, _ = runExample(t, script, "echo building; cat missing.conf; exit 3")
	if status != 3 {
		t.Errorf("status %d, want the command's 3", status)
	}
	if !strings.Contains(stdout, "building\n") || !strings.Contains(stdout, "The file is missing. Create it first.\n") {
		t.Errorf("stdout %q", stdout)
	}
	sent := srv.Last(t).Messages[0].Content
	for _, want := range []string{"exit status 3", "missing.conf: No such file or directory", "building"} {
		if !strings.Contains(sent, want) {
			t.Errorf("the request lacks %q:\n%s", want, sent)
		}
	}

	// A model that fails does not change the status.
	srv.Push(llmtest.Reply{Status: 500, Error: "down"})
	if status, _, _ := runExample(t, script, "exit 4"); status != 4 {
		t.Errorf("model down: status %d, want 4", status)
	}

	if status, _, _ := runExample(t, script); status != 2 {
		t.Errorf("no command: status %d, want 2", status)
	}
}

func TestExampleTidyDownloads(t *testing.T) {
	script, _ := exampleEnv(t, "tidy-downloads.lua")
	dl := filepath.Join(os.Getenv("HOME"), "Downloads")
	os.MkdirAll(filepath.Join(dl, "images"), 0o777)
	for _, f := range []string{"a.PNG", "b.pdf", "c.tar.gz", "notes", ".hidden.png", "images/a.PNG"} {
		os.WriteFile(filepath.Join(dl, f), []byte(f), 0o666)
	}
	os.Mkdir(filepath.Join(dl, "folder.zip"), 0o777) // a directory is left alone

	status, stdout, _ := runExample(t, script, "--dry-run")
	if status != 0 || stdout != "archives/   1: c.tar.gz\ndocuments/  1: b.pdf\nimages/     1: a.PNG\n" {
		t.Fatalf("dry run: status %d, stdout %q", status, stdout)
	}
	status, _, stderr := runExample(t, script)
	if status != 1 || !strings.Contains(stderr, "no terminal") {
		t.Fatalf("without a tty: status %d, stderr %q", status, stderr)
	}
	if status, stdout, stderr = runExample(t, script, dl, "--yes"); status != 0 || !strings.HasSuffix(stdout, "moved 3 files\n") {
		t.Fatalf("--yes: status %d, stdout %q, stderr %q", status, stdout, stderr)
	}
	var got []string
	filepath.WalkDir(dl, func(p string, d os.DirEntry, err error) error {
		if !d.IsDir() {
			rel, _ := filepath.Rel(dl, p)
			got = append(got, rel)
		}
		return nil
	})
	want := []string{".hidden.png", "archives/c.tar.gz", "documents/b.pdf", "images/a (2).PNG", "images/a.PNG", "notes"}
	if !slices.Equal(got, want) {
		t.Errorf("files %q, want %q", got, want)
	}
	if b, _ := os.ReadFile(filepath.Join(dl, "images", "a.PNG")); string(b) != "images/a.PNG" {
		t.Errorf("an existing file was overwritten: %q", b)
	}
}

func TestExampleAgentTool(t *testing.T) {
	script, srv := exampleEnv(t, "agent-tool.lua")
	os.MkdirAll("data/sub", 0o777)
	os.WriteFile("data/small", []byte("x"), 0o666)
	os.WriteFile("data/sub/big", make([]byte, 5000), 0o666)
	srv.Push(
		llmtest.Reply{ToolCalls: []llmtest.ToolCall{{ID: "c1", Name: "largest_files", Args: `{"dir":"data","limit":1}`}}},
		llmtest.Reply{Text: "data/sub/big is the largest."},
	)
	status, stdout, stderr := runExample(t, script, "data")
	if status != 0 || stdout != "data/sub/big is the largest.\n" {
		t.Fatalf("status %d, stdout %q, stderr %q", status, stdout, stderr)
	}
	reqs := srv.Requests()
	if len(reqs) != 2 || !slices.Equal(reqs[0].Tools, []string{"largest_files"}) || !strings.HasPrefix(reqs[0].System, "You help people free disk space.") {
		t.Fatalf("requests %+v", reqs)
	}
	last := reqs[1].Messages[len(reqs[1].Messages)-1]
	if last.Role != "tool" || !strings.Contains(last.Content, "\n"+`[{"path":"data/sub/big","size":5000}]`+"\n</tool-output") {
		t.Errorf("tool result %+v", last)
	}
}
