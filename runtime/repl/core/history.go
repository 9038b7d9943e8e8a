package core

import (
	"fmt"
	"path"
	"strings"
	"time"

	"github.com/lacy-sh/lacy/runtime/history"
)

// histState is the session's view of the history.
type histState struct {
	start  int  // entries before it were cleared by history -c
	skipMe bool // history -s replaced the line that ran it (not recorded)

	running   string // the line being run (histline.go)
	runningOn bool   // running is in the history list, as bash would have it
	histCmd   int    // $HISTCMD as last set
}

// HistStart is the index of the first history entry this session shows:
// those before it were cleared by `history -c`.
func (c *Core) HistStart() int { return c.hist.start }

// SetHistStart hides the entries before start (`history -c`; 0 shows them
// all again).
func (c *Core) SetHistStart(start int) { c.hist.start = start }

// SkipThisLine keeps the line that runs now out of the history (`history
// -s` replaced it; `history -c` clears it too, as bash does).
func (c *Core) SkipThisLine() { c.hist.skipMe = true }

// recordHistory appends the line to the history file with its status.
func (c *Core) recordHistory(line string, status int, start time.Time, dur time.Duration) {
	if c.Hist == nil || c.skipHistory(line) || c.IsPrivate(line) {
		return
	}
	c.eraseDups(line)
	err := c.Hist.Append(history.Entry{Command: line, Time: start, Cwd: c.Sh.Dir(), Exit: status, Duration: dur})
	if err != nil && !c.histFailed {
		// Said once: a full disk must not print on every Enter.
		c.histFailed = true
		fmt.Fprintf(c.IO.ErrOut, "lacy: history: %s: %v\n", c.Hist.Path(), RootCause(err))
	}
}

// HistoryEvent is the history for !! and friends: the command n back, or
// numbered -n (as `history` numbers them) when n is negative.
func (c *Core) HistoryEvent(n int) (string, bool) {
	if c.Hist == nil {
		return "", false
	}
	if n < 0 {
		if i := -n - 1; i < c.Hist.Len() {
			return c.Hist.At(i).Command, true
		}
		return "", false
	}
	for _, e := range c.Hist.Backward() {
		if n--; n == 0 {
			return e.Command, true
		}
	}
	return "", false
}

// skipHistory reports whether a line that ran stays out of the history:
// HISTIGNORE matches it, or it ran `history -s`, which replaced it.
func (c *Core) skipHistory(line string) bool {
	if c.hist.skipMe {
		c.hist.skipMe = false
		return true
	}
	return histIgnored(line, c.Sh.Getenv("HISTIGNORE"), c.Sh.Getenv("HISTCONTROL"))
}

// histIgnored applies HISTIGNORE (colon-separated patterns matching the
// whole line, & the previous line is not tracked) and HISTCONTROL's
// ignorespace (lacy always ignores lines starting with a space, and
// duplicates of the previous line).
func histIgnored(line, ignore, control string) bool {
	if ignore == "" {
		return false
	}
	_ = control
	for _, pat := range splitPatterns(ignore) {
		if pat == "" || pat == "&" {
			continue
		}
		if ok, err := path.Match(pat, line); err == nil && ok {
			return true
		}
		// path.Match stops * at '/'; commands have slashes.
		if strings.Contains(pat, "*") && globLine(pat, line) {
			return true
		}
	}
	return false
}

// splitPatterns splits HISTIGNORE at colons not preceded by a backslash.
func splitPatterns(s string) []string {
	var out []string
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\\' && i+1 < len(s) && s[i+1] == ':':
			b.WriteByte(':')
			i++
		case s[i] == ':':
			out = append(out, b.String())
			b.Reset()
		default:
			b.WriteByte(s[i])
		}
	}
	return append(out, b.String())
}

// globLine matches a pattern of literals, * and ? against the whole line,
// '/' included, in linear time (the classic backtrack-to-last-star walk).
func globLine(pat, s string) bool {
	p, i, star, mark := 0, 0, -1, 0
	for i < len(s) {
		switch {
		case p < len(pat) && (pat[p] == '?' || pat[p] == s[i]):
			p++
			i++
		case p < len(pat) && pat[p] == '*':
			star, mark = p, i
			p++
		case star >= 0:
			p = star + 1
			mark++
			i = mark
		default:
			return false
		}
	}
	for p < len(pat) && pat[p] == '*' {
		p++
	}
	return p == len(pat)
}
