package correct

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// runnable reports whether a fix is a real command: a program it puts in
// place of the line's must be one the session can run (a PATH program,
// builtin, function or alias, a keyword, or a path), and never a
// completion function (`_asdf`, which bash-completion defines in every
// shell that loads it) unless the user typed one. A program the failed
// line names, or the tool's own output names as a word (its advice: "run
// rails db:migrate", Debian's "command 'ipython' from deb ipython3"), and
// sh are let through; so is every fix when the commands are unknown.
func runnable(fix, output string, l Line, k *Knowledge) bool {
	fl := Parse(fix)
	for i := 0; i < len(fl.Words); i++ {
		if i != fl.Prog && !(i > 0 && isOperator(fl.Words[i-1].Text) && !isPrefix(fl.Words[i].Text)) {
			continue
		}
		p := fl.Words[i].Text
		if p == "" || isOperator(p) || isAssign(p) {
			continue
		}
		if strings.HasPrefix(p, "_") && !strings.HasPrefix(l.Program(), "_") {
			return false
		}
		if p == l.Program() || strings.ContainsAny(p, "/$`(") || syntax.IsKeyword(p) || k.Commands == nil && k.Has == nil {
			continue
		}
		if !k.has(p) && !lineHas(l, p) && !named(output, p) && p != "sh" {
			return false
		}
	}
	return true
}

// lineHas reports whether the failed line ran p as a program somewhere
// (a fix may reorder the commands of a pipeline).
func lineHas(l Line, p string) bool {
	for i, w := range l.Words {
		if w.Text == p && (i == l.Prog || i > 0 && (isOperator(l.Words[i-1].Text) || isPrefix(l.Words[i-1].Text))) {
			return true
		}
	}
	return false
}

// named reports whether output has p as a whole word.
func named(output, p string) bool {
	for i := 0; ; {
		j := strings.Index(output[i:], p)
		if j < 0 {
			return false
		}
		j += i
		end := j + len(p)
		if (j == 0 || !wordByte(output[j-1])) && (end == len(output) || !wordByte(output[end])) {
			return true
		}
		i = j + 1
	}
}

func wordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c >= 0x80
}
