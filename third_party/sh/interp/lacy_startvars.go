// lacy patch: the variables bash sets at startup (PATH when unset, PS4,
// HOSTNAME, SHELL, PWD exported) and the dynamic SECONDS.

package interp

import (
	"os"
	"strconv"
	"strings"
	"time"

	"mvdan.cc/sh/v3/expand"
)

// DefaultPath is the PATH a shell started without one uses, as bash's
// default less its trailing ".".
const DefaultPath = "/usr/local/bin:/usr/local/sbin:/usr/bin:/usr/sbin:/bin:/sbin"

// processStart is when the shell started, the base of SECONDS.
var processStart = time.Now()

// startupVars sets what bash sets when it starts and the environment does
// not: PATH, PS4, HOSTNAME; PWD is exported.
func (r *Runner) startupVars() {
	if !r.writeEnv.Get("PATH").IsSet() {
		r.setVarString("PATH", DefaultPath)
	}
	if !r.writeEnv.Get("PS4").IsSet() {
		r.setVarString("PS4", "+ ")
	}
	if !r.writeEnv.Get("HOSTNAME").IsSet() {
		if h, err := os.Hostname(); err == nil {
			r.setVarString("HOSTNAME", h)
		}
	}
	if !r.writeEnv.Get("SHELL").IsSet() {
		r.setVarString("SHELL", loginShell())
	}
	r.setVar("PWD", expand.Variable{Set: true, Kind: expand.String, Str: r.Dir, Exported: true})
}

// loginShell is the user's shell in /etc/passwd, as bash sets SHELL when
// the environment has none; /bin/sh when there is no entry.
func loginShell() string {
	data, err := os.ReadFile("/etc/passwd")
	if err != nil {
		return "/bin/sh"
	}
	uid := strconv.Itoa(os.Getuid())
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Split(line, ":")
		if len(f) >= 7 && f[2] == uid && f[6] != "" {
			return f[6]
		}
	}
	return "/bin/sh"
}

// secondsValue is $SECONDS: the seconds since the shell started, or since
// SECONDS was assigned plus the value assigned.
func (r *Runner) secondsValue() string {
	base, off := processStart, 0
	if r.lacy != nil && r.lacy.secondsSet {
		base, off = r.lacy.secondsBase, r.lacy.secondsOffset
	}
	return strconv.Itoa(off + int(time.Since(base)/time.Second))
}

// setSeconds records an assignment to SECONDS.
func (r *Runner) setSeconds(value string) {
	n, _ := strconv.Atoi(value)
	l := r.lx()
	l.secondsSet, l.secondsBase, l.secondsOffset = true, time.Now(), n
}
