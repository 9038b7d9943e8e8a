package correct

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/lacy-sh/lacy/defaults"
	"github.com/lacy-sh/lacy/internal/lazy"
)

// errorCues are words of an error message about a name; a name rule
// needs one in the output before it looks further.
var errorCues = []string{"not found", "no such", "unknown", "invalid", "did not match", "not something", "does not appear",
	"no rule", "missing", "unrecognized", "bad ", "ambiguous", "unexpected", "does not exist", "doesn't exist", "not a valid",
	"couldn't find", "could not find", "is not a", "no match"}

func hasErrorCue(out string) bool {
	low := strings.ToLower(out)
	for _, c := range errorCues {
		if strings.Contains(low, c) {
			return true
		}
	}
	return false
}

// subcommandErrRe is a program saying it has no such (sub)command.
var subcommandErrRe = lazy.Regexp{Expr: `(?i)(?:unknown|no such|invalid|unrecognized) (?:sub)?command|is not an? \S+ command|invalid choice|unknown verb|command verb`}

// nameKinds returns the kinds of names that argument i of the line can
// be, best first, and whether it is the program's subcommand: the first
// row of defaults/correct/name-kinds.tsv that matches it.
func nameKinds(l Line, i int) (kinds []string, isSub bool) {
	prog := l.Program()
	sub, si := l.Sub("-C", "-c", "-f", "--file", "--prefix", "-w", "--workspace")
	rows, ok := nameKindTable.Get()[prog]
	if !ok {
		return nil, i == si
	}
	for _, r := range rows {
		if r.subs != nil && !r.subs[sub] {
			continue
		}
		switch {
		case r.word == wordSub && i != si:
			continue
		case r.word >= 0 && positional(l, si, i) != r.word:
			continue
		}
		return r.kinds, r.isSub
	}
	return nil, false
}

// The word column of name-kinds.tsv, besides an operand's position.
const (
	wordAny = -1 // *
	wordSub = -2 // sub
)

// nameKindRow is one row of defaults/correct/name-kinds.tsv.
type nameKindRow struct {
	subs  map[string]bool // nil: any subcommand
	word  int             // operand position after the subcommand, or wordAny, wordSub
	kinds []string
	isSub bool
}

// nameKindTable is defaults/correct/name-kinds.tsv by program; a broken
// table is a build mistake, caught by the tests.
var nameKindTable = lazy.Value[map[string][]nameKindRow]{New: func() map[string][]nameKindRow {
	t := map[string][]nameKindRow{}
	for n, line := range strings.Split(string(defaults.Read("correct/name-kinds.tsv")), "\n") {
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 5 {
			panic(fmt.Sprintf("defaults/correct/name-kinds.tsv:%d: want 5 columns, got %d", n+1, len(f)))
		}
		r := nameKindRow{word: wordAny, isSub: f[4] == "yes"}
		if f[1] != "*" {
			r.subs = map[string]bool{}
			for _, s := range strings.Split(f[1], ",") {
				r.subs[s] = true
			}
		}
		switch f[2] {
		case "*":
		case "sub":
			r.word = wordSub
		default:
			w, err := strconv.Atoi(f[2])
			if err != nil || w < 0 {
				panic(fmt.Sprintf("defaults/correct/name-kinds.tsv:%d: word %q", n+1, f[2]))
			}
			r.word = w
		}
		if f[3] != "-" {
			r.kinds = strings.Split(f[3], ",")
		}
		for _, p := range strings.Split(f[0], ",") {
			t[p] = append(t[p], r)
		}
	}
	return t
}}

// positional is the number of non-flag arguments between the subcommand
// at si and word i.
func positional(l Line, si, i int) int {
	n := 0
	for j := si + 1; j < i && j < len(l.Words); j++ {
		if !strings.HasPrefix(l.Words[j].Text, "-") {
			n++
		}
	}
	return n
}

