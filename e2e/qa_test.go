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
	"github.com/lacy-sh/lacy/internal/ptytest"
)

// Defects found by hands-on QA of the merged issues 18, 23 and 24. Each
// test here failed before its fix.

// A git wrapper that runs a child (here `sleep`) and is itself terminated
// by lacy's time limit leaves that child holding git's output pipe. lacy's
// git read must take the whole process group down and never wait on the
// pipe: the user's next command line waited for the orphan (up to the
// 2 s hold) before it ran, and the orphan outlived the read.
func TestSlowGitWrapperNeverDelaysTheNextCommand(t *testing.T) {
	srv := llmtest.New(t)
	srv.Push(llmtest.Reply{Text: "agent-" + "answered"})
	tm, home := startWithPath(t, map[string]string{
		"bin/git": `#!/bin/sh
case "$*" in
*status*) echo $$ > "$HOME/git.pid"; sleep 1000 ;;
esac
exec /usr/bin/git "$@"
`,
		".lacyrc.lua": `
local lacy = require("lacy")
lacy.model("fake", { provider = "openai", model = "m1", base_url = "` + srv.BaseURL(llmtest.OpenAI) + `", api_key = "sk-test" })
lacy.config({ models = { agent = "fake" }, git = { timeout_ms = 300 } })
`,
	})
	if err := os.Mkdir(filepath.Join(home, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	tm.Line("@hello there")
	tm.WaitText("agent-answered")
	pid, err := strconv.Atoi(strings.TrimSpace(waitFile(t, filepath.Join(home, "git.pid"), "\n")))
	if err != nil {
		t.Fatal(err)
	}
	// The hold lacy puts on its git reads while a command runs waits up to
	// 20 s here (2 s × LACY_TIME_SCALE) for a read that has not ended.
	tm.Line("echo ran-$((2+3))")
	tm.WaitFor("the command to run at once", 10*time.Second, func(s string) bool { return strings.Contains(s, "\nran-5\n") })
	deadline := time.Now().Add(10 * time.Second)
	for syscall.Kill(-pid, 0) == nil {
		if time.Now().After(deadline) {
			t.Fatalf("the git read's process group %d outlived it", pid)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// Esc answering a one-key question, with the next command typed straight
// after it (arriving in the same read, as over ssh or on a busy machine):
// Esc dismisses and every key after it is the next prompt's. The whole
// read was taken as one "escape sequence" and handed to the line editor,
// which read ESC c as Alt-C: the c was lost and `lear` ran.
func TestEscThenTypingKeepsEveryKey(t *testing.T) {
	tm, _ := fixSession(t, llmtest.New(t), nil)
	tm.Line("frobnicaet three")
	tm.WaitText("[Esc] dismiss")
	tm.Type("\x1becho esc-then-$((3+4))\r")
	tm.WaitText("(dismissed)")
	tm.WaitText("\nesc-then-7\n")
}

// `time` reports the CPU time a line took, as bash's does: mvdan/sh's
// printed user and sys as zeros, whatever ran.
func TestTimeReportsCPUTime(t *testing.T) {
	tm, _ := start(t, nil)
	tm.Line(`time sh -c 'i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done'`)
	// The screen shows the tabs as spaces.
	s := tm.WaitFor("the times", 30*time.Second, func(s string) bool { return strings.Contains(s, "\nsys ") })
	var user string
	for _, line := range strings.Split(s, "\n") {
		if f := strings.Fields(line); len(f) == 2 && f[0] == "user" {
			user = f[1]
		}
	}
	if user == "" || user == "0m0.000s" || !strings.Contains(s, "\nreal ") {
		t.Fatalf("time reported no CPU time:\n%s", s)
	}
	tm.Line("time -p true")
	tm.WaitText("\nreal 0.")
}

// A login shell keeps lacy's own prompt when the system's /etc/profile
// gives shells it does not know (no $BASH) the bare sh prompt, `$ ` or
// `# ` (Debian, Ubuntu): `lacy -l`, or lacy as the login shell, showed
// `▌$ ` with no directory. A PS1 of the user's still wins.
func TestLoginShellKeepsItsPromptOverTheSystemProfiles(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end")
	}
	if b, err := os.ReadFile("/etc/profile"); err != nil || !strings.Contains(string(b), "PS1='$ '") {
		t.Skip("/etc/profile does not set the sh prompt")
	}
	home := t.TempDir()
	tm := ptytest.Start(t, ptytest.Env(home), home, ptytest.Binary(t), "-l")
	tm.WaitText("lacy ~")
	tm.Line("PS1='mine> '")
	tm.WaitText("mine> ")
}

// Asking the model from a fix line that had no fix of its own leaves one
// line, the model's fix: the question's bare `fix:` stayed above it.
func TestModelFixWithoutAnOfflineFixIsOneLine(t *testing.T) {
	srv := llmtest.New(t)
	srv.Push(llmtest.Reply{Text: "```\necho model-fix-two\n```"})
	tm, _ := fixSession(t, srv, nil)
	tm.Line("zqxwv --help")
	tm.WaitText("fix: [a] ask the model")
	tm.Type("a")
	s := tm.WaitText("model-fix-two   [Enter] run")
	if strings.Count(s, "fix:") != 1 {
		t.Fatalf("the model's fix is not one line:\n%s", s)
	}
	tm.Type("\r")
	tm.WaitText("\nmodel-fix-two\n")
}

// A key typed while Tab waits for a slow completion function ends the wait
// and is typed, and nothing else happens: file names the function never
// offered were listed instead, a stale menu under the line.
func TestKeyDuringSlowCompletionShowsNoFileList(t *testing.T) {
	tm, home := start(t, map[string]string{
		".lacyrc": `_slowc() { : > "$HOME/started"; sleep 5; COMPREPLY=( $(compgen -W "beta-one beta-two" -- "${COMP_WORDS[COMP_CWORD]}") ); }
complete -F _slowc slowcmd
slowcmd() { echo "slowcmd-ran $*"; }
`,
		"bfile-one": "", "bfile-two": "",
	})
	tm.Type("slowcmd b\t")
	waitFile(t, filepath.Join(home, "started"), "")
	tm.Type("xyz")
	s := tm.WaitText("▌ slowcmd bxyz")
	if strings.Contains(s, "bfile") {
		t.Fatalf("a key during a slow completion listed file names:\n%s", s)
	}
	tm.Type("\r")
	tm.WaitText("\nslowcmd-ran bxyz\n")
}
