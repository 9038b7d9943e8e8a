package learn

import (
	"fmt"
	"io"
	"strconv"
)

const rulesUsage = `usage: lacy rules [forget N|all]
Lists what lacy learned from you: corrections (a failed line you fixed by
hand twice) and routes (a line shape you forced to the shell or the agent
twice), numbered; "forget N" removes one, "forget all" every one.
`

// Run is `lacy rules` and `/rules`: it lists the learned rules, numbered,
// or forgets one or all of them. It returns the exit status.
func Run(out, errOut io.Writer, s *Store, args []string) int {
	if s == nil {
		fmt.Fprintln(errOut, "lacy: rules: no state directory: nothing is learned")
		return 1
	}
	s.Refresh()
	switch {
	case len(args) == 0 || args[0] == "list":
		list := s.List()
		if len(list) == 0 {
			fmt.Fprintln(out, "nothing learned yet")
			return 0
		}
		for i, e := range list {
			state := "learned"
			if !e.Active {
				state = fmt.Sprintf("seen %d×, used from %d×", e.Count, Times)
			}
			fmt.Fprintf(out, "%3d  %-5s  %s → %s  (%s)\n", i+1, e.Kind, e.From, e.To, state)
		}
		return 0
	case args[0] == "forget" && len(args) == 2:
		n := 0
		if args[1] != "all" {
			var err error
			if n, err = strconv.Atoi(args[1]); err != nil || n < 1 {
				fmt.Fprintf(errOut, "lacy: rules: forget %q: want a number from the list or all\n", args[1])
				return 2
			}
		}
		k, err := s.Forget(n)
		if err != nil {
			fmt.Fprintf(errOut, "lacy: rules: %v\n", err)
			return 1
		}
		if k == 0 {
			fmt.Fprintln(errOut, "lacy: rules: nothing to forget")
			return 1
		}
		fmt.Fprintf(out, "forgot %d\n", k)
		return 0
	case args[0] == "-h" || args[0] == "--help":
		fmt.Fprint(out, rulesUsage)
		return 0
	}
	fmt.Fprint(errOut, rulesUsage)
	return 2
}
