package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/lacy-sh/lacy/internal/ptytest"
)

func TestBrokenConfigKeepsTheShellUsable(t *testing.T) {
	tm, _ := start(t, map[string]string{
		".lacyrc.lua": "local lacy = require('lacy')\nlacy.alias('ok1', 'echo fine')\nthis is not lua\n",
	})
	tm.WaitText("lacy: ~/.lacyrc.lua:3:")
	tm.Line("echo still-works")
	tm.WaitText("\nstill-works")
}

func TestLuaPromptHookShowsExitStatus(t *testing.T) {
	tm, _ := start(t, map[string]string{
		".config/lacy/init.lua": `
local lacy = require("lacy")
lacy.prompt(function(ctx) return "[" .. ctx.exit .. "] " .. ctx.mode .. " $ " end)
lacy.on("precmd", function(ev) print("precmd:" .. ev.exit) end)
`,
	})
	tm.WaitText("[0] auto $")
	tm.Line("false")
	tm.WaitText("precmd:1")
	tm.WaitText("[1] auto $")
}

func TestRuntimeErrorInPromptHookFallsBack(t *testing.T) {
	tm, _ := start(t, map[string]string{
		".lacyrc.lua": "require('lacy').prompt(function(ctx) error('boom') end)\n",
	})
	tm.WaitText("lacy: ~/.lacyrc.lua:1:")
	tm.Line("echo next")
	tm.WaitText("\nnext")
	if n := strings.Count(tm.Screen(), "boom"); n != 1 {
		t.Fatalf("the hook error was printed %d times, want once:\n%s", n, tm.Screen())
	}
}

func TestLacyrcAliasesAndFunctions(t *testing.T) {
	tm, _ := start(t, map[string]string{
		".lacyrc":     "alias hi='echo hello-from-alias'\ngreet() { echo \"hey $1\"; }\n",
		".lacyrc.lua": "require('lacy').alias('ll2', 'echo lua-alias')\n",
	})
	tm.Line("hi")
	tm.WaitText("hello-from-alias")
	tm.Line("greet you")
	tm.WaitText("hey you")
	tm.Line("ll2")
	tm.WaitText("lua-alias")
}

func TestHistoryPersistsAcrossSessions(t *testing.T) {
	tm, home := start(t, nil)
	tm.Line("echo first-session-marker")
	tm.WaitText("\nfirst-session-marker")
	tm.Line("exit")
	tm.Wait(5 * time.Second)
	b, err := os.ReadFile(filepath.Join(home, ".local", "state", "lacy", "history"))
	if err != nil || !strings.Contains(string(b), "first-session-marker") {
		t.Fatalf("history file: %v %q", err, b)
	}
	// A new session recalls it with ↑.
	tm2 := restart(t, home)
	tm2.Type("\x1b[A") // exit
	tm2.WaitText("▌ exit")
	tm2.Type("\x1b[A")
	tm2.WaitText("▌ echo first-session-marker")
}

func TestIndicatorColourFollowsTheLine(t *testing.T) {
	tm, _ := start(t, nil)
	tm.Type("git status")
	tm.WaitText("git status")
	g, _ := tm.FindCell("git status")
	tm.Type("\x15") // Ctrl-U
	tm.Type("what files are here")
	tm.WaitText("what files are here")
	w, _ := tm.FindCell("what files")
	if g.FG == w.FG {
		t.Fatalf("shell and agent lines have the same colour %v", g.FG)
	}
	if g.FG != 2 || w.FG != 5 { // ANSI green and magenta
		t.Fatalf("colours: shell %v, agent %v; want 2 (green) and 5 (magenta)", g.FG, w.FG)
	}
}

func TestModeShellSendsEnglishToTheShell(t *testing.T) {
	tm, _ := start(t, nil)
	tm.Line("/mode shell")
	tm.WaitText("lacy:shell")
	tm.Line("what files are here")
	tm.WaitText("what: command not found")
}

