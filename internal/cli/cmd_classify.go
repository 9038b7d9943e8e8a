package cli

import (
	"fmt"
	"io"

	"github.com/lacy-sh/lacy/runtime/iostreams"
	"github.com/lacy-sh/lacy/runtime/route"
	"github.com/lacy-sh/lacy/runtime/session"
)

func init() { subcommands["classify"] = cmdClassify }

// cmdClassify implements `lacy classify [text…]` with the user's config and
// the real PATH: the same classifier the prompt uses.
func cmdClassify(ios *iostreams.IO, args []string) int {
	_, cfg := session.LoadConfig(session.ConfigOptions{Print: io.Discard, ErrOut: ios.ErrOut, Sandbox: true})
	c, _, err := session.NewClassifier(cfg, nil)
	if err != nil {
		fmt.Fprintf(ios.ErrOut, "lacy: classify: %v\n", err)
		return 1
	}
	return route.RunClassify(ios, args, c)
}
