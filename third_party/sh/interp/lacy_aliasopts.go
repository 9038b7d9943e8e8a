// lacy patch (omb): alias's options, as bash has them: -p prints every
// alias (in the form that defines it again) before the names given, and
// "--" ends the options.

package interp

// aliasOptions takes alias's leading options off args; printAll is -p. An
// unknown option is reported with bash's usage line, and ok is false.
func (r *Runner) aliasOptions(args []string) (rest []string, printAll, ok bool) {
	for len(args) > 0 {
		a := args[0]
		if a == "--" {
			return args[1:], printAll, true
		}
		if len(a) < 2 || a[0] != '-' {
			break
		}
		for _, c := range a[1:] {
			if c != 'p' {
				r.errf("alias: -%c: invalid option\nalias: usage: alias [-p] [name[=value] ... ]\n", c)
				return nil, false, false
			}
		}
		printAll = true
		args = args[1:]
	}
	return args, printAll, true
}