// mentioned reports whether the output names w as a token (quotes,
// blanks, colons or dots around it): "'tset'", "invalid reference:
// devlop", "'devlop..main'".
func mentioned(out, w string) bool {
	if w == "" {
		return false
	}
	for i := 0; ; {
		j := strings.Index(out[i:], w)
		if j < 0 {
			return false
		}
		j += i
		end := j + len(w)
		if (j == 0 || !tokenByte(out[j-1])) && (end == len(out) || !tokenByte(out[end])) {
			return true
		}
		i = j + 1
	}
}

func tokenByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '/' || c >= 0x80
}

// nameTypo fixes a mistyped name that the program said it does not know:
// a branch, tag or remote of the repository (git switch devlop →
// develop, git push orgin main → origin), a make target, an npm script,
// or the subcommand of a program whose subcommands lacy learned (docker
// imgaes → images). The candidates are the names that exist; the nearest
// one within the edit budget wins (keyboard neighbours break ties), and
// nothing is offered when none is close.
func nameTypo(f *Failure, l Line, k *Knowledge) []string {
	if k.Names == nil && k.Options == nil || f.Output == "" || !hasErrorCue(f.Output) {
		return nil
	}
	prog := l.Program()
	if prog == "" || strings.Contains(prog, "/") {
		return nil
	}
	for i, w := range l.Args() {
		i += l.Prog + 1
		t := w.Text
		if t == "" || strings.HasPrefix(t, "-") || strings.ContainsAny(t, "=$*?") {
			continue
		}
		kinds, isSub := nameKinds(l, i)
		for _, piece := range revPieces(t) {
			if !mentioned(f.Output, piece) {
				continue
			}
			cands := nameCandidates(f, l, k, kinds, isSub)
			if len(cands) == 0 || contains(cands, piece) {
				continue
			}
			m := Closest(piece, cands, MaxEdits(len(piece)), nil)
			if len(m) == 0 || len(m) > 1 && ambiguous(piece, m) {
				continue
			}
			return []string{l.Replace(i, Quote(strings.Replace(t, piece, m[0].Word, 1)))}
		}
	}
	return nil
}

// revPieces splits a revision range (a..b, a...b) into its names; any
// other word is its own piece.
func revPieces(t string) []string {
	if !strings.Contains(t, "..") {
		return []string{t}
	}
	var out []string
	for _, p := range strings.Split(strings.ReplaceAll(t, "...", ".."), "..") {
		if p != "" {
			out = append(out, p)
		}
	}
	return out
}

// nameCandidates gathers the names of the kinds given (and the
// subcommands, for a subcommand).
func nameCandidates(f *Failure, l Line, k *Knowledge, kinds []string, isSub bool) []string {
	var out []string
	if k.Names != nil {
		for _, kind := range kinds {
			out = append(out, k.Names(f.Cwd, kind)...)
		}
	}
	if len(kinds) == 0 && !isSub && k.Options != nil {
		// The subcommand of a subcommand (git stash poop): what lacy
		// learned of the first one.
		sub, _ := l.Sub("-C", "-c")
		if _, subs, ok := k.Options(l.Program(), ""); ok && sub != "" && contains(subs, sub) {
			if _, subsubs, ok := k.Options(l.Program(), sub); ok {
				out = append(out, subsubs...)
			}
		}
	}
	if isSub && k.Options != nil && l.Program() != "git" {
		if _, subs, ok := k.Options(l.Program(), ""); ok {
			out = append(out, subs...)
		} else if k.Missing != nil && subcommandErrRe.Get().MatchString(f.Output) {
			// Only a program that said it has no such command is asked
			// for its commands: it parses its arguments, so its --help is
			// safe to run (a script that does not may act on it).
			k.Missing(l.Program(), "")
		}
	}
	return out
}

// ambiguous reports whether the two best matches are equally good: same
// edits, and neither is a keyboard slip or a swap where the other is not.
func ambiguous(typed string, m []Match) bool {
	a, b := m[0], m[1]
	if a.Edits != b.Edits {
		return false
	}
	if slips(typed, a.Word) != slips(typed, b.Word) || anagram(typed, a.Word) != anagram(typed, b.Word) {
		return false
	}
	return typed[0] == a.Word[0] == (typed[0] == b.Word[0])
}
