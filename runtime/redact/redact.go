// Package redact removes secrets from text before it leaves lacy's hands:
// before a line is written to the history file, before anything is sent to
// a model or saved in a conversation, before a log line is written and
// before a tool result is shown.
//
// There is one rule set, data in defaults/redact/rules.tsv: password flags
// of common clients, credentials in URLs, Authorization headers, provider
// key shapes, secret-named assignments, webhook URLs, private key blocks,
// netrc/pgpass/docker-auth formats… On top of the rules a Redactor masks
// literal values it has learned: the configured API keys, and the values
// of secret-named variables in the environment or exported in the session
// (Observe), so that `echo $API_TOKEN` is masked too.
package redact

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/lacy-sh/lacy/defaults"
	"github.com/lacy-sh/lacy/internal/lazy"
)

// Mask replaces every secret.
const Mask = "[REDACTED]"

// RulesFile is the embedded rule table.
const RulesFile = "redact/rules.tsv"

// Rule is one line of the rule table.
type Rule struct {
	Name      string
	multiline bool  // matches across lines: run on the whole text
	hints     []int // indexes in the table's hints; nil: always run
	check     func(secret string) bool
	re        *regexp.Regexp
	spans     []int // indexes of the groups named s; nil: the whole match
}

// check returns the named extra check of the table's third column: it
// reports whether the captured text is really a secret.
func check(name string, t *table) func(string) bool {
	switch name {
	case "basic":
		return isBasicAuth
	case "literal":
		return func(s string) bool { return isLiteral(s, t.name) }
	case "notfind":
		return func(s string) bool {
			switch "-p" + s {
			case "-print", "-print0", "-printf", "-prune", "-perm", "-path":
				return false
			}
			return true
		}
	}
	return nil
}

// isBasicAuth reports whether s is base64 of user:password.
func isBasicAuth(s string) bool {
	b, err := base64.StdEncoding.DecodeString(s)
	return err == nil && bytes.IndexByte(b, ':') > 0
}

// isLiteral reports whether a value of `name = value` looks like a literal
// secret rather than code or a placeholder: `password = password`,
// `token: null` and `api_key = self.api_key` are left alone.
func isLiteral(s string, secretName *regexp.Regexp) bool {
	v := strings.Trim(s, `"'`)
	switch strings.ToLower(v) {
	case "", "none", "null", "nil", "true", "false", "undefined", "required", "optional",
		"string", "str", "bool", "int", "yes", "no", "env", "file", "prompt", "stdin", "xxx", "...", "…":
		return false
	}
	if s[0] != '"' && s[0] != '\'' {
		name := v
		if i := strings.LastIndexByte(name, '.'); i >= 0 {
			name = name[i+1:]
		}
		if secretName != nil && secretName.MatchString(name) {
			return false
		}
	}
	return true
}

type table struct {
	rules []Rule
	name  *regexp.Regexp // @secret-name
	hints []string       // the rules' hints, each once
}

// loadTable parses the rule table.
func loadTable(src []byte) (*table, error) {
	t := &table{}
	sc := bufio.NewScanner(bytes.NewReader(src))
	sc.Buffer(nil, 1<<20)
	line := 0
	for sc.Scan() {
		line++
		text := sc.Text()
		if strings.TrimSpace(text) == "" || strings.HasPrefix(text, "#") {
			continue
		}
		f := strings.Split(text, "\t")
		if len(f) != 4 {
			return nil, fmt.Errorf("%s:%d: want 4 tab-separated columns, got %d", RulesFile, line, len(f))
		}
		re, err := regexp.Compile(f[3])
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", RulesFile, line, err)
		}
		if f[0] == "@secret-name" {
			t.name = re
			continue
		}
		r := Rule{Name: f[0], re: re, multiline: strings.Contains(f[3], "(?s")}
		if f[1] != "*" {
			for _, h := range strings.Split(f[1], ",") {
				i := slices.Index(t.hints, h)
				if i < 0 {
					i = len(t.hints)
					t.hints = append(t.hints, h)
				}
				r.hints = append(r.hints, i)
			}
		}
		if f[2] != "-" {
			if r.check = check(f[2], t); r.check == nil {
				return nil, fmt.Errorf("%s:%d: unknown check %q", RulesFile, line, f[2])
			}
		}
		for i, n := range re.SubexpNames() {
			if n == "s" {
				r.spans = append(r.spans, i)
			}
		}
		t.rules = append(t.rules, r)
	}
	if t.name == nil {
		return nil, fmt.Errorf("%s: no @secret-name line", RulesFile)
	}
	if len(t.hints) > maxHints {
		return nil, fmt.Errorf("%s: more than %d distinct hints", RulesFile, maxHints)
	}
	return t, sc.Err()
}

