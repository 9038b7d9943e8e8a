package safety

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/lacy-sh/lacy/defaults"
	"github.com/lacy-sh/lacy/internal/lazy"
	"github.com/lacy-sh/lacy/internal/realpath"
)

// CredentialArg returns the first path a command line names that is a
// credential location, as isCred (given a clean absolute path) judges it,
// and ok. Besides plain operands it finds paths given as --opt=/path or
// opt=path, curl's @file, paths inside a nested command line (sh -c 'cat
// ~/.netrc'), and names relative to a tar -C or --directory.
func CredentialArg(cmd, dir string, isCred func(abs string) bool) (string, bool) {
	home, _ := os.UserHomeDir()
	base := dir
	words := Words(cmd)
	for i := 0; i < len(words); i++ {
		w := words[i]
		if (w == "-C" || w == "--directory" || w == "--cwd") && i+1 < len(words) {
			base = abs(words[i+1], dir, home)
		}
		for _, c := range candidates(w) {
			p := abs(c, base, home)
			if p == "" {
				continue
			}
			if isCred(p) || isCred(realpath.Prefix(p)) {
				return c, true
			}
			if base != dir {
				if q := abs(c, dir, home); q != "" && (isCred(q) || isCred(realpath.Prefix(q))) {
					return c, true
				}
			}
		}
	}
	return "", false
}

// candidates are the paths a word may name.
func candidates(w string) []string {
	var out []string
	add := func(s string) {
		s = strings.TrimPrefix(s, "@")
		if s != "" && !strings.HasPrefix(s, "-") {
			out = append(out, s)
		}
	}
	add(w)
	if _, v, ok := strings.Cut(w, "="); ok {
		add(v)
	}
	if strings.HasPrefix(w, "-") && !strings.HasPrefix(w, "--") && len(w) > 2 && strings.ContainsAny(w, "/~") {
		add(w[2:]) // -T~/.aws/credentials, -f/root/.netrc
	}
	if strings.ContainsAny(w, " \t\n;|&") {
		for _, f := range strings.FieldsFunc(w, func(r rune) bool { return strings.ContainsRune(" \t\n;|&<>()'\"`", r) }) {
			if f != w {
				out = append(out, candidates(f)...)
			}
		}
	}
	return out
}

// abs makes a path absolute: ~ is home, a relative one is below dir.
func abs(p, dir, home string) string {
	switch {
	case p == "~" || strings.HasPrefix(p, "~/"):
		if home == "" {
			return ""
		}
		p = home + p[1:]
	case !filepath.IsAbs(p):
		if dir == "" {
			dir, _ = os.Getwd()
		}
		p = filepath.Join(dir, p)
	}
	return filepath.Clean(p)
}

var encoders = lazy.Value[map[string]bool]{New: func() map[string]bool {
	m := map[string]bool{}
	for _, l := range strings.Split(string(defaults.Read("safety/encoders.txt")), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			m[l] = true
		}
	}
	return m
}}

// Encodes reports whether a command line runs a program that turns what
// it reads into another form (defaults/safety/encoders.txt: base64, xxd,
// tar, gzip…), anywhere in it, nested lines included, and which.
func Encodes(cmd string) (string, bool) {
	for _, w := range Words(cmd) {
		for _, c := range append([]string{w}, strings.Fields(w)...) {
			if b := filepath.Base(c); encoders.Get()[b] {
				return b, true
			}
		}
	}
	return "", false
}

// GitConfigRunsCode reports whether a git setting (section.sub.key, any
// case) with this value makes git run a program: alias.x = !…,
// core.pager, core.hooksPath, filter.*.clean, credential.helper…
func GitConfigRunsCode(key, value string) bool {
	return gitConfig(key+"="+value) != ""
}
