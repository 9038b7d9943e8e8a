package cli

import (
	"github.com/lacy-sh/lacy/internal/app"
	"github.com/lacy-sh/lacy/runtime/learn"
	"github.com/lacy-sh/lacy/runtime/session"
)

// cmdRules implements `lacy rules [forget N|all]`: what lacy learned from
// the user (runtime/learn).
func cmdRules(f *app.Factory, args []string) error {
	s, err := session.Learned()
	if err != nil {
		return err
	}
	return app.Status(learn.Run(f.IO.Out, f.IO.ErrOut, s, args))
}
