package cli

import (
	"github.com/lacy-sh/lacy/runtime/agentsetup"
	"github.com/lacy-sh/lacy/runtime/iostreams"
	"github.com/lacy-sh/lacy/runtime/session"
	"github.com/lacy-sh/lacy/stdlib"
)

func init() {
	subcommands["run"] = cmdRun
}

// cmdRun implements `lacy run file.lua [args…]`.
func cmdRun(ios *iostreams.IO, args []string) int {
	log, closeLog := session.OpenLog()
	defer closeLog()
	agents := &agentsetup.Scripts{Logger: log}
	defer agents.Close()
	return stdlib.RunScript(ios, args, stdlib.Deps{IO: ios, Logger: log, Agents: agents.For})
}
