package correct

import (
	"bufio"
	"fmt"
	"path"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"text/template"

	"github.com/lacy-sh/lacy/defaults"
	"github.com/lacy-sh/lacy/internal/lazy"
)

// DataRule is a rule written as data (defaults/correct/rules.txt): which
// programs and lines it applies to, what the output must say, where the
// candidate words come from, and text/template fixes.
type DataRule struct {
	name     string
	prio     int
	programs map[string]bool // nil: any
	script   *regexp.Regexp
	needs    []string // lower-case substrings the output must all contain
	output   *regexp.Regexp
	unless   *regexp.Regexp
	unlessln *regexp.Regexp // the line must not match
	mentions bool           // the output must name the program
	exits    []int
	empty    bool // the output must be empty
	suggest  string
	words    []string
	bad      string // "sub", "word" or an output group name
	rank     string // "distance" (default) or "order"
	max      int
	cutoff   float64 // minimum Ratio of a candidate to the typed word
	edits    int     // if > 0, the most edits a candidate may be from it
	fixes    []*template.Template
	Source   string // file:line, for errors

	// The text of the regexps and templates, compiled on first use (see
	// compile): most rules never get past their program check.
	src  ruleSource
	once sync.Once
	err  error
}

type ruleSource struct {
	script, output, unless, unlessln string
	fixes                            []string
	line                             map[string]int // key → line, for errors
}

// Name implements Rule.
func (r *DataRule) Name() string { return r.name }

// Priority implements Rule.
func (r *DataRule) Priority() int { return r.prio }

// tdata is what a fix template sees.
type tdata struct {
	Line, Bad, Cand, Prog string
	l                     Line
	k                     *Knowledge
	o, s                  []string
	names                 []string
	cwd                   string
}

// O returns output submatch i ("" if none).
func (d tdata) O(i int) string {
	if i < len(d.o) {
		return d.o[i]
	}
	return ""
}

// S returns script submatch i.
func (d tdata) S(i int) string {
	if i < len(d.s) {
		return d.s[i]
	}
	return ""
}

// G returns the output group named n.
func (d tdata) G(n string) string {
	for i, name := range d.names {
		if name == n && i < len(d.o) {
			return d.o[i]
		}
	}
	return ""
}

// Sudo is "sudo " when the line ran under sudo.
func (d tdata) Sudo() string {
	if len(d.l.Words) > 0 && d.l.Prog > 0 && d.l.Words[0].Text == "sudo" {
		return "sudo "
	}
	return ""
}

// Branch is the current git branch, "" when unknown.
func (d tdata) Branch() string {
	if d.k == nil {
		return ""
	}
	return d.k.Branch
}

// Branches are the names a mistyped branch may have meant, blank
// separated: the repository's branches when they are known, else the
// current branch and main, master, develop.
func (d tdata) Branches() string {
	if d.k != nil && d.k.Names != nil {
		if b := d.k.Names(d.cwd, "branch"); len(b) > 0 {
			return strings.Join(b, " ")
		}
	}
	return strings.TrimSpace(d.Branch() + " main master develop")
}

// Has reports whether the session can run name (true when unknown).
func (d tdata) Has(name string) bool { return d.k == nil || d.k.Commands == nil || d.k.has(name) }

// Sub is the first argument that is not a flag.
func (d tdata) Sub() string { s, _ := d.l.Sub(); return s }

// Last is the last argument.
func (d tdata) Last() string {
	a := d.l.Args()
	if len(a) == 0 {
		return ""
	}
	return d.l.Raw[a[len(a)-1].Start:a[len(a)-1].End]
}

// Head is the line up to and including the program word.
func (d tdata) Head() string {
	if d.l.Prog >= len(d.l.Words) {
		return d.Line
	}
	return d.Line[:d.l.Words[d.l.Prog].End]
}

// Rest is the raw text after the program word.
func (d tdata) Rest() string {
	if d.l.Prog >= len(d.l.Words) {
		return ""
	}
	return strings.TrimSpace(d.Line[d.l.Words[d.l.Prog].End:])
}