func TestGhostTextFromHistory(t *testing.T) {
	tm, _ := start(t, nil)
	tm.Line("echo ghost-text-demo")
	tm.WaitText("\nghost-text-demo")
	tm.Type("echo gh")
	tm.WaitCount("▌ echo ghost-text-demo", 2) // the rest shows as ghost text
	tm.Type("\x1b[C\r")                       // → accepts it
	tm.WaitCount("\nghost-text-demo", 2)
}

func TestSecretsStayOutOfHistory(t *testing.T) {
	tm, home := start(t, nil)
	tm.Line("export OPENAI_API_KEY=sk-proj-abcdefghijklmnopqrstuvwxyz123456")
	tm.Line("echo visible-marker")
	tm.WaitText("\nvisible-marker")
	tm.Line("exit")
	tm.Wait(5 * time.Second)
	b, _ := os.ReadFile(filepath.Join(home, ".local", "state", "lacy", "history"))
	if strings.Contains(string(b), "sk-proj-") || !strings.Contains(string(b), "visible-marker") {
		t.Fatalf("history file:\n%s", b)
	}
	assertNoSecret(t, home, "sk-proj-abcdefghijklmnopqrstuvwxyz123456")
}

// TestLacyrcLikeBashrc: ~/.lacyrc runs statement by statement, as bash runs
// ~/.bashrc: a syntax error on line 3 is reported with the file and line, and
// line 1's alias is kept; bash-only builtins say nothing.
func TestLacyrcLikeBashrc(t *testing.T) {
	tm, _ := start(t, map[string]string{
		".lacyrc": "alias hi='echo hello-from-line-1'\nshopt -s histappend checkwinsize\nif then\n",
	})
	tm.WaitText("lacy: ~/.lacyrc:3: syntax error")
	tm.Line("hi")
	tm.WaitText("hello-from-line-1")
	if strings.Contains(tm.Screen(), "shopt") {
		t.Fatalf("shopt complained:\n%s", tm.Screen())
	}
}

// TestCopiedBashrcIsQuiet: the distribution's default ~/.bashrc and
// ~/.profile, copied to ~/.lacyrc and ~/.profile, run in a login session
// without a single complaint, and what they define is there.
func TestCopiedBashrcIsQuiet(t *testing.T) {
	bashrc, err1 := os.ReadFile("/etc/skel/.bashrc")
	profile, err2 := os.ReadFile("/etc/skel/.profile")
	if err1 != nil || err2 != nil {
		t.Skip("no /etc/skel/.bashrc and .profile here")
	}
	if testing.Short() {
		t.Skip("end-to-end")
	}
	home := t.TempDir()
	for name, data := range map[string][]byte{".lacyrc": bashrc, ".profile": profile, ".bash_aliases": []byte("alias la='ls -A'\n")} {
		if err := os.WriteFile(filepath.Join(home, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tm := ptytest.Start(t, ptytest.Env(home), home, ptytest.Binary(t), "-l")
	before := tm.WaitText("▌")
	tm.Line("echo histsize=$HISTSIZE; type la")
	tm.WaitText("la is aliased to")
	if strings.Contains(before, "lacy:") {
		t.Fatalf("start-up complained:\n%s", before)
	}
}

// TestConfigTypoIsOneLineAndTheRestApplies checks strict config in the
// shell: a misspelt lacy.config key prints one line naming the file, the
// line and the key (with the key meant), and everything else in the file
// still applies, the other keys of the same call included.
func TestConfigTypoIsOneLineAndTheRestApplies(t *testing.T) {
	tm, _ := start(t, map[string]string{
		".config/lacy/init.lua": `local lacy = require("lacy")
lacy.config({ mode = "shell",
  corect = { enabled = false } })
lacy.alias("after-typo", "echo alias-after-typo")
`,
	})
	want := `lacy: ~/.config/lacy/init.lua:2: lacy.config: unknown key "corect" (did you mean "correct"?)`
	tm.WaitText(want)
	tm.Line("after-typo")
	tm.WaitText("alias-after-typo")
	tm.Line("whatever happened here")                    // English, but mode = "shell" applied
	screen := tm.WaitText("whatever: command not found") // so the shell ran it
	if n := strings.Count(screen, "unknown key"); n != 1 {
		t.Fatalf("%d lacy: lines, want one:\n%s", n, screen)
	}
}
