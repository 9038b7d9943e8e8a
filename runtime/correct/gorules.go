package correct

import (
	"path"
	"strings"

	"github.com/lacy-sh/lacy/internal/lazy"
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
		funcRule{"name-typo", 480, nameTypo},
		funcRule{"path-typo", 550, pathTypo},
		funcRule{"option-typo", 560, optionTypo},
		funcRule{"script-in-cwd", 790, scriptInCwd},
		funcRule{"command-typo", 800, commandTypo},
	}
}

// notFoundRe finds the program a shell could not find: bash's "bash:
// gti: command not found", dash's "sh: 1: gti: not found", zsh's
// "command not found: gti", sudo's "sudo: gti: command not found".
var notFoundRe = lazy.Regexp{Expr: `(?m)(?:^|[\s:])([^\s:'"]+): (?:command )?not found\s*$|command not found: (\S+)`}

// missingProgram returns the word of the line naming a program that could
// not be found, or -1.
func missingProgram(f *Failure, l Line) int {
	bad := ""
	if m := notFoundRe.Get().FindStringSubmatch(f.Output); m != nil {
		bad = m[1] + m[2]
	} else if f.Exit == 127 {
		bad = l.Program()
	}
	if bad == "" {
		return -1
	}
	if l.Program() == bad {
		return l.Prog
	}
	// A later command of the line: after |, &&, ; or sudo.
	for i := 1; i < len(l.Words); i++ {
		prev := l.Words[i-1].Text
		if l.Words[i].Text == bad && (isOperator(prev) || isPrefix(prev)) {
			return i
		}
	}
	return -1
}

// commandTypo proposes the runnable names closest to a program that was not
// found: PATH programs, builtins, functions, aliases, weighted by history.
func commandTypo(f *Failure, l Line, k *Knowledge) []string {
	i := missingProgram(f, l)
	if i < 0 || k.Commands == nil {
		return nil
	}
	prog := l.Words[i].Text
	if strings.ContainsAny(prog, "/$=") || k.has(prog) {
		return nil
	}
	max := MaxEdits(len(prog))
	if max == 0 {
		return nil
	}
	var out []string
	// A space left out: ls-la → ls -la, sudoapt → sudo apt.
	if j := strings.IndexByte(prog, '-'); j >= 2 && k.has(prog[:j]) {
		out = append(out, l.Replace(i, prog[:j]+" "+prog[j:]))
	}
	for _, m := range Closest(prog, k.Commands, max, k.Freq) {
		out = append(out, l.Replace(i, m.Word))
		if len(out) == 3 {
			break
		}
	}
	if len(out) == 0 {
		for j := len(prog) - 3; j >= 2; j-- {
			if k.has(prog[:j]) {
				out = append(out, l.Replace(i, prog[:j]+" "+prog[j:]))
				break
			}
		}
	}
	return out
}

// scriptInCwd fixes a script in the current directory run without ./.
func scriptInCwd(f *Failure, l Line, k *Knowledge) []string {
	i := missingProgram(f, l)
	if i < 0 || k.Exists == nil || f.Cwd == "" {
		return nil
	}
	prog := l.Words[i].Text
	if strings.Contains(prog, "/") || !k.Exists(path.Join(f.Cwd, prog)) {
		return nil
	}
	return []string{l.Replace(i, "./"+l.Raw[l.Words[i].Start:l.Words[i].End])}
}

// missingPathRe finds a path a program says does not exist.
var missingPathRe = lazy.Regexp{Expr: `(?m)pathspec '([^']+)' did not match|Cannot find module '(/[^']+)'|(?:^|\s)([^\s:'"]+): Cannot open: No such file|(?:cannot access|cannot open(?: file)?|can't open file|cannot stat|No such file or directory:)\s+['"\x{2018}]([^'"\x{2019}\n]+)['"\x{2019}]|(?:^|\s)([^\s:'"]+): No such file or directory`}

// pathTypo fixes an argument naming a path that does not exist when a
// close one does, component by component: cat /ect/hosts → cat /etc/hosts.
func pathTypo(f *Failure, l Line, k *Knowledge) []string {
	if k.Files == nil || k.Exists == nil || !strings.Contains(f.Output, "o such file") && !strings.Contains(f.Output, "not exist") &&
		!strings.Contains(f.Output, "did not match") && !strings.Contains(f.Output, "Cannot find module") {
		return nil
	}
	missing := map[string]bool{}
	for _, m := range missingPathRe.Get().FindAllStringSubmatch(f.Output, 8) {
		missing[m[1]+m[2]+m[3]+m[4]+m[5]] = true
	}
	first := l.Prog + 1
	if strings.Contains(l.Program(), "/") {
		first = l.Prog // ./scirpt.sh
	}
	for i := first; i < len(l.Words); i++ {
		w := l.Words[i].Text
		if w == "" || strings.HasPrefix(w, "-") || strings.HasPrefix(w, "~") || isOperator(w) {
			continue
		}
		abs := w
		if !strings.HasPrefix(w, "/") {
			abs = path.Join(f.Cwd, w)
		}
		if !missing[w] && !missing[abs] || k.Exists(abs) {
			continue
		}
		fixed, ok := closestPath(f.Cwd, w, k.Files)
		if !ok || fixed == w || !k.Exists(pathAbs(f.Cwd, fixed)) {
			continue
		}
		if strings.HasSuffix(w, "/") && !strings.HasSuffix(fixed, "/") {
			fixed += "/"
		}
		return []string{l.Replace(i, Quote(fixed))}
	}
	return nil
}

