// lacy patch 036: break and continue arguments, as bash.

package interp

import (
	"strconv"
)

// loopControl sets how many enclosing loops break or continue leaves. As in
// bash, a count that is no number is fatal (status 128 in a script), a
// count below 1 an error, too many arguments abort the command line, and a
// count above the loops nesting leaves them all.
func (r *Runner) loopControl(name string, enclosing *int, args []string) (exit exitStatus) {
	if len(args) > 0 && args[0] == "--" {
		args = args[1:]
	}
	switch len(args) {
	case 0:
		*enclosing = 1
	case 1:
		n, err := strconv.Atoi(args[0])
		if err != nil {
			r.errf("%s: %s: numeric argument required\n", name, args[0])
			exit.code = 128
			if r.interactive {
				exit.abortLine = true // an interactive shell goes on
			} else {
				exit.exiting = true
			}
			return exit
		}
		if n < 1 {
			r.errf("%s: %d: loop count out of range\n", name, n)
			exit.code = 1
			*enclosing = 1 // bash leaves the loop all the same
			return exit
		}
		*enclosing = n
	default:
		r.errf("%s: too many arguments\n", name)
		exit.code = 1
		exit.abortLine = true
	}
	return exit
}
