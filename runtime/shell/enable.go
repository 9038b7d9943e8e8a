package shell

import (
	"fmt"
	"slices"

	"mvdan.cc/sh/v3/interp"
)

// builtinEnable is bash's enable as far as lacy can honour it: listing the
// builtins (enable, -a, -p, -s for the special ones) and checking names
// (status 1 for a name that is no builtin). Builtins cannot be turned off
// (-n) nor loaded from files (-f); enable says so and fails.
func (s *Shell) builtinEnable(hc interp.HandlerContext, args []string) int {
	special := false
	for len(args) > 0 && len(args[0]) > 1 && args[0][0] == '-' {
		if args[0] == "--" {
			args = args[1:]
			break
		}
		for _, c := range args[0][1:] {
			switch c {
			case 'a', 'p':
			case 's':
				special = true
			case 'n', 'f', 'd':
				fmt.Fprintf(hc.Stderr, "%s: enable: -%c: not supported: lacy's builtins cannot be disabled or loaded\n", s.opts.Name, c)
				return 1
			default:
				fmt.Fprintf(hc.Stderr, "%s: enable: -%c: invalid option\nenable: usage: enable [-a] [-dnps] [-f filename] [name ...]\n", s.opts.Name, c)
				return 2
			}
		}
		args = args[1:]
	}
	names := Builtins()
	if len(args) == 0 {
		names = slices.Clone(names)
		slices.Sort(names)
		for _, name := range slices.Compact(names) {
			if !special || isSpecialBuiltin(name) {
				fmt.Fprintf(hc.Stdout, "enable %s\n", name)
			}
		}
		return 0
	}
	status := 0
	for _, name := range args {
		if !slices.Contains(names, name) && !interp.IsBuiltin(name) {
			fmt.Fprintf(hc.Stderr, "%s: enable: %s: not a shell builtin\n", s.opts.Name, name)
			status = 1
		}
	}
	return status
}

// isSpecialBuiltin reports whether name is one of POSIX's special builtins
// (enable -s). A switch, not a map: nothing to build at initialisation.
func isSpecialBuiltin(name string) bool {
	switch name {
	case "break", ":", ".", "continue", "eval", "exec", "exit", "export", "readonly", "return",
		"set", "shift", "trap", "unset", "times":
		return true
	}
	return false
}
