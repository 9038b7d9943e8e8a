package correct

import (
	"path"
	"strings"
)

// funcRule is a rule written in Go.
type funcRule struct {
	name string
	prio int
	fn   func(f *Failure, l Line, k *Knowledge) []string
}

func (r funcRule) Name() string  { return r.name }
func (r funcRule) Priority() int { return r.prio }
func (r funcRule) Fixes(f *Failure, l Line, k *Knowledge) []string {
	return r.fn(f, l, k)
}

// goRules are the rules that need the session's knowledge or a parse the
// data format cannot express.
func goRules() []Rule {
	return []Rule{
		funcRule{"repeated-word", 100, repeatedWord},
		funcRule{"quotes", 110, mismatchedQuotes},
		funcRule{"cd-missing", 450, cdMissing},
		funcRule{"command-typo", 800, commandTypo},
	}
}

// notFound reports whether the failure says the program could not be
// found: status 127 or the shell's own words about it.
func notFound(f *Failure, prog string) bool {
	if f.Exit == 127 {
		return true
	}
	low := strings.ToLower(f.Output)
	p := strings.ToLower(prog)
	return strings.Contains(low, p+": command not found") || strings.Contains(low, "command not found: "+p) ||
		strings.Contains(low, p+": not found") || strings.Contains(low, "unknown command: "+p)
}

// commandTypo proposes the runnable names closest to a program that was not
// found: PATH programs, builtins, functions, aliases, weighted by history.
func commandTypo(f *Failure, l Line, k *Knowledge) []string {
	prog := l.Program()
	if prog == "" || strings.ContainsAny(prog, "/$=") || !notFound(f, prog) {
		return nil
	}
	if k.Commands == nil || k.has(prog) {
		return nil
	}
	max := MaxEdits(len(prog))
	if max == 0 {
		return nil
	}
	var out []string
	for _, m := range Closest(prog, k.Commands, max, k.Freq) {
		out = append(out, l.Replace(l.Prog, m.Word))
		if len(out) == 3 {
			break
		}
	}
	return out
}

// repeatedWord fixes a program typed twice, alone or with its
// subcommand: `git git status`, `git clone git clone URL`.
func repeatedWord(f *Failure, l Line, k *Knowledge) []string {
	w := l.Words
	for n := 1; n <= 2; n++ {
		p := l.Prog
		if p+2*n > len(w) {
			break
		}
		same := true
		for i := 0; i < n; i++ {
			t := w[p+i].Text
			same = same && t == w[p+n+i].Text && !strings.HasPrefix(t, "-") && !isOperator(t)
		}
		if same {
			return []string{l.Raw[:w[p].Start] + l.Raw[w[p+n].Start:]}
		}
	}
	return nil
}

// mismatchedQuotes fixes a string opened with one quote and closed with the
// other: `echo "hello'`.
func mismatchedQuotes(f *Failure, l Line, k *Knowledge) []string {
	s := f.Line
	if strings.Count(s, `'`)%2 == 1 && strings.Count(s, `"`)%2 == 1 && !strings.Contains(s, `\`) {
		return []string{strings.ReplaceAll(s, `'`, `"`)}
	}
	return nil
}

// cdMissing fixes `cd` into a directory that does not exist: the closest
// existing path, component by component, then creating it.
func cdMissing(f *Failure, l Line, k *Knowledge) []string {
	if l.Program() != "cd" {
		return nil
	}
	args := l.Args()
	if len(args) != 1 || strings.HasPrefix(args[0].Text, "-") {
		return nil
	}
	low := strings.ToLower(f.Output)
	if !strings.Contains(low, "no such file or directory") && !strings.Contains(low, "can't cd") && !strings.Contains(low, "not a directory") {
		return nil
	}
	target := args[0].Text
	var out []string
	if k.Entries != nil {
		if fixed, ok := closestPath(f.Cwd, target, k.Entries); ok && fixed != target {
			out = append(out, l.Replace(l.Prog+1, Quote(fixed)))
		}
	}
	if strings.Contains(low, "no such file or directory") {
		q := l.Raw[args[0].Start:args[0].End]
		out = append(out, "mkdir -p "+q+" && "+l.Raw)
	}
	return out
}

// closestPath corrects each component of p to the closest subdirectory
// that exists.
func closestPath(cwd, p string, entries func(string) []string) (string, bool) {
	abs := strings.HasPrefix(p, "/")
	base := cwd
	if abs {
		base = "/"
	}
	parts := strings.Split(strings.Trim(p, "/"), "/")
	for i, part := range parts {
		if part == "" || part == "." || part == ".." || part == "~" {
			if part == ".." {
				base = path.Dir(base)
			}
			continue
		}
		ents := entries(base)
		if !contains(ents, part) {
			m := Closest(part, ents, MaxEdits(len(part)), nil)
			if len(m) == 0 {
				return "", false
			}
			parts[i] = m[0].Word
		}
		base = path.Join(base, parts[i])
	}
	out := strings.Join(parts, "/")
	if abs {
		out = "/" + out
	}
	return out, true
}
