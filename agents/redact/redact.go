// Package redact removes secrets from text before it leaves the machine:
// API keys and tokens of the common services, Authorization headers,
// PASSWORD=/TOKEN=-style assignments and flags, credentials in URLs,
// private key blocks, and literal values the caller knows to be secret
// (the configured API keys, secret-looking environment variables).
package redact

import (
	"encoding/base64"
	"regexp"
	"sort"
	"strings"
	"sync"
)

// Mask replaces every secret.
const Mask = "[REDACTED]"

// rule is a pattern and its replacement (which may use $1 for a prefix
// kept in clear, such as a variable name).
type rule struct {
	re   *regexp.Regexp
	repl string
	fn   func(match string) string // used instead of repl when set
}

// basicAuth masks "Basic <base64>" when the base64 decodes to user:password.
func basicAuth(m string) string {
	i := strings.LastIndexAny(m, " \t")
	b, err := base64.StdEncoding.DecodeString(m[i+1:])
	if err != nil || !strings.Contains(string(b), ":") {
		return m
	}
	return m[:i+1] + Mask
}

// secretName matches the names of variables and flags that hold secrets.
const secretName = `[A-Za-z0-9_]*(?:PASSWORD|PASSWD|PASSPHRASE|SECRET|TOKEN|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY|CREDENTIALS?|AUTH_?KEY)[A-Za-z0-9_]*`

// rules are compiled on first use, not at init.
var rules = sync.OnceValue(func() []rule {
	return []rule{
		{re: regexp.MustCompile(`-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----(?s:.*?)(?:-----END [A-Z0-9 ]*PRIVATE KEY-----|\z)`), repl: Mask},
		{re: regexp.MustCompile(`(?i)(authorization|proxy-authorization|x-api-key|api-key|cookie)(\s*[:=]\s*)[^\r\n]+`), repl: "$1$2" + Mask},
		{re: regexp.MustCompile(`(?i)\b(bearer)(\s+)[A-Za-z0-9._~+/=-]{8,}`), repl: "$1$2" + Mask},
		{re: regexp.MustCompile(`(?i)\bbasic\s+[A-Za-z0-9+/]{4,}={0,2}`), fn: basicAuth},
		{re: regexp.MustCompile(`(?i)(\b` + secretName + `\s*[=:]\s*)(?:"[^"\n]*"|'[^'\n]*'|[^\s;&|]+)`), repl: "$1" + Mask},
		{re: regexp.MustCompile(`(?i)((?:^|\s)--?(?:password|passwd|pass|token|api-key|apikey|secret|access-key)(?:=|\s+))(?:"[^"\n]*"|'[^'\n]*'|\S+)`), repl: "$1" + Mask},
		{re: regexp.MustCompile(`([a-zA-Z][a-zA-Z0-9+.-]*://[^\s:/@]+:)[^\s@/]+@`), repl: "$1" + Mask + "@"},
		{re: regexp.MustCompile(`\b(?:sk|pk|rk)-[A-Za-z0-9_-]{16,}`), repl: Mask},
		{re: regexp.MustCompile(`\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}|glpat-[A-Za-z0-9_-]{20,})`), repl: Mask},
		{re: regexp.MustCompile(`\b(?:AKIA|ASIA|AIDA|AROA)[0-9A-Z]{16}\b`), repl: Mask},
		{re: regexp.MustCompile(`\bxox[abposr]-[A-Za-z0-9-]{10,}`), repl: Mask},
		{re: regexp.MustCompile(`\bAIza[0-9A-Za-z_-]{35}\b`), repl: Mask},
		{re: regexp.MustCompile(`\beyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}`), repl: Mask},
		{re: regexp.MustCompile(`\b(?:hf_[A-Za-z0-9]{30,}|npm_[A-Za-z0-9]{30,}|pypi-[A-Za-z0-9_-]{40,})`), repl: Mask},
	}
})

// Redactor removes the pattern secrets and a set of literal values.
type Redactor struct {
	literals []string // longest first, so a secret that contains another goes first
}

// New returns a Redactor that also masks each literal of at least 6
// characters wherever it appears.
func New(literals ...string) *Redactor {
	r := &Redactor{}
	for _, l := range literals {
		if len(l) >= 6 {
			r.literals = append(r.literals, l)
		}
	}
	sort.Slice(r.literals, func(i, j int) bool { return len(r.literals[i]) > len(r.literals[j]) })
	return r
}

// Redact returns s without secrets. A nil Redactor applies the patterns only.
func (r *Redactor) Redact(s string) string {
	if s == "" {
		return s
	}
	if r != nil {
		for _, l := range r.literals {
			s = strings.ReplaceAll(s, l, Mask)
		}
	}
	for _, rl := range rules() {
		if rl.fn != nil {
			s = rl.re.ReplaceAllStringFunc(s, rl.fn)
		} else {
			s = rl.re.ReplaceAllString(s, rl.repl)
		}
	}
	return s
}

// String removes the pattern secrets from s.
func String(s string) string { return (*Redactor)(nil).Redact(s) }

// EnvSecrets returns the values of variables in environ (NAME=value
// entries) whose names say they hold secrets, such as OPENAI_API_KEY or
// DB_PASSWORD, for New.
func EnvSecrets(environ []string) []string {
	name := regexp.MustCompile(`(?i)^` + secretName + `$`)
	var out []string
	for _, kv := range environ {
		k, v, ok := strings.Cut(kv, "=")
		if ok && len(v) >= 6 && name.MatchString(k) {
			out = append(out, v)
		}
	}
	return out
}
