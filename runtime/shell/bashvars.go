package shell

import (
	"os"
	"runtime"

	"mvdan.cc/sh/v3/expand"
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

// bashEnv is the shell's starting environment plus bash's identity
// variables: BASH (lacy's own path, which `exec "$BASH"` restarts),
// BASH_VERSION, the read-only BASH_VERSINFO, and HOSTTYPE/OSTYPE/MACHTYPE/
// HOSTNAME when the environment does not have them — none exported, as in bash. They
// are part of the environment the runner starts from rather than set by a
// statement, which would cost a parse and set $PIPESTATUS before the first
// command.
type bashEnv struct {
	expand.Environ
	vars map[string]expand.Variable
}

func newBashEnv(base expand.Environ, self string) bashEnv {
	str := func(v string) expand.Variable { return expand.Variable{Set: true, Kind: expand.String, Str: v} }
	vars := map[string]expand.Variable{
		"BASH":         str(self),
		"BASH_VERSION": str(BashVersion),
		"BASH_VERSINFO": {Set: true, ReadOnly: true, Kind: expand.Indexed,
			List: []string{bashMajor, bashMinor, bashPatch, bashBuild, bashRelease, machType()}},
	}
	host, _ := os.Hostname() // bash's HOSTNAME (vte.sh's OSC 7, prompts)
	for name, v := range map[string]string{"HOSTTYPE": hostType(), "OSTYPE": osType(), "MACHTYPE": machType(), "HOSTNAME": host} {
		if !base.Get(name).IsSet() {
			vars[name] = str(v)
		}
	}
	return bashEnv{Environ: base, vars: vars}
}

// Get implements expand.Environ.
func (e bashEnv) Get(name string) expand.Variable {
	if v, ok := e.vars[name]; ok {
		return v
	}
	return e.Environ.Get(name)
}

// Each implements expand.Environ; bash's own variables come last, so they
// win over inherited ones of the same name.
func (e bashEnv) Each(f func(name string, vr expand.Variable) bool) {
	stop := false
	e.Environ.Each(func(name string, vr expand.Variable) bool {
		if _, ok := e.vars[name]; ok {
			return true
		}
		if !f(name, vr) {
			stop = true
			return false
		}
		return true
	})
	if stop {
		return
	}
	for name, v := range e.vars {
		if !f(name, v) {
			return
		}
	}
}

// selfPath is lacy's own executable, for $BASH.
func selfPath(name string) string {
	if p, err := os.Executable(); err == nil {
		return p
	}
	return name
}
