package logging

import (
	"regexp"
	"strings"
	"sync"

	"go.uber.org/zap"
)

// Redacted replaces a secret in Redact's output.
const Redacted = "[REDACTED]"

// secretPatterns match what must not reach a log: the capture group (if
// any) is kept, the rest of the match is replaced. Compiled on first use,
// not at init.
var secretPatterns = sync.OnceValue(func() []*regexp.Regexp {
	return []*regexp.Regexp{
		// NAME=value where the name says it is secret: API_KEY=…, GITHUB_TOKEN=…
		regexp.MustCompile(`(?i)(\b[A-Z0-9_]*(?:KEY|TOKEN|SECRET|PASSWORD|PASSWD|PASS|AUTH|CREDENTIALS?)[A-Z0-9_]*=)(?:'[^']*'|"[^"]*"|[^\s;&|'"]+)`),
		// Flags carrying secrets: --password x, --token=x, -p… is left alone.
		regexp.MustCompile(`(?i)(--?(?:password|passwd|token|api-?key|secret|auth)[= ]+)(?:'[^']*'|"[^"]*"|[^\s;&|'"]+)`),
		// HTTP auth headers.
		regexp.MustCompile(`(?i)(authorization:\s*(?:bearer|basic|token)\s+)[^\s'"]+`),
		regexp.MustCompile(`(?i)(\bbearer\s+)[A-Za-z0-9._~+/-]{8,}=*`),
		// user:password@ in URLs.
		regexp.MustCompile(`(://[^/\s:@]+:)[^/\s@]+(@)`),
		// Well-known token shapes.
		regexp.MustCompile(`()\b(?:sk-[A-Za-z0-9_-]{16,}|gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}|xox[abprs]-[A-Za-z0-9-]{10,}|AKIA[0-9A-Z]{16}|AIza[0-9A-Za-z_-]{35}|glpat-[A-Za-z0-9_-]{20})`),
	}
})

// Redact returns s with secrets replaced by Redacted: NAME=value
// assignments whose name looks secret, --password/--token style flags,
// Authorization headers, passwords in URLs and well-known API key shapes
// (OpenAI/Anthropic sk-…, GitHub, Slack, AWS, Google, GitLab). Text that
// holds none of them is returned as is without allocating.
func Redact(s string) string {
	if !mayHoldSecret(s) {
		return s
	}
	for _, re := range secretPatterns() {
		s = re.ReplaceAllStringFunc(s, func(m string) string {
			keep := re.FindStringSubmatch(m)
			out := keep[1] + Redacted
			if len(keep) > 2 {
				out += keep[2]
			}
			return out
		})
	}
	return s
}

// mayHoldSecret is a cheap filter so that ordinary text skips the regexps.
func mayHoldSecret(s string) bool {
	return strings.ContainsAny(s, "=:-_") || strings.Contains(s, "AKIA") || strings.Contains(s, "AIza")
}

// String is zap.String with the value passed through Redact: use it for
// command lines, URLs and anything a user typed.
func String(key, val string) zap.Field { return zap.String(key, Redact(val)) }