// rules is the embedded table, parsed on first use. A broken table is a
// build mistake, caught by the tests.
func rules() *table { return rulesTable.Get() }

// rulesTable is a lazy.Value, a composite literal the compiler lays out as
// data: sync.OnceValue allocated its closure at every start.
var rulesTable = lazy.Value[*table]{New: func() *table {
	t, err := loadTable(defaults.Read(RulesFile))
	if err != nil {
		panic(err)
	}
	return t
}}

// Rules returns the names of the rules, in table order.
func Rules() []string {
	var out []string
	for _, r := range rules().rules {
		out = append(out, r.Name)
	}
	return out
}

// IsSecretName reports whether a variable name says it holds a secret:
// API_TOKEN, DB_PASSWORD, aws_secret_access_key, OPENAI_API_KEY…
func IsSecretName(name string) bool { return mayName(name) && secretName().MatchString(name) }

// secretName is the table's @secret-name pattern alone, compiled on first
// use: learning the variables at start-up (an OPENAI_API_KEY in the
// environment) needs only it, not the whole table, whose compiled rules hold
// about 300 KB until the first redaction (docs/performance.md).
var secretName = sync.OnceValue(func() *regexp.Regexp {
	const prefix = "@secret-name\t"
	for line := range strings.Lines(string(defaults.Read(RulesFile))) {
		if strings.HasPrefix(line, prefix) {
			f := strings.Split(strings.TrimRight(line, "\r\n"), "\t")
			return regexp.MustCompile(f[len(f)-1]) // loadTable checks the line
		}
	}
	panic(RulesFile + ": no @secret-name line")
})

// apply runs one rule over s.
func (r *Rule) apply(s string) string {
	ms := r.re.FindAllStringSubmatchIndex(s, -1)
	if ms == nil {
		return s
	}
	var b strings.Builder
	last := 0
	for _, m := range ms {
		spans := r.spans
		if spans == nil {
			spans = []int{0}
		}
		for _, g := range spans {
			start, end := m[2*g], m[2*g+1]
			if start < 0 || start < last || end == start {
				continue
			}
			secret := s[start:end]
			if strings.Contains(secret, Mask) || r.check != nil && !r.check(secret) {
				continue
			}
			b.WriteString(s[last:start])
			b.WriteString(Mask)
			last = end
		}
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// hintSet remembers which hints a text holds, looking each up once.
type hintSet struct {
	lower string
	hints []string
	known [maxHints]int8 // 0 unknown, 1 present, 2 absent
}

// maxHints bounds the distinct hints of the table.
const maxHints = 256

func (h *hintSet) has(i int) bool {
	if h.known[i] == 0 {
		h.known[i] = 2
		if strings.Contains(h.lower, h.hints[i]) {
			h.known[i] = 1
		}
	}
	return h.known[i] == 1
}

// wanted reports whether the rule may match the text of h.
func (r *Rule) wanted(h *hintSet) bool {
	if r.hints == nil {
		return true
	}
	for _, i := range r.hints {
		if h.has(i) {
			return true
		}
	}
	return false
}

// Redactor masks the secrets the rules find and the literal values it has
// learned. It is safe for concurrent use.
type Redactor struct {
	parent *Redactor
	mu     sync.RWMutex
	values []string // longest first, so a secret holding another goes first
}

// Default is the process's redactor: it knows the secret-named variables
// of the environment lacy started in and what the session learned since
// (Observe). Every Redactor made by New also masks what Default knows.
var Default = &Redactor{}

var learnEnv sync.Once

// New returns a Redactor that masks the given values as well as what
// Default knows.
func New(values ...string) *Redactor {
	r := &Redactor{parent: Default}
	r.Learn(values...)
	return r
}

// MinLearned is the length below which a learned value is ignored: too
// short to tell from ordinary text.
const MinLearned = 3

// shortValue is the length below which a learned value is only masked as
// a whole word, not inside longer words.
const shortValue = 8

// common values are never learned: masking them would garble all text.
var common = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"true": true, "false": true, "yes": true, "no": true, "null": true,
		"none": true, "nil": true, "on": true, "off": true, "test": true, "1234": true, "0000": true}
}}

