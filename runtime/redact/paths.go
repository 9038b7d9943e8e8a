package redact

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/lacy-sh/lacy/defaults"
	"github.com/lacy-sh/lacy/internal/lazy"
)

// CredentialPathsFile is the embedded list of credential files.
const CredentialPathsFile = "redact/credential-paths.txt"

type pathPattern struct {
	glob   string
	home   bool // relative to the home directory
	base   bool // matches a file name in any directory
	negate bool
}

var credentialPaths = lazy.Value[[]pathPattern]{New: func() []pathPattern {
	var out []pathPattern
	for _, l := range strings.Split(string(defaults.Read(CredentialPathsFile)), "\n") {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		p := pathPattern{}
		if p.negate = strings.HasPrefix(l, "!"); p.negate {
			l = l[1:]
		}
		switch {
		case strings.HasPrefix(l, "~/"):
			p.home, l = true, l[2:]
		case !strings.Contains(l, "/"):
			p.base = true
		}
		p.glob = l
		out = append(out, p)
	}
	return out
}}

// CredentialFile reports whether path (absolute and clean) is a file that
// holds credentials: ~/.ssh/*, ~/.netrc, ~/.aws/credentials, .env… as
// listed in defaults/redact/credential-paths.txt. A pattern ending in /*
// covers everything below its directory.
func CredentialFile(path string) bool {
	home, _ := os.UserHomeDir()
	hit := false
	for _, p := range credentialPaths.Get() {
		if p.match(path, home) {
			if p.negate {
				return false
			}
			hit = true
		}
	}
	return hit
}

func (p pathPattern) match(path, home string) bool {
	if p.base {
		ok, _ := filepath.Match(p.glob, filepath.Base(path))
		return ok
	}
	glob := p.glob
	if p.home {
		if home == "" {
			return false
		}
		glob = filepath.Join(home, glob)
	}
	if ok, _ := filepath.Match(glob, path); ok {
		return true
	}
	if dir, ok := strings.CutSuffix(glob, "/*"); ok {
		return strings.HasPrefix(path, dir+"/")
	}
	return false
}
