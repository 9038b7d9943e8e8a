package core

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
func (c *Core) beginHistoryLine(line string) {
	if c.Hist == nil {
		return
	}
	c.hist.running = line
	c.hist.runningOn = !histIgnored(line, c.Sh.Getenv("HISTIGNORE"), c.Sh.Getenv("HISTCONTROL")) &&
		!c.histControlDrops(line)
	c.SetHistCmd(c.Hist.Len() + 1)
}

// endHistoryLine forgets the running line (it ran; recordHistory writes it).
func (c *Core) endHistoryLine() {
	c.hist.running, c.hist.runningOn = "", false
}

// RunningLine is the line being run when `history` shows it: not after
// `history -s` or `history -c` replaced it.
func (c *Core) RunningLine() (string, bool) {
	if !c.hist.runningOn || c.hist.skipMe {
		return "", false
	}
	return c.hist.running, true
}

// histControlDrops applies HISTCONTROL's ignorespace and ignoredups (and
// ignoreboth) to the running line as bash does when it adds a line.
func (c *Core) histControlDrops(line string) bool {
	for _, v := range strings.Split(c.Sh.Getenv("HISTCONTROL"), ":") {
		switch v {
		case "ignorespace", "ignoreboth":
			if strings.HasPrefix(line, " ") {
				return true
			}
		}
		switch v {
		case "ignoredups", "ignoreboth":
			if n := c.Hist.Len(); n > c.hist.start && c.Hist.At(n-1).Command == line {
				return true
			}
		}
	}
	return false
}

// SetHistCmd sets $HISTCMD, the history number of the current command.
func (c *Core) SetHistCmd(n int) {
	if c.hist.histCmd == n {
		return
	}
	c.hist.histCmd = n
	c.Sh.SetVars(context.Background(), map[string]string{"HISTCMD": strconv.Itoa(n)})
}

// eraseDups applies HISTCONTROL=erasedups before line is written: earlier
// entries equal to it leave the history (bash removes them from its list).
func (c *Core) eraseDups(line string) {
	if c.Hist == nil || !hasWord(c.Sh.Getenv("HISTCONTROL"), "erasedups") {
		return
	}
	found := false
	for i := c.hist.start; i < c.Hist.Len(); i++ {
		if c.Hist.At(i).Command == line {
			found = true
			break
		}
	}
	if !found {
		return
	}
	start := c.hist.start
	_ = c.Hist.Keep(func(i int, e history.Entry) bool { return i < start || e.Command != line })
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