func pathAbs(cwd, p string) string {
	if strings.HasPrefix(p, "/") {
		return p
	}
	return path.Join(cwd, p)
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
	if strings.Contains(s, `\`) {
		return nil
	}
	single, double := strings.Count(s, `'`)%2 == 1, strings.Count(s, `"`)%2 == 1
	switch {
	case single && double:
		return []string{strings.ReplaceAll(s, `'`, `"`)}
	case !strings.Contains(f.Output, "unexpected EOF while looking for matching"):
		return nil
	case single:
		return []string{s + `'`}
	case double:
		return []string{s + `"`}
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
	} else if strings.HasPrefix(p, "./") {
		out = "./" + strings.TrimPrefix(out, "./")
	}
	return out, true
}

// badOptRe finds the option a program rejected; longOptRe the long options
// its usage text lists.
var (
	badOptRe  = lazy.Regexp{Expr: "(?i)(?:(?:unknown|unrecognized|invalid|illegal|bad) (?:option|argument|flag)s?(?: --)?:?|flag provided but not defined:)\\s*[`'\u2018\"]?(-{0,2}\\w[\\w-]*)|option [`'\u2018\"](--\\w[\\w-]*)['\u2019\"]? is ambiguous"}
	longOptRe = lazy.Regexp{Expr: `(?:^|[\s,\[|(])--([a-zA-Z][\w-]+)`}
)

// optionTypo fixes a mistyped long option: the nearest option the program
// accepts, from its usage text printed with the error (git rebase
// --contine → --continue), else from what lacy learned of the program
// (the completion bridge's candidates or its --help, per version: ls
// --colour → --color). An option the program does not know yet is asked
// for in the background (Knowledge.Missing), for the next time.
func optionTypo(f *Failure, l Line, k *Knowledge) []string {
	m := badOptRe.Get().FindStringSubmatch(f.Output)
	if m == nil {
		return nil
	}
	bad := strings.TrimLeft(m[1]+m[2], "-")
	at, value := -1, ""
	for i := l.Prog + 1; i < len(l.Words); i++ {
		t := l.Words[i].Text
		if isOperator(t) {
			break
		}
		if !strings.HasPrefix(t, "-") {
			continue
		}
		name, v, hasV := strings.Cut(strings.TrimLeft(t, "-"), "=")
		if name == bad {
			at = i
			if hasV {
				value = "=" + v
			}
			break
		}
	}
	if at < 0 || len(bad) < 2 || !strings.HasPrefix(l.Words[at].Text, "--") {
		return nil
	}
	listed := map[string]bool{}
	for _, c := range longOptRe.Get().FindAllStringSubmatch(f.Output, 400) {
		if c[1] != bad {
			listed[c[1]] = true
		}
	}
	known := knownOptions(l, k)
	cands := make([]string, 0, len(listed)+len(known))
	for c := range listed {
		cands = append(cands, c)
	}
	for _, o := range known {
		name, ok := strings.CutPrefix(o, "--")
		if _, dup := listed[name]; ok && !dup && name != bad {
			listed[name] = false // known, but not printed: no ratio fallback
			cands = append(cands, name)
		}
	}
	if ms := Closest(bad, cands, MaxEdits(len(bad)), nil); len(ms) > 0 && (len(ms) == 1 || !ambiguous(bad, ms)) {
		return []string{l.Replace(at, Quote("--"+ms[0].Word+value))}
	}
	// A longer miss, among what the usage text lists: difflib's ratio
	// (git commit --ammend-all is no edit-distance neighbour of anything).
	best, bestR := "", MinRatio
	for c, printed := range listed {
		if !printed {
			continue
		}
		if r := Ratio(bad, c); r > bestR || r == bestR && c < best {
			best, bestR = c, r
		}
	}
	if best == "" {
		return nil
	}
	return []string{l.Replace(at, Quote("--"+best+value))}
}

// knownOptions returns the options lacy learned for the line's program
// (and its subcommand, when the program has that subcommand), asking for
// them in the background when they are unknown.
func knownOptions(l Line, k *Knowledge) []string {
	if k.Options == nil {
		return nil
	}
	prog := l.Program()
	if prog == "" || strings.Contains(prog, "/") {
		return nil
	}
	opts, subs, ok := k.Options(prog, "")
	if !ok {
		if k.Missing != nil {
			k.Missing(prog, "")
		}
		return nil
	}
	if sub, _ := l.Sub(); sub != "" && contains(subs, sub) {
		so, _, ok := k.Options(prog, sub)
		if !ok {
			if k.Missing != nil {
				k.Missing(prog, sub)
			}
			return opts
		}
		return append(so, opts...)
	}
	return opts
}
