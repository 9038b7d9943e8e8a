// Package cli holds lacy-full's subcommands (`lacy run`, `lacy ask`, …),
// each built from an app.Factory and returning an error that internal/app
// turns into the exit status. The names and usage lines are the one table
// internal/app/commands; Commands binds each to its code.
package cli

import "github.com/lacy-sh/lacy/internal/app"

// Commands are the subcommands of commands.Table ("help" is app.Main's
// own), by name.
var Commands = map[string]app.Command{
	"run":      cmdRun,
	"classify": cmdClassify,
	"ask":      cmdAsk,
	"fix":      cmdFix,
	"rules":    cmdRules,
	"suggest":  cmdSuggest,
	"explain":  cmdExplain,
	"mcp":      cmdMCP,
	"lua-defs": cmdLuaDefs,
	"doctor":   cmdDoctor,
	"undo":     cmdUndo,

	"agent-serve": cmdAgentServe,
}
