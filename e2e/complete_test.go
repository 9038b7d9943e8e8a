package e2e

import (
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/hinshun/vt10x"

	"github.com/lacy-sh/lacy/runtime/complete"
)

// Tab completes arguments through bash-completion: a git subcommand, then
// a branch, then a make target.
func TestTabCompletesThroughBashCompletion(t *testing.T) {
	if complete.NewBridge("", "") == nil {
		t.Skip("bash or bash-completion is not installed (make test installs it)")
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	tm, _ := start(t, map[string]string{"Makefile": "clean:\n\ttrue\nbuild:\n\ttrue\n"})
	tm.Line("git init -q -b main && git -c user.email=t@example.com -c user.name=t commit -q --allow-empty -m init && git branch feature-x && echo repo-ready")
	tm.WaitText("\nrepo-ready\n")
	tm.Type("git chec\t")
	tm.WaitText("▌ git checkout") // the screen drops trailing blanks
	tm.Type("fea\t")              // so this shows the space was inserted
	tm.WaitText("▌ git checkout feature-x")
	tm.Type("\r")
	tm.WaitText("Switched to branch 'feature-x'")
	tm.Type("make cle\t")
	tm.WaitText("▌ make clean")
}

// `complete` lines in ~/.lacyrc, and the functions they name, work as in
// bash.
func TestTabUsesCompleteLinesFromLacyrc(t *testing.T) {
	if complete.NewBridge("", "") == nil {
		t.Skip("bash or bash-completion is not installed (make test installs it)")
	}
	rc := `complete -W 'staging production' deploy
_lacy_rollout() { COMPREPLY=($(compgen -W "canary everywhere" -- "$2")); }
complete -F _lacy_rollout rollout
`
	tm, _ := start(t, map[string]string{".lacyrc": rc})
	tm.Type("deploy pro\t")
	tm.WaitText("▌ deploy production")
	tm.Type("\x15rollout can\t") // Ctrl-U clears the line
	tm.WaitText("▌ rollout canary")
}

// At an empty prompt, the ghost text is the command that most often
// followed the last one; → takes it.
func TestEmptyPromptPredictsTheNextCommand(t *testing.T) {
	tm, _ := start(t, nil)
	for i := range 3 {
		tm.Line("echo step-one")
		tm.WaitCount("\nstep-one\n", i+1)
		tm.Line("echo step-two")
		tm.WaitCount("\nstep-two\n", i+1)
	}
	tm.Line("echo step-one")
	tm.WaitCount("\nstep-one\n", 4)
	tm.WaitText("\nstep-one\nlacy ~ ▌ echo step-two") // the ghost text
	tm.Type("\x1b[C\r")                               // → takes it, Enter runs it
	tm.WaitCount("\nstep-two\n", 4)
}

// ↑ after typed text searches the history for entries starting with it
// (fish); from an empty line it walks every entry.
func TestUpSearchesTheTypedPrefix(t *testing.T) {
	tm, _ := start(t, nil)
	for _, c := range []string{"alpha-1", "beta-1", "alpha-2", "beta-2"} {
		tm.Line("echo " + c)
		tm.WaitText("\n" + c + "\n")
	}
	tm.Type("echo al\x1b[A")
	tm.WaitText("▌ echo alpha-2")
	tm.Type("\x1b[A")
	tm.WaitText("▌ echo alpha-1")
	tm.Type("\r")
	tm.WaitCount("\nalpha-1\n", 2)
	tm.Type("\x1b[A")
	tm.WaitText("▌ echo alpha-1") // the newest entry
	tm.Type("\x1b[A")
	tm.WaitText("▌ echo beta-2") // then the one before, whatever it starts with
}

// lacy.complete completers answer Tab on their command's arguments, with
// descriptions in the menu.
func TestTabUsesLuaCompleters(t *testing.T) {
	rc := `local lacy = require("lacy")
lacy.complete("deploy", function(ctx)
  return { { value = "staging", description = "the test cluster" }, "production", ctx.words[1] .. "-self" }
end)
`
	tm, _ := start(t, map[string]string{".lacyrc.lua": rc})
	tm.Type("deploy st\t")
	tm.WaitText("▌ deploy staging")
	tm.Type("\x15deploy \t")
	tm.WaitText("the test cluster")
	tm.WaitText("deploy-self")
}

// The menu colours files as ls does: directories blue by default.
func TestTabMenuColoursPathsLikeLs(t *testing.T) {
	tm, _ := start(t, map[string]string{"subfile.txt": "x", "subdir/keep": ""})
	tm.Type("cat sub\t")
	tm.WaitText("subfile.txt")
	g, ok := tm.FindCell("subdir/")
	if !ok {
		t.Fatalf("no subdir/ in the menu:\n%s", tm.Screen())
	}
	if g.FG != 4 && g.FG != 12 { // bold blue: some terminals show it bright
		t.Errorf("a directory in the menu should be blue, got %+v", g)
	}
}

// Typing never waits for a slow completion: a key typed while Tab waits
// for bash-completion ends the wait and is echoed at once, not after the
// completion's timeout (a second for a command's first Tab).
func TestTypingDoesNotWaitForASlowCompletion(t *testing.T) {
	if complete.NewBridge("", "") == nil {
		t.Skip("bash or bash-completion is not installed (make test installs it)")
	}
	rc := `_lacy_slow() { sleep 5; COMPREPLY=(never); }
complete -F _lacy_slow slowcmd
`
	tm, _ := start(t, map[string]string{".lacyrc": rc})
	tm.Type("slowcmd \t")
	tm.Type("typed-on")
	start := time.Now()
	tm.WaitText("▌ slowcmd typed-on")
	if took := time.Since(start); took > 700*time.Millisecond {
		t.Fatalf("keys typed after Tab waited %v for the completion", took)
	}
}

// Tab completes ~/… and $HOME/… for commands bash-completion knows, and
// keeps what was typed (issue 18, item 3).
func TestTabCompletesHomePathsThroughBashCompletion(t *testing.T) {
	if complete.NewBridge("", "") == nil {
		t.Skip("bash or bash-completion is not installed (make test installs it)")
	}
	tm, _ := start(t, map[string]string{"projects/.keep": "", "notes/todo.txt": "remember\n"})
	tm.Type("cd ~/pr\t")
	tm.WaitText("▌ cd ~/projects/")
	tm.Type("\x15cat ~/notes/t\t")
	tm.WaitText("▌ cat ~/notes/todo.txt")
	tm.Type("\r")
	tm.WaitText("\nremember\n")
	tm.Type("cd $HOME/pr\t")
	tm.WaitText("▌ cd $HOME/projects/")
	tm.Type("\x15cat $HOME/notes/t\t")
	tm.WaitText("▌ cat $HOME/notes/todo.txt")
}

// The Tab menu shows names as they are, coloured as ls colours them: no
// stray `m` from an SGR sequence wrapped twice (issue 18, item 5).
func TestTabMenuShowsColouredNamesAsTheyAre(t *testing.T) {
	tm, _ := start(t, map[string]string{"alpha-dir/.keep": "", "alpha-file": "", "alpha-run": "", "alpha-zdir/.keep": ""})
	tm.Line("chmod +x alpha-r?n")
	tm.WaitCount("▌", 2)
	tm.Type("ls alp\t")
	tm.WaitText("▌ ls alpha-")
	if !strings.Contains(tm.Screen(), "alpha-file") {
		tm.Type("\t") // the menu (this Tab may also select its first entry)
	}
	s := tm.WaitText("alpha-zdir/")
	if strings.Contains(s, "malpha") || strings.Contains(s, "[01") {
		t.Fatalf("stray SGR text in the menu:\n%s", s)
	}
	for _, name := range []string{"alpha-dir/", "alpha-file", "alpha-run", "alpha-zdir/"} {
		if !strings.Contains(s, name) {
			t.Fatalf("%q missing from the menu:\n%s", name, s)
		}
	}
	raw := string(tm.Raw())
	if strings.Contains(raw, "\x1b[\x1b[") {
		t.Fatalf("an SGR sequence wrapped twice: %q", raw)
	}
	// Directories blue, executables green, as ls shows them (entries a
	// Tab never selects: the first may be).
	for name, fg := range map[string]vt10x.Color{"alpha-zdir/": 4, "alpha-run": 2} {
		g, ok := tm.FindCell(name)
		if !ok {
			t.Fatalf("%q not found", name)
		}
		if g.FG != fg && g.FG != fg+8 {
			t.Errorf("%q drawn in colour %d, want %d; screen:\n%s", name, g.FG, fg, tm.Screen())
		}
	}
}

// A completer's descriptions are laid out in aligned columns, one
// candidate per row (issue 18, item 11).
func TestTabMenuAlignsCompleterDescriptions(t *testing.T) {
	rc := `local lacy = require("lacy")
lacy.complete("deploy", function(ctx)
  return {
    { value = "staging", description = "the test cluster" },
    { value = "production-eu-west", description = "live, Europe" },
    { value = "qa", description = "nightly" },
  }
end)
`
	tm, _ := start(t, map[string]string{".lacyrc.lua": rc})
	tm.Type("deploy \t")
	tm.WaitText("nightly")
	tm.WaitText("the test cluster")
	s := tm.WaitText("live, Europe")
	col := -1
	rows := 0
	for _, line := range strings.Split(s, "\n") {
		for _, d := range []string{"the test cluster", "live, Europe", "nightly"} {
			i := strings.Index(line, d)
			if i < 0 {
				continue
			}
			rows++
			x := len([]rune(line[:i]))
			if col >= 0 && x != col {
				t.Fatalf("descriptions not aligned (%q at column %d, others at %d):\n%s", d, x, col, s)
			}
			col = x
			if strings.Count(line, "--")+strings.Count(line, "(") > 1 {
				t.Fatalf("more than one candidate on a row:\n%s", s)
			}
		}
	}
	if rows != 3 {
		t.Fatalf("want one candidate per row (3 rows), got %d:\n%s", rows, s)
	}
}
