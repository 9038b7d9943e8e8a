package shell

import (
	"fmt"
	"io"
	"slices"
	"strings"
)

// setOptNames are the options of bash's `set -o`, in the order bash lists
// them.
var setOptNames = []string{
	"allexport", "braceexpand", "emacs", "errexit", "errtrace", "functrace", "hashall",
	"histexpand", "history", "ignoreeof", "interactive-comments", "keyword", "monitor",
	"noclobber", "noexec", "noglob", "nolog", "notify", "nounset", "onecmd", "physical",
	"pipefail", "posix", "privileged", "verbose", "vi", "xtrace",
}

// setOptsOn returns the set -o options that are on: those the interpreter
// lists in $SHELLOPTS (shellopts), and the editing mode last chosen.
func (s *Shell) setOptsOn(shellopts string) map[string]bool {
	on := map[string]bool{}
	for _, name := range strings.Split(shellopts, ":") {
		on[name] = true
	}
	delete(on, "emacs")
	delete(on, "vi")
	switch mode := s.EditingMode(); mode {
	case "emacs", "vi":
		on[mode] = true
	case "":
		if s.opts.Interactive {
			on["emacs"] = true
		}
	}
	return on
}

// printSetOpts is `shopt -o [-p] [NAME...]`: each option (all without
// names) as `name<TAB>on|off`, or with -p as the `set -o name` / `set +o
// name` that restores it. The status is 1 when a name is no option or a
// named option is off, as in bash.
func (s *Shell) printSetOpts(w, errw io.Writer, shellopts string, names []string, reusable bool) int {
	on := s.setOptsOn(shellopts)
	status := 0
	all := len(names) == 0
	if all {
		names = setOptNames
	}
	for _, name := range names {
		if !slices.Contains(setOptNames, name) {
			fmt.Fprintf(errw, "shopt: %s: invalid option name\n", name)
			status = 1
			continue
		}
		switch {
		case reusable && on[name]:
			fmt.Fprintf(w, "set -o %s\n", name)
		case reusable:
			fmt.Fprintf(w, "set +o %s\n", name)
		case on[name]:
			fmt.Fprintf(w, "%-15s\ton\n", name)
		default:
			fmt.Fprintf(w, "%-15s\toff\n", name)
		}
		if !on[name] && !all {
			status = 1
		}
	}
	return status
}
