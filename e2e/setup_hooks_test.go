package e2e

// Issue 19's hooks and history in bash and in lacy with the same keys: the
// order bash runs a line in (read, added to the history, PS0, the DEBUG trap
// per simple command, the line, PROMPT_COMMAND), which bash-preexec and the
// tools built on it (atuin, mcfly, starship's preexec) depend on.

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/lacy-sh/lacy/internal/ptytest"
)

// preexecRC loads bash-preexec with hooks that print what they see.
const preexecRC = "PS1='$ '\nsource ~/.bash-preexec.sh\n" +
	"preexec() { echo \"PREEXEC<$1>\"; }\nprecmd() { echo \"PRECMD<$?>\"; }\n"

// lineAtPrompt types line once the prompt is drawn: keys typed while a
// hook still runs are echoed by the terminal above the prompt (in bash as
// in lacy), which would change the screen the test compares.
func lineAtPrompt(t *testing.T, tm *ptytest.Term, line string) {
	t.Helper()
	tm.WaitFor("the prompt", 10*time.Second, func(s string) bool {
		s = strings.TrimRight(s, " \n")
		return strings.HasSuffix(s, "$")
	})
	tm.Line(line)
}

func preexecFiles(t *testing.T) map[string]string {
	return map[string]string{".bash-preexec.sh": "@" + filepath.Join(integrations(t), "bash-preexec/bash-preexec.sh")}
}

// TestSetupHooksPreexecOrder: preexec sees the line being run (not the one
// before), once per line, before its output; precmd follows with its
// status; an empty line and a function defined and called on one line
// behave as in bash (no preexec for the prompt's own commands).
func TestSetupHooksPreexecOrder(t *testing.T) {
	inBothShells(t, setupCase{
		files: preexecFiles(t),
		rc:    preexecRC,
		run: func(t *testing.T, tm *ptytest.Term, home string) {
			lineAtPrompt(t, tm, "f() { echo in-f; return 3; }; f")
			waitLine(t, tm, `^PREEXEC<f\(\) \{ echo in-f; return 3; \}; f>\nin-f\nPRECMD<3>$`)
			lineAtPrompt(t, tm, "")
			tm.WaitCount("PRECMD<", 4) // rc, READY, f, the empty line
			lineAtPrompt(t, tm, "echo a | cat; x=1; echo b")
			waitLine(t, tm, `^.*\$\nPRECMD<3>\n.*\$ echo a \| cat; x=1; echo b\nPREEXEC<echo a \| cat; x=1; echo b>\na\nb\nPRECMD<0>$`)
		},
	})
}

// TestSetupHooksHistoryOfRunningLine: `history 1`, $HISTCMD and `fc -ln -1`
// inside a line, as bash: the first two name the line itself, fc the one
// before.
func TestSetupHooksHistoryOfRunningLine(t *testing.T) {
	inBothShells(t, setupCase{
		rc: "PS1='$ '\n",
		run: func(t *testing.T, tm *ptytest.Term, home string) {
			tm.Line("echo first")
			waitLine(t, tm, `^first$`)
			tm.Line(`echo "H=$HISTCMD"; history 1; fc -ln -1`)
			waitLine(t, tm, `^H=3\n    3  echo "H=\$HISTCMD"; history 1; fc -ln -1\n\s+echo first$`)
			tm.Line("history 2")
			waitLine(t, tm, `^    3  echo "H=\$HISTCMD"; history 1; fc -ln -1\n    4  history 2$`)
		},
	})
}

// TestSetupHooksHistControl: erasedups drops earlier copies of a line;
// `history -a` from PROMPT_COMMAND (a common way to share history between
// sessions) is quiet.
func TestSetupHooksHistControl(t *testing.T) {
	inBothShells(t, setupCase{
		rc: "PS1='$ '\nHISTCONTROL=erasedups\nPROMPT_COMMAND='history -a'\n",
		run: func(t *testing.T, tm *ptytest.Term, home string) {
			tm.Line("echo a")
			tm.Line("echo b")
			tm.Line("echo a")
			tm.Line("history")
			waitLine(t, tm, `^    1  echo READY-\$\(\(20\+22\)\)\n    2  echo b\n    3  echo a\n    4  history$`)
		},
	})
}

