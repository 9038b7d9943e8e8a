// lacy patch 103: tilde expansion in assignments, as bash does it.

package expand

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Assign expands an assignment's value: like [Literal], but a tilde prefix
// after any unquoted colon is expanded too (PATH=$PATH:~/bin), also in the
// words of parameter expansions (x=${u-a:~}), as bash does.
func Assign(cfg *Config, word *syntax.Word) (string, error) {
	if word == nil {
		return "", nil
	}
	cfg = prepareConfig(cfg)
	old := cfg.assignTilde
	cfg.assignTilde = true
	defer func() { cfg.assignTilde = old }()
	field, err := cfg.wordField(removeLitEscapes(word.Parts), quoteNone) // lacy patch: x=a\ b (lacy_unescape.go)
	if err != nil {
		return "", err
	}
	return cfg.fieldJoin(field), nil
}

// assignLike reports whether an argument starts like an assignment, NAME=:
// bash expands a tilde after its = and its colons.
func assignLike(s string) bool {
	name, _, ok := strings.Cut(s, "=")
	return ok && syntax.ValidName(name)
}

// assignTildes expands the tilde prefixes of s that follow a colon, or start
// at index start (when not -1). Each expanded home directory is replaced by
// a NUL byte in the returned string and listed in homes, so that callers can
// keep it from field splitting and globbing. A prefix running to the end of
// s is left alone when more (quoted or expanded) word parts follow.
func (cfg *Config) assignTildes(s string, start int, more bool) (string, []string) {
	if !strings.Contains(s, "~") {
		return s, nil
	}
	var sb strings.Builder
	var homes []string
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '~' || !(i == start || (i > 0 && s[i-1] == ':')) {
			sb.WriteByte(c)
			continue
		}
		end := strings.IndexAny(s[i:], "/:")
		if end < 0 {
			if more {
				sb.WriteByte(c)
				continue
			}
			end = len(s)
		} else {
			end += i
		}
		prefix, _ := cfg.expandUser(s[i:end], false)
		if prefix == "" {
			sb.WriteByte(c)
			continue
		}
		sb.WriteByte(0)
		homes = append(homes, prefix)
		i = end - 1
	}
	return sb.String(), homes
}

// fillHomes puts back the home directories assignTildes took out.
func fillHomes(s string, homes []string) string {
	for _, h := range homes {
		s = strings.Replace(s, "\x00", h, 1)
	}
	return s
}

// joinLeadingLits merges the literal parts a brace expansion leaves at the
// start of a word ("~", "/src"), so that a tilde prefix is seen whole, as
// bash expands tildes after braces.
func joinLeadingLits(w *syntax.Word) {
	n := 0
	for n < len(w.Parts) {
		if _, ok := w.Parts[n].(*syntax.Lit); !ok {
			break
		}
		n++
	}
	if n < 2 {
		return
	}
	var sb strings.Builder
	for _, p := range w.Parts[:n] {
		sb.WriteString(p.(*syntax.Lit).Value)
	}
	lit := &syntax.Lit{ValuePos: w.Parts[0].Pos(), ValueEnd: w.Parts[n-1].End(), Value: sb.String()}
	w.Parts = append([]syntax.WordPart{lit}, w.Parts[n:]...)
}
