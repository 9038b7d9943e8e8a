package cli

import (
	"fmt"

	"github.com/lacy-sh/lacy/runtime/iostreams"
	"github.com/lacy-sh/lacy/runtime/learn"
	"github.com/lacy-sh/lacy/runtime/session"
)

func init() { subcommands["rules"] = cmdRules }

// cmdRules implements `lacy rules [forget N|all]`: what lacy learned from
// the user (runtime/learn).
func cmdRules(ios *iostreams.IO, args []string) int {
	s, err := session.Learned()
	if err != nil {
		fmt.Fprintf(ios.ErrOut, "lacy: rules: %v\n", err)
		return 1
	}
	return learn.Run(ios.Out, ios.ErrOut, s, args)
}
