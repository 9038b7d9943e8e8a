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

// translateConfig declares the loopback model as the translate role's.
func translateConfig(srv *llmtest.Server) map[string]string {
	return map[string]string{".lacyrc.lua": `
local lacy = require("lacy")
lacy.model("fake", { provider = "openai", model = "m1", base_url = "` + srv.BaseURL(llmtest.OpenAI) + `" })
lacy.config({ models = { translate = "fake" } })
`}
}

// `? request` puts the command in the buffer without running it; Enter
// runs it; history has the command, not the request; asking again is
// answered from the cache.
func TestTranslatePutsCommandInBuffer(t *testing.T) {
	srv := llmtest.New(t)
	srv.Push(llmtest.Reply{Text: "Here you go:\n```bash\necho translated-ran\n```\nIt prints a word."})
	tm, _ := start(t, translateConfig(srv))
	tm.Line("? print a word")
	tm.WaitText("▌ echo translated-ran")
	if strings.Count(tm.Screen(), "translated-ran") != 1 {
		t.Fatalf("the command ran before Enter:\n%s", tm.Screen())
	}
	tm.Type("\r")
	tm.WaitCount("translated-ran", 2)
	tm.Line("history")
	screen := tm.WaitCount("echo translated-ran", 2)
	if _, listed, _ := strings.Cut(screen, "▌ history"); strings.Contains(listed, "? print") {
		t.Errorf("the ? request went into history:\n%s", screen)
	}
	n := len(srv.Requests())
	tm.Line("? Print a word")
	tm.WaitCount("▌ echo translated-ran", 1)
	if len(srv.Requests()) != n {
		t.Error("asking again called the model")
	}
}

// A destructive proposal carries a warning in the buffer and runs only
// after the word yes.
func TestTranslateDestructiveNeedsYes(t *testing.T) {
	srv := llmtest.New(t)
	srv.Push(llmtest.Reply{Text: "```bash\nrm -rf ./build\n```"})
	tm, home := start(t, translateConfig(srv))
	if err := os.MkdirAll(filepath.Join(home, "build"), 0o755); err != nil {
		t.Fatal(err)
	}
	tm.Line("? delete the build directory")
	tm.WaitText("▌ rm -rf ./build")
	tm.WaitText("⚠ destructive")
	tm.Type("\r")
	tm.WaitText("This needs the word yes")
	tm.Line("no")
	tm.WaitText("not run")
	if !strings.Contains(tm.Screen(), "› no") {
		t.Errorf("typed keys lost:\n%s", tm.Screen())
	}
	if _, err := os.Stat(filepath.Join(home, "build")); err != nil {
		t.Fatal("the directory was removed without yes")
	}
	// Asked again (from the cache), yes runs it.
	tm.Line("? delete the build directory")
	tm.WaitCount("▌ rm -rf ./build", 2)
	tm.Type("\r")
	tm.WaitCount("This needs the word yes", 2)
	tm.Line("yes")
	tm.WaitCount("▌", 5)
	if _, err := os.Stat(filepath.Join(home, "build")); err == nil {
		t.Fatal("yes did not run the command")
	}
}

// Ctrl-C while the model thinks cancels the request and gives the
// `? request` back in the buffer.
func TestTranslateCtrlCRestoresRequest(t *testing.T) {
	srv := llmtest.New(t)
	srv.Push(llmtest.Reply{Text: "```bash\necho late\n```", FirstDelay: time.Minute})
	tm, _ := start(t, translateConfig(srv))
	tm.Line("? something slow")
	<-srv.Arrived()
	tm.WaitText("thinking…")
	tm.Type("\x03")
	tm.WaitText("(cancelled)")
	tm.WaitCount("▌ ? something slow", 3)
	// The request ends a moment after the prompt is back: then the
	// spinner goes, without a key.
	tm.WaitFor("the spinner to go after the cancel", 5*time.Second, func(s string) bool { return !strings.Contains(s, "thinking…") })
}

// Down cycles the alternatives; Ctrl-E at the end of a proposal explains
// it below the line.
func TestTranslateAlternativesAndExplain(t *testing.T) {
	srv := llmtest.New(t)
	srv.Push(llmtest.Reply{Text: "```bash\necho first-alt\necho second-alt\n```"}, llmtest.Reply{Text: "Prints a word: explained-by-model."})
	tm, _ := start(t, translateConfig(srv))
	tm.Line("? print something")
	tm.WaitText("▌ echo first-alt")
	tm.WaitText("1/2")
	tm.Type("\x1b[B")
	tm.WaitText("▌ echo second-alt")
	tm.WaitText("2/2")
	tm.Type("\x05")
	tm.WaitText("explained-by-model")
	tm.Type("\x1b[A")
	tm.WaitText("▌ echo first-alt")
}

