// lacy patch: GLOBIGNORE, as bash has it.

package expand

import (
	"strings"

	"mvdan.cc/sh/v3/internal"
	"mvdan.cc/sh/v3/pattern"
)

// globIgnoreSpec is the value of GLOBIGNORE, "" when unset or empty.
func (cfg *Config) globIgnoreSpec() string {
	if cfg.Env == nil {
		return ""
	}
	return cfg.Env.Get("GLOBIGNORE").String()
}

// splitGlobIgnore splits GLOBIGNORE's colon-separated patterns; a colon
// escaped with a backslash or inside a bracket expression separates nothing.
func splitGlobIgnore(spec string) []string {
	var pats []string
	start, bracket := 0, false
	for i := 0; i < len(spec); i++ {
		switch c := spec[i]; {
		case c == '\\':
			i++
		case c == '[':
			bracket = true
		case c == ']':
			bracket = false
		case c == ':' && !bracket:
			pats = append(pats, spec[start:i])
			start = i + 1
		}
	}
	pats = append(pats, spec[start:])
	return pats
}

// globIgnore drops from a pathname expansion's matches those that a pattern
// of GLOBIGNORE matches (as a whole path, "*" not crossing a slash), and
// never keeps "." or "..", as bash does while GLOBIGNORE is set.
func (cfg *Config) globIgnore(spec string, matches []string) []string {
	mode := pattern.Filenames | pattern.EntireString | pattern.NoGlobStar | pattern.GlobLeadingDot
	if cfg.ExtGlob {
		mode |= pattern.ExtendedOperators
	}
	var matchers []func(string) bool
	for _, pat := range splitGlobIgnore(spec) {
		if pat == "" {
			continue
		}
		m, err := internal.ExtendedPatternMatcher(pat, mode)
		if err != nil {
			continue // bash ignores a pattern it cannot parse
		}
		matchers = append(matchers, m)
	}
	kept := matches[:0]
next:
	for _, m := range matches {
		base := m[strings.LastIndexByte(m, '/')+1:]
		if base == "." || base == ".." {
			continue
		}
		for _, match := range matchers {
			if match(m) {
				continue next
			}
		}
		kept = append(kept, m)
	}
	return kept
}
