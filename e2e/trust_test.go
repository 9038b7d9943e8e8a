package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/lacy-sh/lacy/agents/llmtest"
	"github.com/lacy-sh/lacy/internal/ptytest"
	"github.com/lacy-sh/lacy/runtime/complete"
)

// Issue 18 (terminal trust, round 2): nothing a user types or owns is
// taken. Each test here failed before its fix.

// A pasted snippet that begins with a comment or a shebang is shell code:
// it runs, and nothing of it reaches a model (issue 18, item 8).
func TestPastedScriptWithCommentRunsInTheShell(t *testing.T) {
	srv := llmtest.New(t)
	tm, _ := start(t, agentConfig(srv))
	tm.Type("\x1b[200~# show the sum\necho pasted-$((2+3))\n\x1b[201~")
	tm.WaitText("echo pasted-$((2+3))")
	tm.Type("\r")
	tm.WaitText("\npasted-5\n")
	tm.Type("\x1b[200~#!/bin/bash\necho shebang-$((3+4))\x1b[201~")
	tm.WaitText("echo shebang-$((3+4))")
	tm.Type("\r")
	tm.WaitText("\nshebang-7\n")
	tm.Line("echo done-$((1+1))")
	tm.WaitText("\ndone-2\n")
	if n := len(srv.Requests()); n != 0 {
		t.Fatalf("%d requests reached the model; the pastes were shell code", n)
	}
}

// A SIGINT that reaches lacy while it waits at the prompt does not abort
// the next command line (issue 18, item 7).
func TestStraySigintAtIdleKeepsTheNextLine(t *testing.T) {
	tm, _ := start(t, nil)
	tm.Line("echo ready-$((1+1))")
	tm.WaitText("\nready-2\n")
	if err := tm.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	tm.WaitSignalsTaken()
	tm.Line("sleep 0.2; echo after-$((2+2))")
	tm.WaitText("\nafter-4\n")
}

// lateFailSession has `late`, a command that fails after a moment, and a
// rule whose fix prints FIXRAN-42 when it runs.
func lateFailSession(t *testing.T) *ptytest.Term {
	t.Helper()
	tm, _ := startWithPath(t, map[string]string{
		"bin/late": "#!/bin/sh\nsleep 0.3\necho 'late: failed' >&2\nexit 1\n",
		".lacyrc.lua": `
local lacy = require("lacy")
lacy.rule("late", { match = function(f) return f.command == "late" end, fix = function() return "echo FIXRAN-$((6*7))" end })
`,
	})
	return tm
}

// Type-ahead is never taken by the fix line: keys typed before it is drawn
// belong to the next prompt, as typed (issue 18, item 1).
func TestTypeAheadIsNeverTakenByTheFixLine(t *testing.T) {
	t.Run("enter-enter in one burst", func(t *testing.T) {
		tm := lateFailSession(t)
		tm.Type("late\r\r")
		tm.WaitCount("▌", 3) // the first prompt, late's, and the empty line's
		tm.Line("echo next-$((1+1))")
		tm.WaitText("\nnext-2\n")
		if s := tm.Screen(); strings.Contains(s, "FIXRAN-42") {
			t.Fatalf("a typed-ahead Enter ran the fix:\n%s", s)
		}
	})
	t.Run("a line typed while the command runs", func(t *testing.T) {
		tm := lateFailSession(t)
		tm.Type("late\r")
		tm.WaitText("▌ late")
		tm.Type("echo ahead-$((2+3))\r") // starts with e: [e] edit
		tm.WaitText("\nahead-5\n")
		if s := tm.Screen(); strings.Contains(s, "FIXRAN-42") || strings.Contains(s, "(edit)") || strings.Contains(s, "$((6*7))echo") {
			t.Fatalf("typed-ahead keys answered the fix line:\n%s", s)
		}
	})
	t.Run("a key after the line is drawn answers it", func(t *testing.T) {
		tm := lateFailSession(t)
		tm.Type("late\r")
		tm.WaitText("[Enter] run")
		tm.Type("\r")
		tm.WaitText("\nFIXRAN-42\n")
	})
}