// TestSetupHooksFzfStarStar: fzf's ** completion runs fzf, which needs the
// terminal: lacy runs that completion function in the session (the bridge
// tells it so) and fzf's pick goes into the line.
func TestSetupHooksFzfStarStar(t *testing.T) {
	if _, err := exec.LookPath("fzf"); err != nil {
		t.Skip("no fzf")
	}
	const script = "/usr/share/bash-completion/completions/fzf"
	if _, err := os.Stat(script); err != nil {
		t.Skip("fzf's completion is not installed")
	}
	inBothShells(t, setupCase{
		files: map[string]string{"dir1/sub/deep-file": "deep\n", "dir1/other.txt": "other\n"},
		rc:    "export FZF_DEFAULT_OPTS='--select-1 --exit-0'\n. " + script + "\n",
		run: func(t *testing.T, tm *ptytest.Term, home string) {
			tm.Type("cat dir1/deep**\t")
			tm.WaitText("cat dir1/sub/deep-file")
			tm.Type("\r")
			waitLine(t, tm, `^deep$`)
		},
	})
}

// TestSetupHooksReadlineVars: the readline variables oh-my-bash and bash-it
// set load quietly and bind -v shows them (one lacy's editor cannot honour
// is said in one `lacy: file:line:` line: TestCheckReadlineVar).
func TestSetupHooksReadlineVars(t *testing.T) {
	inBothShells(t, setupCase{
		rc: "PS1='$ '\nbind \"set completion-ignore-case on\"\nbind \"set show-all-if-ambiguous on\"\nbind \"set mark-symlinked-directories on\"\n",
		run: func(t *testing.T, tm *ptytest.Term, home string) {
			tm.Line(`bind -v | grep -E 'set (completion-ignore-case|show-all-if-ambiguous|mark-symlinked-directories) '`)
			waitLine(t, tm, `^set completion-ignore-case on\nset mark-symlinked-directories on\nset show-all-if-ambiguous on$`)
		},
	})
}

// TestSetupHooksPS2: a line continued on the next (an open `for`) shows
// PS2, rendered with its escapes, before each continued line, as bash.
func TestSetupHooksPS2(t *testing.T) {
	inBothShells(t, setupCase{
		files: map[string]string{".config/lacy/init.lua": `require("lacy").config({ mode = "shell", correct = { enabled = false } })` + "\n"},
		rc:    "PS1='$ '\nPS2='cont\\$ '\n",
		run: func(t *testing.T, tm *ptytest.Term, home string) {
			lineAtPrompt(t, tm, "for i in 1 2")
			tm.WaitText(ps2Want("cont"))
			tm.Line("do echo i=$i")
			tm.Line("done")
			waitLine(t, tm, `^.*\$ for i in 1 2\n`+ps2Re("cont")+` do echo i=\$i\n`+ps2Re("cont")+` done\ni=1\ni=2$`)
		},
	})
}

// ps2Want is PS2 'NAME\$ ' as the screen shows it ($ or # for root).
func ps2Want(name string) string {
	if os.Geteuid() == 0 {
		return name + "#"
	}
	return name + "$"
}

func ps2Re(name string) string { return regexp.QuoteMeta(ps2Want(name)) }

// TestSetupHooksHistoryAppendFile: history -a FILE appends the lines not
// appended yet, the running one included, and -cr FILE (mcfly's) clears
// then reads, as bash.
func TestSetupHooksHistoryAppendFile(t *testing.T) {
	inBothShells(t, setupCase{
		rc: "PS1='$ '\n",
		run: func(t *testing.T, tm *ptytest.Term, home string) {
			tm.Line("echo one")
			tm.Line("history -a ~/h1")
			tm.Line("echo two")
			tm.Line("history -a ~/h1; cat ~/h1; echo CAT-DONE")
			waitLine(t, tm, `^echo READY-\$\(\(20\+22\)\)\necho one\nhistory -a ~/h1\necho two\nhistory -a ~/h1; cat ~/h1; echo CAT-DONE\nCAT-DONE$`)
			tm.Line("history -cr ~/h1; history | wc -l")
			waitLine(t, tm, `^\s*5$`)
		},
	})
}