// The check, in tmux: `? find files bigger than 100mb` leaves the
// command in the buffer without running it; Enter runs it; history has the
// command and not the request; asking again does not call the model.
func TestTranslateInTmux(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end")
	}
	srv := llmtest.New(t)
	srv.Push(llmtest.Reply{Text: "```bash\nfind . -type f -size +100M\n```"})
	home := t.TempDir()
	for name, content := range translateConfig(srv) {
		if err := os.WriteFile(filepath.Join(home, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tm := ptytest.StartTmux(t, ptytest.Env(home), home, 100, 20, ptytest.Binary(t))
	tm.WaitText("▌")
	tm.Line("? find files bigger than 100mb")
	tm.WaitText("▌ find . -type f -size +100M")
	tm.Line("")
	tm.Line("history")
	screen := tm.WaitText("1  find . -type f -size +100M")
	if _, listed, _ := strings.Cut(screen, "▌ history"); strings.Contains(listed, "? find") {
		t.Errorf("the request went into history:\n%s", screen)
	}
	n := len(srv.Requests())
	tm.Line("? Find files bigger than 100MB")
	tm.WaitFor("the cached command", func(s string) bool { return strings.Count(s, "▌ find . -type f -size +100M") == 2 })
	if len(srv.Requests()) != n {
		t.Error("asking again called the model")
	}
}

// Typing is never blocked while the model thinks; a buffer the user
// changed meanwhile is not replaced by the answer.
func TestTranslateTypingWhileThinking(t *testing.T) {
	srv := llmtest.New(t)
	srv.Push(llmtest.Reply{Text: "```bash\necho ran-unseen\n```", FirstDelay: 300 * time.Millisecond})
	tm, _ := start(t, translateConfig(srv))
	tm.Line("? print something")
	<-srv.Arrived()
	tm.WaitText("thinking…")
	tm.Type("\x15echo typed-meanwhile") // Ctrl-U, then a command of one's own
	tm.WaitText("▌ echo typed-meanwhile")
	tm.WaitFor("the answer", 5*time.Second, func(s string) bool { return !strings.Contains(s, "thinking…") })
	tm.Type("\r")
	screen := tm.WaitText("\ntyped-meanwhile")
	if strings.Contains(screen, "ran-unseen") {
		t.Fatalf("the answer replaced what the user typed:\n%s", screen)
	}
}

// A proposal that still names a missing program after the retry is shown
// with the problem below it.
func TestTranslateShowsProblem(t *testing.T) {
	srv := llmtest.New(t)
	srv.Push(llmtest.Reply{Text: "```bash\nfnd . -size +1M\n```"}, llmtest.Reply{Text: "```bash\nfnd2 . -size +1M\n```"})
	tm, _ := start(t, translateConfig(srv))
	tm.Line("? big files")
	tm.WaitText("▌ fnd2 . -size +1M")
	tm.WaitText("⚠ `fnd2`: not installed here")
	if n := len(srv.Requests()); n != 2 {
		t.Errorf("%d model calls, want 2 (one retry)", n)
	}
}

// A reply with no command in it says so below the request, which stays in
// the buffer.
func TestTranslateNoCommandKeepsRequest(t *testing.T) {
	srv := llmtest.New(t)
	srv.Push(llmtest.Reply{Text: "I'm sorry, I can't help with that."}, llmtest.Reply{Text: "I'm afraid I can't."})
	tm, _ := start(t, translateConfig(srv))
	tm.Line("? make me a sandwich")
	tm.WaitText("has no command in it")
	tm.WaitCount("▌ ? make me a sandwich", 2)
}

// lacy.config{ translate = { prefix = ";;" } } moves the request prefix.
func TestTranslatePrefixFromConfig(t *testing.T) {
	srv := llmtest.New(t)
	srv.Push(llmtest.Reply{Text: "```bash\necho from-prefix\n```"})
	files := translateConfig(srv)
	files[".lacyrc.lua"] += `lacy.config({ translate = { prefix = ";;" } })` + "\n"
	tm, _ := start(t, files)
	tm.Line(";; print a word")
	tm.WaitText("▌ echo from-prefix")
	tm.Type("\r")
	tm.WaitText("\nfrom-prefix\n")
}