// slowGitSession has a git on PATH that logs each run to ~/git.log and
// never answers `status` (it logs TERM when it gets SIGTERM); `git hold`
// runs until ~/release exists. The agent is a loopback model and lacy's
// git reads have a 300 ms limit.
func slowGitSession(t *testing.T, srv *llmtest.Server) (*ptytest.Term, string) {
	t.Helper()
	return startWithPath(t, map[string]string{
		"bin/git": `#!/bin/sh
echo "args=$* locks=${GIT_OPTIONAL_LOCKS-unset}" >> "$HOME/git.log"
case "$*" in
*hold*) while [ ! -e "$HOME/release" ]; do sleep 0.05; done; exit 0 ;;
esac
trap 'echo TERM >> "$HOME/git.log"; exit 143' TERM
while :; do sleep 0.05; done
`,
		".lacyrc.lua": `
local lacy = require("lacy")
lacy.model("fake", { provider = "openai", model = "m1", base_url = "` + srv.BaseURL(llmtest.OpenAI) + `", api_key = "sk-test" })
lacy.config({ models = { agent = "fake" }, git = { timeout_ms = 300 } })
`,
	})
}

// waitFile waits until the file at path contains want.
func waitFile(t *testing.T, path, want string) string {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		b, _ := os.ReadFile(path)
		if strings.Contains(string(b), want) {
			return string(b)
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s never held %q: %q", path, want, b)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// lacy's git reads (the agent's context) run with optional locks off, and
// a slow one gets SIGTERM, never SIGKILL: git then removes its index.lock
// (issue 18, item 2).
func TestSlowGitIsTerminatedNotKilled(t *testing.T) {
	srv := llmtest.New(t)
	srv.Push(llmtest.Reply{Text: "agent-" + "answered"})
	tm, home := slowGitSession(t, srv)
	tm.Line("@hello there")
	tm.WaitText("agent-answered")
	log := waitFile(t, filepath.Join(home, "git.log"), "TERM")
	if !strings.Contains(log, "status") || !strings.Contains(log, "locks=0") || strings.Contains(log, "locks=unset") {
		t.Fatalf("git ran with optional locks on: %q", log)
	}
}

// While the user's own git runs (here a background job), lacy starts no
// git of its own: the agent's context makes do without it (issue 18,
// item 2).
func TestNoGitBesideTheUsersGit(t *testing.T) {
	srv := llmtest.New(t)
	srv.Push(llmtest.Reply{Text: "agent-" + "answered"})
	tm, home := slowGitSession(t, srv)
	tm.Line("git hold &")
	waitFile(t, filepath.Join(home, "git.log"), "hold")
	tm.Line("@hello there")
	tm.WaitText("agent-answered")
	if b, _ := os.ReadFile(filepath.Join(home, "git.log")); strings.Contains(string(b), "status") {
		t.Fatalf("lacy ran git while the user's git ran: %q", b)
	}
	if err := os.WriteFile(filepath.Join(home, "release"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
}

// predictSession is a session whose predict role is the loopback model,
// asked after a pause of 100 ms.
func predictSession(t *testing.T, srv *llmtest.Server) *ptytest.Term {
	t.Helper()
	tm, _ := start(t, map[string]string{".lacyrc.lua": `
local lacy = require("lacy")
lacy.model("fake", { provider = "openai", model = "m1", base_url = "` + srv.BaseURL(llmtest.OpenAI) + `", api_key = "sk-test" })
lacy.config({ models = { predict = "fake" }, predict = { delay_ms = 100 } })
`})
	return tm
}

// pause is the user stopping to think, three times the prediction delay:
// part of the scenario, not a synchronisation.
const pause = 300 * time.Millisecond

// The predict model is asked only about shell lines being typed: never a
// /command, ? request, @ or # request, ! line, a line the agent gets, nor
// the line just run (issue 18, item 9).
func TestModelPredictionOnlyForShellLines(t *testing.T) {
	srv := llmtest.New(t)
	tm := predictSession(t, srv)
	for _, typed := range []string{"/mode sh", "? list the big fil", "@why is the bui", "#explain th", "!ech", "what is using port 8080 on this machi"} {
		tm.Type(typed)
		tm.WaitText("▌ " + typed)
		time.Sleep(pause)
		tm.Type("\x15") // Ctrl-U: the line is dropped, never run
		tm.WaitFor("an empty line", 10*time.Second, func(s string) bool { return !strings.Contains(s, typed) })
	}
	tm.Line("sleep 0.5; echo ran-$((1+1))") // typed in one go: no pause to ask about
	tm.WaitText("\nran-2\n")
	tm.Type("printf %s")
	<-srv.Arrived()
	reqs := srv.Requests()
	if len(reqs) != 1 {
		var asked []string
		for _, r := range reqs {
			asked = append(asked, r.Messages[len(r.Messages)-1].Content)
		}
		t.Fatalf("%d requests, want 1 (for the shell line); asked:\n%s", len(reqs), strings.Join(asked, "\n---\n"))
	}
	if m := reqs[0].Messages; !strings.Contains(m[len(m)-1].Content, "printf %s") {
		t.Fatalf("the request was not about the shell line: %+v", m)
	}
}

// TestModelPredictionRate measures how often the predict model is asked
// while a person types: keys 40 ms apart, a pause after each word (three
// times the 100 ms prediction delay), shell lines and other lines mixed.
// Each pause inside a shell line may ask once; nothing else does. The rate
// (requests per hour of typing) is logged and documented in
// docs/prediction.md.
func TestModelPredictionRate(t *testing.T) {
	srv := llmtest.New(t)
	tm := predictSession(t, srv)
	lines := []struct {
		words []string
		shell bool
	}{
		{[]string{"kubectl ", "get ", "pods ", "-n ", "kube-system"}, true},
		{[]string{"why ", "does ", "my ", "build ", "fail"}, false},
		{[]string{"/mode ", "auto"}, false},
		{[]string{"docker ", "compose ", "up ", "-d"}, true},
		{[]string{"? ", "find ", "big ", "files"}, false},
		{[]string{"rsync ", "-av ", "src/ ", "backup/"}, true},
	}
	begin := time.Now()
	shellPauses := 0
	for _, l := range lines {
		typed := ""
		for _, w := range l.words {
			for _, r := range w {
				tm.Type(string(r))
				time.Sleep(40 * time.Millisecond)
			}
			typed += w
			tm.WaitText("▌ " + strings.TrimRight(typed, " "))
			time.Sleep(pause)
			if l.shell {
				shellPauses++
			}
		}
		tm.Type("\x15")
		tm.WaitFor("an empty line", 10*time.Second, func(s string) bool { return !strings.Contains(s, typed) })
	}
	typing := time.Since(begin)
	reqs := srv.Requests()
	n := len(reqs)
	perHour := float64(n) / typing.Hours()
	t.Logf("model prediction: %d requests in %v of typing (%d pauses in shell lines): %.0f requests per hour of typing", n, typing.Round(time.Millisecond), shellPauses, perHour)
	// On a busy machine the keys themselves may come slower than the
	// delay, so the count may exceed the pauses; what must hold whatever
	// the machine: only shell lines are asked about, each text once.
	seen := map[string]bool{}
	for _, r := range reqs {
		c := r.Messages[len(r.Messages)-1].Content
		for _, other := range []string{"why does", "/mode", "? find", "find big"} {
			if strings.Contains(c, other) {
				t.Errorf("the model was asked about a line that is not a shell command: %q", c)
			}
		}
		if seen[c] {
			t.Errorf("the model was asked twice about the same text: %q", c)
		}
		seen[c] = true
	}
	if n == 0 {
		t.Error("no request at all: the scenario did not pause in a shell line")
	}
}

// stdout and stderr keep their order, from builtins and programs alike, as
// in bash in the same terminal; programs still see a terminal on both, and
// a failed command's output still reaches correction (issue 18, item 6).
func TestStdoutAndStderrKeepTheirOrder(t *testing.T) {
	tm, _ := startWithPath(t, map[string]string{
		"bin/interleave": "#!/bin/sh\nfor i in 1 2 3 4; do echo po$i; echo pe$i >&2; done\n",
		"bin/failtwice":  "#!/bin/sh\necho first-out; echo last-err >&2; exit 3\n",
		".lacyrc.lua": `
local lacy = require("lacy")
lacy.on("command_failed", function(ev) print("tail<" .. ev.stderr:gsub("%s+", " ") .. ">") end)
`,
	})
	for round := 0; round < 5; round++ {
		tm.Line("clear; for i in 1 2 3 4; do echo out$i; echo err$i >&2; done")
		tm.WaitText("err4\nlacy ~")
		if s := tm.Screen(); !strings.Contains(s, "out1\nerr1\nout2\nerr2\nout3\nerr3\nout4\nerr4\n") {
			t.Fatalf("builtins' stdout and stderr out of order:\n%s", s)
		}
		tm.Line("clear; interleave")
		tm.WaitText("pe4\nlacy ~")
		if s := tm.Screen(); !strings.Contains(s, "po1\npe1\npo2\npe2\npo3\npe3\npo4\npe4\n") {
			t.Fatalf("a program's stdout and stderr out of order:\n%s", s)
		}
	}
	tm.Line("[ -t 1 ] && [ -t 2 ] && echo both-$((1+1))-terminals")
	tm.WaitText("\nboth-2-terminals\n")
	tm.Line("failtwice")
	tm.WaitText("tail<first-out last-err >")
}

// lacy's spinner never stays on screen after an answer: a slow answer, an
// error answer, a cancelled one (issue 18, item 6).
func TestSpinnerNeverStaysAfterAnAnswer(t *testing.T) {
	srv := llmtest.New(t)
	srv.Push(
		llmtest.Reply{Chunks: []string{"slow ", "answer-one"}, FirstDelay: 400 * time.Millisecond, Delay: 100 * time.Millisecond},
		llmtest.Reply{Status: 500, Error: "boom", FirstDelay: 300 * time.Millisecond},
		llmtest.Reply{Text: "never", FirstDelay: 30 * time.Second},
	)
	tm, _ := start(t, agentConfig(srv))
	tm.Line("@first question please")
	tm.WaitText("thinking…")
	tm.WaitText("slow answer-one")
	tm.WaitCount("▌", 2)
	tm.Line("@second question please")
	tm.WaitText("boom")
	tm.WaitCount("▌", 3)
	tm.Line("@third question please")
	<-srv.Arrived()
	<-srv.Arrived()
	<-srv.Arrived()
	tm.WaitText("thinking…")
	tm.Type("\x03")
	tm.WaitText("(cancelled)")
	tm.WaitCount("▌", 4)
	if s := tm.Screen(); strings.Contains(s, "thinking") {
		t.Fatalf("the spinner stayed on screen:\n%s", s)
	}
}

// Tab waits for a slow completion function while no key is pending, with
// a spinner after 200 ms, instead of listing file names when a budget runs
// out (issue 18, item 13).
func TestTabWaitsForASlowCompletion(t *testing.T) {
	if complete.NewBridge("", "") == nil {
		t.Skip("bash or bash-completion is not installed (make test installs it)")
	}
	rc := `_lacy_slow() { sleep 1.5; COMPREPLY=(slow-choice-one); }
complete -F _lacy_slow slowcmd
`
	tm, _ := start(t, map[string]string{".lacyrc": rc, "file-a": "", "file-b": ""})
	tm.Type("slowcmd \t")
	tm.WaitText("▌ slowcmd slow-choice-one")
	if s := tm.Screen(); strings.Contains(s, "file-a") {
		t.Fatalf("Tab listed file names:\n%s", s)
	}
	if raw := string(tm.Raw()); !strings.Contains(raw, "⠋") {
		t.Fatalf("no spinner while Tab waited")
	}
	tm.WaitFor("the spinner gone", 10*time.Second, func(s string) bool { return !strings.Contains(s, "⠋") && !strings.Contains(s, "⠙") })
}

// A key typed before the tool-permission question is drawn never answers
// it; it goes to the next prompt, as typed (issue 18, item 1).
func TestTypeAheadIsNeverTakenByAToolQuestion(t *testing.T) {
	srv := llmtest.New(t)
	srv.Push(
		llmtest.Reply{ToolCalls: []llmtest.ToolCall{{ID: "c1", Name: "shell", Args: `{"command":"echo tool-ran > proof.txt"}`}}, FirstDelay: time.Second},
		llmtest.Reply{Text: "ok-" + "denied"},
	)
	tm, home := start(t, agentConfig(srv))
	tm.Type("@make the proof file\r")
	tm.WaitText("thinking…") // the model is slow: the user types on
	tm.Type("y")
	tm.WaitText("Allow?  [y] once  [a] this session  ") // [w] once with network where Landlock has network rules
	tm.WaitText("[n] deny")
	tm.Type("n")
	tm.WaitText("ok-denied")
	if _, err := os.Stat(filepath.Join(home, "proof.txt")); err == nil {
		t.Fatal("a key typed before the question allowed the tool")
	}
	tm.WaitText("▌ y") // the typed-ahead key, at the next prompt
}
