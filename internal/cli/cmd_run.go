package cli

import (
	"github.com/lacy-sh/lacy/internal/app"
	"github.com/lacy-sh/lacy/runtime/agentsetup"
	"github.com/lacy-sh/lacy/stdlib"
)

// cmdRun implements `lacy run file.lua [args…]`.
func cmdRun(f *app.Factory, args []string) error {
	ios := f.IO
	log, closeLog := f.OpenLog()
	defer closeLog()
	agents := &agentsetup.Scripts{Logger: log}
	defer agents.Close()
	return app.Status(stdlib.RunScript(ios, args, stdlib.Deps{IO: ios, Logger: log, Agents: agents.For}))
}
