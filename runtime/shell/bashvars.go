package shell

import (
	"context"
	"os"
	"runtime"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// The bash release whose features lacy's interpreter implements (traps with
// DEBUG and RETURN, printf -v, read's flags, descriptors above 2, bind -x in
// the interactive shell), as BASH_VERSION and BASH_VERSINFO say it. Scripts
// test these before using a feature (bash-preexec needs 3.1, starship and
// kubectl's completion 4.4, oh-my-bash 3.2, PROMPT_COMMAND arrays 5.1).
const (
	bashMajor   = "5"
	bashMinor   = "2"
	bashPatch   = "15"
	bashBuild   = "1"
	bashRelease = "release"
)

// BashVersion is the value of $BASH_VERSION in lacy's shells.
const BashVersion = bashMajor + "." + bashMinor + "." + bashPatch + "(" + bashBuild + ")-" + bashRelease

// hostType, osType and machType are bash's HOSTTYPE, OSTYPE and MACHTYPE for
// the platform lacy runs on.
func hostType() string {
	switch runtime.GOARCH {
	case "amd64":
		return "x86_64"
	case "arm64":
		return "aarch64"
	case "386":
		return "i686"
	}
	return runtime.GOARCH
}

func osType() string {
	if runtime.GOOS == "linux" {
		return "linux-gnu"
	}
	return runtime.GOOS
}

func machType() string {
	vendor := "pc"
	if runtime.GOOS == "darwin" {
		vendor = "apple"
	}
	return hostType() + "-" + vendor + "-" + osType()
}

// bashVarsSource is the statement that sets bash's identity variables:
// BASH (lacy's own path, which `exec "$BASH"` restarts), BASH_VERSION, the
// read-only BASH_VERSINFO, and HOSTTYPE/OSTYPE/MACHTYPE when the
// environment does not have them — none exported, as in bash.
func bashVarsSource(self string, has func(string) bool) string {
	q := func(s string) string {
		out, _ := syntax.Quote(s, syntax.LangBash)
		return out
	}
	var b strings.Builder
	b.WriteString("BASH=" + q(self) + " BASH_VERSION=" + q(BashVersion))
	for _, kv := range [][2]string{{"HOSTTYPE", hostType()}, {"OSTYPE", osType()}, {"MACHTYPE", machType()}} {
		if !has(kv[0]) {
			b.WriteString(" " + kv[0] + "=" + q(kv[1]))
		}
	}
	b.WriteString("\nBASH_VERSINFO=(" + bashMajor + " " + bashMinor + " " + bashPatch + " " + bashBuild +
		" " + bashRelease + " " + q(machType()) + ")\nreadonly BASH_VERSINFO\n")
	return b.String()
}

// setBashVars sets bash's identity variables in the runner (see
// bashVarsSource).
func (s *Shell) setBashVars() {
	self, err := os.Executable()
	if err != nil {
		self = s.opts.Name
	}
	src := bashVarsSource(self, func(name string) bool { return s.runner.Env.Get(name).IsSet() })
	if f, err := s.parser.Parse(strings.NewReader(src), ""); err == nil {
		for _, st := range f.Stmts {
			_ = s.runner.Run(context.Background(), st)
		}
	}
}
