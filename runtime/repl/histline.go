package repl

import (
	"context"
	"strconv"
	"strings"

	"github.com/lacy-sh/lacy/runtime/history"
)

// The running line in the history, as bash has it. bash adds a line to its
// history list as soon as it is read, before PS0 and before the line's
// first command (and its DEBUG trap) runs: `history 1` and $HISTCMD inside
// the line name the line itself, which bash-preexec (and so atuin, mcfly,
// starship's preexec) read from the DEBUG trap. lacy writes an entry only
// after the line ran, with its status and duration, so the running line is
// kept aside and shown by `history` as the last entry until it is written.
// fc leaves it out, as bash's fc leaves out the fc line itself.

// beginHistoryLine makes line the running line: `history` lists it (when
// HISTCONTROL and HISTIGNORE would keep it) and $HISTCMD is its number.
func (a *App) beginHistoryLine(line string) {
	if a.hist == nil {
		return
	}
	a.histState.running = line
	a.histState.runningOn = !histIgnored(line, a.sh.Getenv("HISTIGNORE"), a.sh.Getenv("HISTCONTROL")) &&
		!a.histControlDrops(line)
	a.setHistCmd(a.hist.Len() + 1)
}

// endHistoryLine forgets the running line (it ran; recordHistory writes it).
func (a *App) endHistoryLine() {
	a.histState.running, a.histState.runningOn = "", false
}

// runningLine is the line being run when `history` shows it: not after
// `history -s` or `history -c` replaced it.
func (a *App) runningLine() (string, bool) {
	if !a.histState.runningOn || a.histState.skipMe {
		return "", false
	}
	return a.histState.running, true
}

// histControlDrops applies HISTCONTROL's ignorespace and ignoredups (and
// ignoreboth) to the running line as bash does when it adds a line.
func (a *App) histControlDrops(line string) bool {
	for _, v := range strings.Split(a.sh.Getenv("HISTCONTROL"), ":") {
		switch v {
		case "ignorespace", "ignoreboth":
			if strings.HasPrefix(line, " ") {
				return true
			}
		}
		switch v {
		case "ignoredups", "ignoreboth":
			if n := a.hist.Len(); n > a.histState.start && a.hist.At(n-1).Command == line {
				return true
			}
		}
	}
	return false
}

// setHistCmd sets $HISTCMD, the history number of the current command.
func (a *App) setHistCmd(n int) {
	if a.histState.histCmd == n {
		return
	}
	a.histState.histCmd = n
	a.sh.SetVars(context.Background(), map[string]string{"HISTCMD": strconv.Itoa(n)})
}

// eraseDups applies HISTCONTROL=erasedups before line is written: earlier
// entries equal to it leave the history (bash removes them from its list).
func (a *App) eraseDups(line string) {
	if a.hist == nil || !hasWord(a.sh.Getenv("HISTCONTROL"), "erasedups") {
		return
	}
	found := false
	for i := a.histState.start; i < a.hist.Len(); i++ {
		if a.hist.At(i).Command == line {
			found = true
			break
		}
	}
	if !found {
		return
	}
	start := a.histState.start
	_ = a.hist.Keep(func(i int, e history.Entry) bool { return i < start || e.Command != line })
}

// hasWord reports whether the colon-separated list has w.
func hasWord(list, w string) bool {
	for _, v := range strings.Split(list, ":") {
		if v == w {
			return true
		}
	}
	return false
}