// Learn adds literal secrets to mask wherever they appear (values shorter
// than MinLearned and words like "true" are ignored). A nil Redactor
// learns into Default.
func (r *Redactor) Learn(values ...string) {
	if r == nil {
		r = Default
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, v := range values {
		v = strings.TrimSpace(v)
		if len(v) < MinLearned || common.Get()[strings.ToLower(v)] || slices.Contains(r.values, v) {
			continue
		}
		r.values = append(r.values, v)
	}
	slices.SortFunc(r.values, func(a, b string) int { return len(b) - len(a) })
}

// Learn adds literal secrets to Default.
func Learn(values ...string) { Default.Learn(values...) }

// String masks the secrets in s with Default.
func String(s string) string { return Default.Redact(s) }

// HasSecret reports whether s holds something Default would mask.
func HasSecret(s string) bool { return String(s) != s }

// Redact returns s with every secret replaced by Mask. Text that holds
// none is returned as is. A nil Redactor is Default.
func (r *Redactor) Redact(s string) string {
	if s == "" {
		return s
	}
	if r == nil {
		r = Default
	}
	learnEnv.Do(func() { Default.Learn(EnvSecrets(os.Environ())...) })
	for x := r; x != nil; x = x.parent {
		s = x.maskValues(s)
	}
	rs := rules()
	if strings.IndexByte(s, '\n') < 0 {
		return applyRules(rs, s, false)
	}
	// Multi-line text: rules spanning lines run on the whole, the others
	// line by line, so that a hint found on one line does not make a rule
	// scan all the others.
	s = applyRules(rs, s, true)
	var b strings.Builder
	last := 0
	for start := 0; start < len(s); {
		end := strings.IndexByte(s[start:], '\n')
		if end < 0 {
			end = len(s)
		} else {
			end += start
		}
		line := s[start:end]
		if t := applyRules(rs, line, false); t != line {
			b.WriteString(s[last:start])
			b.WriteString(t)
			last = end
		}
		start = end + 1
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// applyRules runs the rules that span lines (multiline) or the others on s.
func applyRules(t *table, s string, multiline bool) string {
	h := hintSet{lower: strings.ToLower(s), hints: t.hints}
	for i := range t.rules {
		rl := &t.rules[i]
		if rl.multiline != multiline || !rl.wanted(&h) {
			continue
		}
		if r := rl.apply(s); r != s {
			s = r
			h = hintSet{lower: strings.ToLower(s), hints: t.hints}
		}
	}
	return s
}

// maskValues replaces the learned values.
func (r *Redactor) maskValues(s string) string {
	r.mu.RLock()
	defer r.mu.RUnlock()
	for _, v := range r.values {
		if !strings.Contains(s, v) {
			continue
		}
		if len(v) >= shortValue {
			s = strings.ReplaceAll(s, v, Mask)
			continue
		}
		s = replaceWord(s, v)
	}
	return s
}

// replaceWord replaces v where it is not part of a longer word.
func replaceWord(s, v string) string {
	var b strings.Builder
	last := 0
	for i := 0; i <= len(s)-len(v); {
		j := strings.Index(s[i:], v)
		if j < 0 {
			break
		}
		j += i
		end := j + len(v)
		if (j == 0 || !isWordByte(s[j-1])) && (end == len(s) || !isWordByte(s[end])) {
			b.WriteString(s[last:j])
			b.WriteString(Mask)
			last = end
		}
		i = end
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

func isWordByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

// EnvSecrets returns the values of the variables in environ (NAME=value
// entries) whose names say they hold secrets (IsSecretName).
func EnvSecrets(environ []string) []string {
	var out []string
	for _, kv := range environ {
		k, v, ok := strings.Cut(kv, "=")
		if ok && len(v) >= MinLearned && IsSecretName(k) {
			out = append(out, v)
		}
	}
	return out
}