// funcs are the template functions; the ones that edit take the line last
// so they chain: {{ .Line | remove "-u" | insertAfter "push" "--force" }}.
var funcs = lazy.Value[template.FuncMap]{New: func() template.FuncMap {
	return template.FuncMap{
		"replace": func(old, new, line string) string {
			l := Parse(line)
			if i := l.Find(old); i >= 0 {
				return l.Replace(i, new)
			}
			// A prefix of a word: fab's task:arg=value.
			for i := l.Prog + 1; i < len(l.Words); i++ {
				t := l.Words[i].Text
				if strings.HasPrefix(t, old) && len(t) > len(old) && strings.IndexByte(":=", t[len(old)]) >= 0 {
					return l.Replace(i, new+l.Raw[l.Words[i].Start+len(old):l.Words[i].End])
				}
			}
			return ""
		},
		"replaceSub": func(new, line string) string {
			l := Parse(line)
			if _, i := l.Sub(); i >= 0 {
				return l.Replace(i, new)
			}
			return ""
		},
		"replaceProg": func(new, line string) string {
			l := Parse(line)
			if l.Prog < len(l.Words) {
				return l.Replace(l.Prog, new)
			}
			return ""
		},
		"insertAfter": func(word, text, line string) string {
			l := Parse(line)
			if i := l.Find(word); i >= 0 {
				return l.InsertAfter(i, text)
			}
			if word == l.Program() {
				return l.InsertAfter(l.Prog, text)
			}
			return ""
		},
		"remove": func(word, line string) string {
			l := Parse(line)
			if i := l.Find(word); i >= 0 {
				return l.Remove(i)
			}
			return line
		},
		"q": Quote,
		"dropPositional": func(word, line string) string {
			l := Parse(line)
			i := l.Find(word)
			if i < 0 {
				return line
			}
			for j := len(l.Words) - 1; j > i; j-- {
				if isOperator(l.Words[j].Text) {
					break
				}
				if !strings.HasPrefix(l.Words[j].Text, "-") {
					l = Parse(l.Remove(j))
				}
			}
			return l.Raw
		},
		"moveBeforeArgs": func(flag, sub, line string) string {
			l := Parse(line)
			s := l.Find(sub)
			f := -1
			for i := len(l.Words) - 1; i > s && s >= 0; i-- {
				if l.Words[i].Text == flag {
					f = i
					break
				}
			}
			if f < 0 {
				return ""
			}
			raw := l.Raw[l.Words[f].Start:l.Words[f].End]
			l = Parse(l.Remove(f))
			for i := s + 1; i < len(l.Words); i++ {
				if !strings.HasPrefix(l.Words[i].Text, "-") {
					w := l.Words[i]
					return l.Raw[:w.Start] + raw + " " + l.Raw[w.Start:]
				}
			}
			return ""
		},
		"dir":  path.Dir,
		"trim": strings.TrimSpace,
		"cmdNames": func(s string) []string {
			var out []string
			for _, m := range cmdName.Get().FindAllStringSubmatch(s, -1) {
				out = append(out, m[1])
			}
			return out
		},
		"topModule":  func(m string) string { t, _, _ := strings.Cut(m, "."); return t },
		"pipPackage": pipPackage,
		"lower":      strings.ToLower,
		"join":       func(l []string, sep string) string { return strings.Join(l, sep) },
		// closest returns the word of list (space-separated) closest to w
		// within the typo budget, or "" (also when w is in the list).
		"closest": func(w, list string) string {
			cands := strings.Fields(list)
			if contains(cands, w) {
				return ""
			}
			if m := Closest(w, cands, MaxEdits(len(w)), nil); len(m) > 0 {
				return m[0].Word
			}
			return ""
		},
		"replaceText": func(old, new, line string) string {
			if !strings.Contains(line, old) {
				return ""
			}
			return strings.Replace(line, old, new, 1)
		},
		"hasPrefix": func(p, s string) bool { return strings.HasPrefix(s, p) },
		"escapeDQ":  func(s string) string { return strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) },
		"hasRedirect": func(line string) bool {
			l := Parse(line)
			for _, w := range l.Words {
				raw := l.Raw[w.Start:w.End]
				if strings.Contains(raw, ">") && !strings.ContainsAny(raw, `'"\`) {
					return true
				}
			}
			return false
		},
		"nodePackage": func(m string) string {
			// @scope/name/sub → @scope/name; name/sub → name.
			parts := strings.Split(m, "/")
			if strings.HasPrefix(m, "@") && len(parts) > 1 {
				return parts[0] + "/" + parts[1]
			}
			return parts[0]
		},
		"fixSed": fixSed,
	}
}}

// ParseRules reads rules in the rules.txt format. name is used in errors
// ("name:line: message").
func ParseRules(name, text string) ([]*DataRule, error) {
	return parseRules(name, text, false)
}

// parseRules reads rules; lazy leaves the regexps and templates to be
// compiled on first use (the embedded rules, checked by a test).
func parseRules(name, text string, lazy bool) ([]*DataRule, error) {
	var rules []*DataRule
	var cur *DataRule
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	n := 0
	fail := func(format string, args ...any) error {
		return fmt.Errorf("%s:%d: %s", name, n, fmt.Sprintf(format, args...))
	}
	for sc.Scan() {
		n++
		line := strings.TrimRight(sc.Text(), " \t\r")
		trimmed := strings.TrimSpace(line)
		if trimmed == "" || strings.HasPrefix(trimmed, "#") {
			continue
		}
		if strings.HasPrefix(trimmed, "[") {
			if !strings.HasSuffix(trimmed, "]") || len(trimmed) < 3 {
				return nil, fail("bad rule header %q", trimmed)
			}
			cur = &DataRule{name: trimmed[1 : len(trimmed)-1], prio: 500, max: 3, cutoff: MinRatio, Source: fmt.Sprintf("%s:%d", name, n)}
			rules = append(rules, cur)
			continue
		}
		if cur == nil {
			return nil, fail("a key before any [rule]")
		}
		key, val, _ := strings.Cut(trimmed, " ")
		val = strings.TrimSpace(val)
		var err error
		switch key {
		case "program":
			cur.programs = map[string]bool{}
			for _, p := range strings.Fields(val) {
				cur.programs[p] = true
			}
		case "script":
			cur.src.script = val
		case "output":
			cur.src.output = val
		case "unless":
			cur.src.unless = val
		case "unlessline":
			cur.src.unlessln = val
		case "mentions":
			cur.mentions = val == "yes"
		case "needs":
			cur.needs = append(cur.needs, strings.ToLower(val))
		case "exit":
			for _, f := range strings.Fields(val) {
				x, e := strconv.Atoi(f)
				if e != nil {
					return nil, fail("exit: %v", e)
				}
				cur.exits = append(cur.exits, x)
			}
		case "empty":
			cur.empty = val == "yes"
		case "suggest":
			cur.suggest = val
		case "words":
			cur.words = append(cur.words, strings.Fields(val)...)
		case "wordsfile":
			// A list of candidate words in an embedded file (# comments).
			b := defaults.Read(val)
			if b == nil {
				return nil, fail("wordsfile: no embedded file %q", val)
			}
			for _, l := range strings.Split(string(b), "\n") {
				if !strings.HasPrefix(strings.TrimSpace(l), "#") {
					cur.words = append(cur.words, strings.Fields(l)...)
				}
			}
		case "bad":
			cur.bad = val
		case "rank":
			if val != "order" && val != "distance" {
				return nil, fail("rank must be order or distance")
			}
			cur.rank = val
		case "edits":
			cur.edits, err = strconv.Atoi(val)
		case "cutoff":
			cur.cutoff, err = strconv.ParseFloat(val, 64)
		case "max":
			cur.max, err = strconv.Atoi(val)
		case "priority":
			cur.prio, err = strconv.Atoi(val)
		case "fix":
			cur.src.fixes = append(cur.src.fixes, val)
		default:
			return nil, fail("unknown key %q", key)
		}
		if err != nil {
			return nil, fail("%s: %v", key, err)
		}
		if cur.src.line == nil {
			cur.src.line = map[string]int{}
		}
		if _, seen := cur.src.line[key]; !seen {
			cur.src.line[key] = n
		}
	}
	for _, r := range rules {
		if len(r.src.fixes) == 0 && r.suggest == "" && r.words == nil {
			return nil, fmt.Errorf("%s: rule %s has no fix", r.Source, r.name)
		}
		if !lazy {
			if r.once.Do(func() { r.err = r.compile(name) }); r.err != nil {
				return nil, r.err
			}
		}
	}
	return rules, sc.Err()
}

// compile builds the rule's regexps and templates.
func (r *DataRule) compile(file string) error {
	re := func(key, src string) (*regexp.Regexp, error) {
		if src == "" {
			return nil, nil
		}
		x, err := regexp.Compile(src)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %s: %v", file, r.src.line[key], key, err)
		}
		return x, nil
	}
	var err error
	if r.script, err = re("script", r.src.script); err != nil {
		return err
	}
	if r.output, err = re("output", r.src.output); err != nil {
		return err
	}
	if r.unless, err = re("unless", r.src.unless); err != nil {
		return err
	}
	if r.unlessln, err = re("unlessline", r.src.unlessln); err != nil {
		return err
	}
	fixes := r.src.fixes
	if len(fixes) == 0 {
		fixes = []string{`{{ .Line | replace .Bad .Cand }}`}
	}
	r.fixes = nil
	for _, f := range fixes {
		t, err := template.New(r.name).Funcs(funcs.Get()).Option("missingkey=error").Parse(f)
		if err != nil {
			return fmt.Errorf("%s:%d: fix: %v", file, r.src.line["fix"], err)
		}
		r.fixes = append(r.fixes, t)
	}
	return nil
}

// loadDefaults parses the embedded rules.
func loadDefaults() ([]Rule, error) {
	const name = "defaults/correct/rules.txt"
	rs, err := parseRules(name, string(defaults.Read("correct/rules.txt")), true)
	if err != nil {
		return nil, err
	}
	out := make([]Rule, len(rs))
	for i, r := range rs {
		out[i] = r
	}
	return out, nil
}

// Fixes implements Rule.
func (r *DataRule) Fixes(f *Failure, l Line, k *Knowledge) []string {
	if r.programs != nil && !r.programs[path.Base(l.Program())] && !r.programs["*"] {
		return nil
	}
	if len(r.exits) > 0 {
		ok := false
		for _, e := range r.exits {
			ok = ok || e == f.Exit
		}
		if !ok {
			return nil
		}
	}
	if r.empty && strings.TrimSpace(f.Output) != "" {
		return nil
	}
	if len(r.needs) > 0 {
		low := strings.ToLower(f.Output)
		for _, n := range r.needs {
			if !strings.Contains(low, n) {
				return nil
			}
		}
	}
	if r.mentions && !mentions(f.Output, l.Program()) {
		return nil
	}
	if r.once.Do(func() { r.err = r.compile(r.Source) }); r.err != nil {
		return nil
	}
	if r.unlessln != nil && r.unlessln.MatchString(f.Line) {
		return nil
	}
	d := tdata{Line: f.Line, l: l, k: k, Prog: l.Program(), cwd: f.Cwd}
	if r.script != nil {
		if d.s = r.script.FindStringSubmatch(f.Line); d.s == nil {
			return nil
		}
	}
	if r.output != nil {
		if d.o = r.output.FindStringSubmatch(f.Output); d.o == nil {
			return nil
		}
		d.names = r.output.SubexpNames()
	}
	if r.unless != nil && r.unless.MatchString(f.Output) {
		return nil
	}
	if r.suggest == "" && r.words == nil {
		return r.render(d, 0)
	}
	return r.suggestFixes(d, l)
}

// render executes the fix templates; a template that yields "" (a word
// that was not found) gives no fix.
func (r *DataRule) render(d tdata, limit int) []string {
	var out []string
	var b strings.Builder
	for _, t := range r.fixes {
		b.Reset()
		if err := t.Execute(&b, d); err != nil {
			continue
		}
		if s := strings.TrimSpace(b.String()); s != "" {
			out = append(out, s)
		}
		if limit > 0 && len(out) >= limit {
			break
		}
	}
	return out
}

// suggestFixes replaces the mistyped word(s) by the candidates.
func (r *DataRule) suggestFixes(d tdata, l Line) []string {
	cands := r.words
	if r.suggest != "" {
		cands = SplitWords(d.G(r.suggest))
	}
	if len(cands) == 0 {
		return nil
	}
	var bads []string
	switch r.bad {
	case "sub":
		if s, _ := l.Sub(); s != "" {
			bads = []string{s}
		}
	case "", "word":
		// The argument that is not a candidate and is closest to one.
		best, bestR := "", 0.0
		for _, w := range l.Args() {
			if strings.HasPrefix(w.Text, "-") || contains(cands, w.Text) {
				continue
			}
			for _, c := range cands {
				if x := Ratio(w.Text, c); x > bestR && x >= r.cutoff {
					best, bestR = w.Text, x
				}
			}
		}
		if best != "" {
			bads = []string{best}
		}
	default:
		bads = append(bads, SplitWords(d.G(r.bad))...)
	}
	if len(bads) == 0 {
		return nil
	}
	// Words the output names but the line spells differently (a tool
	// that echoes a corrected or truncated form): use the closest word.
	for i, b := range bads {
		if l.Find(b) < 0 && !hasPrefixWord(l, b) {
			bads[i] = closestArg(l, b)
		}
	}
	if len(bads) > 1 {
		line := d.Line
		for _, b := range bads {
			if b == "" {
				continue
			}
			if m := r.ranked(b, cands); len(m) > 0 {
				if nl := funcs.Get()["replace"].(func(string, string, string) string)(b, m[0], line); nl != "" {
					line = nl
				}
			}
		}
		d.Bad, d.Cand = bads[0], ""
		d.Line = line
		if line == l.Raw {
			return nil
		}
		return []string{line}
	}
	if bads[0] == "" {
		return nil
	}
	var out []string
	for _, c := range r.ranked(bads[0], cands) {
		d.Bad, d.Cand = bads[0], c
		out = append(out, r.render(d, 0)...)
		if len(out) >= r.max {
			break
		}
	}
	return out
}

// ranked orders the candidates for a mistyped word.
func (rule *DataRule) ranked(bad string, cands []string) []string {
	if rule.rank == "order" {
		var out []string
		for _, c := range cands {
			if c != bad && !contains(out, c) {
				out = append(out, c)
			}
		}
		return out
	}
	type sc struct {
		w      string
		r      float64
		pre, i int
	}
	var s []sc
	for i, c := range cands {
		if c == bad || contains(cands[:i], c) {
			continue
		}
		r := Ratio(bad, c)
		if r < rule.cutoff || rule.edits > 0 && Distance(bad, c, rule.edits) > rule.edits {
			continue
		}
		s = append(s, sc{c, r, commonPrefix(bad, c), i})
	}
	sort.SliceStable(s, func(i, j int) bool {
		if s[i].r != s[j].r {
			return s[i].r > s[j].r
		}
		if s[i].pre != s[j].pre {
			return s[i].pre > s[j].pre
		}
		return s[i].i < s[j].i
	})
	out := make([]string, len(s))
	for i := range s {
		out[i] = s[i].w
	}
	return out
}

// MinRatio is how similar a tool's own candidate must be to the typed
// word (difflib's usual cutoff).
const MinRatio = 0.6

// SplitWords splits a list as tools print them: separated by spaces,
// commas, pipes, slashes between alternatives, quotes and brackets.
func SplitWords(s string) []string {
	f := strings.FieldsFunc(s, func(c rune) bool {
		return c == ' ' || c == '\t' || c == '\n' || c == ',' || c == '|' || c == '"' || c == '\'' || c == '`' ||
			c == '(' || c == ')' || c == '[' || c == ']' || c == '{' || c == '}' || c == '?' || c == '*' || c == '\u2018' || c == '\u2019'
	})
	out := f[:0]
	for _, w := range f {
		w = strings.TrimRight(w, ".:;")
		if w != "" && w != "or" && w != "and" {
			out = append(out, w)
		}
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func hasPrefixWord(l Line, p string) bool {
	for i := l.Prog + 1; i < len(l.Words); i++ {
		t := l.Words[i].Text
		if strings.HasPrefix(t, p) && len(t) > len(p) && strings.IndexByte(":=", t[len(p)]) >= 0 {
			return true
		}
	}
	return false
}

// closestArg returns the argument closest to w (within the suggest cap).
func closestArg(l Line, w string) string {
	best, bestR := "", 0.0
	for _, a := range l.Args() {
		if r := Ratio(a.Text, w); r > bestR && r >= MinRatio {
			best, bestR = a.Text, r
		}
	}
	return best
}

// mentions reports whether out names prog as a word (any case).
func mentions(out, prog string) bool {
	if prog == "" {
		return false
	}
	low, p := strings.ToLower(out), strings.ToLower(path.Base(prog))
	for i := 0; ; {
		j := strings.Index(low[i:], p)
		if j < 0 {
			return false
		}
		j += i
		before := j == 0 || !isWordByte(low[j-1])
		after := j+len(p) >= len(low) || !isWordByte(low[j+len(p)])
		if before && after {
			return true
		}
		i = j + 1
	}
}

func isWordByte(c byte) bool {
	return c == '_' || c == '-' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9'
}

var cmdName = lazy.Regexp{Expr: `command '([^']+)' from`}

// fixSed closes every unterminated s/a/b expression of a sed line by
// adding the missing delimiter (inside the quotes, if any).
func fixSed(line string) string {
	l := Parse(line)
	out := line
	for i := len(l.Words) - 1; i > l.Prog; i-- {
		w := l.Words[i]
		t := strings.TrimPrefix(w.Text, "-e")
		if len(t) < 2 || t[0] != 's' {
			continue
		}
		d := t[1]
		if d == ' ' || d == '\\' || d >= 'a' && d <= 'z' || d >= 'A' && d <= 'Z' || d >= '0' && d <= '9' {
			continue
		}
		n := 0
		for j := 1; j < len(t); j++ {
			if t[j] == '\\' {
				j++
				continue
			}
			if t[j] == d {
				n++
			}
		}
		if n != 2 {
			continue
		}
		raw := l.Raw[w.Start:w.End]
		end := len(raw)
		if q := raw[end-1]; q == '\'' || q == '"' {
			end--
		}
		out = out[:w.Start] + raw[:end] + string(d) + raw[end:] + out[w.End:]
	}
	return out
}

var (
	pipOnce sync.Once
	pipMap  map[string]string
)

// pipPackage returns the pip package providing a Python module (the
// module's first component, or its name in defaults/correct/pip-packages.tsv).
func pipPackage(module string) string {
	pipOnce.Do(func() {
		pipMap = map[string]string{}
		for _, line := range strings.Split(string(defaults.Read("correct/pip-packages.tsv")), "\n") {
			if k, v, ok := strings.Cut(line, "\t"); ok && !strings.HasPrefix(k, "#") {
				pipMap[k] = strings.TrimSpace(v)
			}
		}
	})
	if p, ok := pipMap[module]; ok {
		return p
	}
	top, _, _ := strings.Cut(module, ".")
	if p, ok := pipMap[top]; ok {
		return p
	}
	return top
}
