// lacy patch: Shebang and isShellExt replace two regular expressions; these
// tests hold them to what the expressions matched.

package fileutil

import (
	"regexp"
	"testing"
)

var (
	shebangRe = regexp.MustCompile(`^#![ \t]*/(usr/)?bin/(env[ \t]+)?(sh|dash|bash|mksh|bats|zsh)(\s|$)`)
	extRe     = regexp.MustCompile(`\.(sh|bash|mksh|bats|zsh)$`)
)

func shebangByRegexp(bs []byte) string {
	m := shebangRe.FindSubmatch(bs)
	if m == nil {
		return ""
	}
	return string(m[3])
}

var shebangSeeds = []string{
	"", "#!", "#!/bin/sh", "#!/bin/sh\n", "#!/bin/sh -e", "#! /bin/bash", "#!\t/usr/bin/env bash",
	"#!/usr/bin/env  \tzsh\n", "#!/usr/bin/envbash", "#!/usr/bin/env", "#!/usr/bin/env \n", "#!/bin/shx",
	"#!/bin/bats\r", "#!/bin/mksh\f", "#!/bin/dash\v", "#!/usr/usr/bin/sh", "#!/usr/local/bin/bash",
	"#!/bin/env sh", "#!/bin/env/sh", "#!bin/sh", " #!/bin/sh", "#!/bin/python", "#!/usr/bin/env python",
	"#!/usr/bin/env env sh", "#!/bin/bash\xff", "#!/bin/sh\xff", "#!/bin/zsh ", "#!/bin/bas",
}

func TestShebangMatchesTheRegexp(t *testing.T) {
	for _, s := range shebangSeeds {
		if got, want := Shebang([]byte(s)), shebangByRegexp([]byte(s)); got != want {
			t.Errorf("Shebang(%q) = %q, the regexp says %q", s, got, want)
		}
	}
}

var extSeeds = []string{"a.sh", "a.bash", "a.mksh", "a.bats", "a.zsh", "sh", "bash", "a.ksh", "a.b.sh",
	"a.sh.txt", "a.", ".", "a..sh", "a.SH", "ash", "x.zsh\n", "a/b.sh", "a.shh"}

func TestShellExtMatchesTheRegexp(t *testing.T) {
	for _, s := range extSeeds {
		if got, want := isShellExt(s), extRe.MatchString(s); got != want {
			t.Errorf("isShellExt(%q) = %v, the regexp says %v", s, got, want)
		}
	}
}

func FuzzShebang(f *testing.F) {
	for _, s := range shebangSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := Shebang([]byte(s)), shebangByRegexp([]byte(s)); got != want {
			t.Errorf("Shebang(%q) = %q, the regexp says %q", s, got, want)
		}
	})
}

func FuzzShellExt(f *testing.F) {
	for _, s := range extSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if s == "" {
			return // CouldBeScript2 never asks about an empty name
		}
		if got, want := isShellExt(s), extRe.MatchString(s); got != want {
			t.Errorf("isShellExt(%q) = %v, the regexp says %v", s, got, want)
		}
	})
}
