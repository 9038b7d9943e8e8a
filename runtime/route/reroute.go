package route

import (
	"fmt"
	"strings"
)

// rerouteMargin is how far below the agent threshold the model's score may
// be for a failed line to count as English on that ground alone.
const rerouteMargin = -1.5

// ShouldReroute is the post-failure check (auto mode only): line went to the
// shell, exited with exitStatus and left stderrTail (the end of its standard
// error). It reports whether the same line should now go to the agent, with
// the error as context, and a one-line reason to show dimmed. It needs all
// of: auto mode, a failure that is not a signal (1 to 127), a line of two
// words or more that the classifier sent to the shell by its own judgement
// (not !cmd, a path, or a lone word), a shell error pattern in the tail
// (defaults/route/errors.txt), and an English signal: the second word is a
// natural-language marker (defaults/words/nl.txt), or the arguments are
// two or more plain words one of which is a marker, or the error is a syntax
// error and the line has four words or more, or the model found the line
// nearly English. It never fires when the line's program is simply missing
// (status 127, "NAME: command not found").
func (c *Classifier) ShouldReroute(line string, mode Mode, exitStatus int, stderrTail string) (bool, string) {
	if mode != ModeAuto || exitStatus <= 0 || exitStatus > 127 {
		return false, ""
	}
	d := c.Classify(line, ModeAuto)
	if d.Route != Shell {
		return false, ""
	}
	switch d.Rule {
	case RuleCommand, RuleKeyword, RuleUnknown, RuleSyntax, RuleFreeText:
	default:
		return false, ""
	}
	pat, ok := c.errorPattern(stderrTail)
	if !ok {
		return false, ""
	}
	var buf [maxTokens]token
	toks := lex(d.Text, buf[:0])
	var words []string
	plain, marker := true, ""
	for _, t := range toks {
		if t.kind != tWord {
			plain = false
			continue
		}
		w := d.Text[t.start:t.end]
		if t.flags&(fQuoted|fDollar|fSubst) == 0 {
			words = append(words, w)
		}
		if len(words) < 2 {
			continue
		}
		if t.flags&^fContraction != 0 || !isAlphaWord(trimPunct(w)) {
			plain = false
		} else if marker == "" && c.lx.nl.has(lower(trimPunct(w))) {
			marker = w
		}
	}
	if len(words) < 2 || programMissing(words, exitStatus, stderrTail) {
		return false, ""
	}
	second := lower(trimPunct(words[1]))
	switch {
	case c.lx.nl.has(second):
		return true, fmt.Sprintf("%q failed with %q and %q reads as English", words[0], pat.text, words[1])
	case plain && marker != "" && len(words) >= 3:
		return true, fmt.Sprintf("%q failed with %q and %q reads as English", words[0], pat.text, marker)
	case pat.parse && len(words) >= 4:
		return true, fmt.Sprintf("%q is a syntax error and the line reads as English", pat.text)
	case d.Rule != RuleSyntax && d.Score > rerouteMargin:
		return true, fmt.Sprintf("%q failed with %q and the line reads nearly as English", words[0], pat.text)
	}
	return false, ""
}

// programMissing reports whether the line failed only because a program
// it names is not installed (status 127, "NAME: command not found"):
// `sudo echo two` without sudo. The classifier already judged such a line
// with the program unknown; the failure says nothing new, and "command not
// found" with the correction serves better than a model.
func programMissing(words []string, exitStatus int, tail string) bool {
	if exitStatus != 127 {
		return false
	}
	for _, l := range strings.Split(tail, "\n") {
		l = strings.TrimSpace(l)
		var name string
		switch {
		case strings.HasSuffix(l, ": command not found"):
			name = strings.TrimSuffix(l, ": command not found")
		case strings.HasSuffix(l, ": not found"): // dash, busybox
			name = strings.TrimSuffix(l, ": not found")
		default:
			continue
		}
		if i := strings.LastIndex(name, ": "); i >= 0 {
			name = name[i+2:] // "lacy: sudo", "bash: line 1: sudo"
		}
		for _, w := range words {
			if w == name {
				return true
			}
		}
	}
	return false
}

// errorPattern returns the first error pattern found in the tail.
func (c *Classifier) errorPattern(tail string) (errPattern, bool) {
	if tail == "" {
		return errPattern{}, false
	}
	lt := strings.ToLower(tail)
	for _, p := range c.lx.errors {
		if strings.Contains(lt, p.text) {
			return p, true
		}
	}
	return errPattern{}, false
}
