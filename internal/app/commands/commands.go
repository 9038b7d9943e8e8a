// Package commands is lacy's one table of subcommands (`lacy run`, `lacy
// ask`, …): their names and usage lines. Both binaries read it: `lacy` (the
// shell) to tell a subcommand, which it hands to lacy-full, from a script it
// runs itself, and internal/app to dispatch and to print the usage. It
// imports nothing, so reading it costs `lacy -c` no start-up time.
package commands

import "strings"

// Spec is one subcommand.
type Spec struct {
	// Name is the word after `lacy`.
	Name string
	// Usage is the command's line in `lacy --help`, after "lacy " (the
	// column of its summary included); "" keeps it out of the usage.
	Usage string
}

// Table lists every subcommand, in the order of `lacy --help`.
var Table = []Spec{
	{"run", "run file.lua [args…]   run a Lua automation with the lacy stdlib"},
	{"classify", "classify [text…]       print route<TAB>rule<TAB>text for each line (args or stdin)"},
	{"ask", "ask [--agent NAME] [text]  one-shot agent answer; stdin is added as context"},
	{"fix", "fix [--exit N] [--output FILE|-] [--offline] -- CMD…  fixes of a failed command, best first"},
	{"rules", "rules [forget N|all]   what lacy learned from you: corrections, routes"},
	{"suggest", "suggest [-n N] TEXT    commands for a request, one per line, best first"},
	{"explain", "explain [--offline] 'CMD'  what a command line does (offline without a model)"},
	{"mcp", "mcp                    serve MCP on stdin/stdout: history, last failure, aliases, fixes (docs/mcp.md)"},
	{"lua-defs", "lua-defs [DIR]         write LuaLS definitions for the lacy API"},
	{"doctor", "doctor                 config files, models and paths in use"},
	{"undo", "undo [list | ID]       put back what the last agent change (write_file, an approved\n                              destructive command) replaced or deleted; list lists the kept ones"},
	{"help", ""},
	// The agent process the interactive shell starts (runtime/agentproc).
	{"agent-serve", ""},
}

// Lookup returns the subcommand called name.
func Lookup(name string) (Spec, bool) {
	for _, s := range Table {
		if s.Name == name {
			return s, true
		}
	}
	return Spec{}, false
}

// IsScript reports whether a first argument names a script (`lacy deploy`,
// `lacy ./run`) rather than a subcommand or an option: a word with a slash
// always does, as in bash.
func IsScript(arg string) bool {
	if strings.HasPrefix(arg, "-") {
		return false
	}
	if strings.Contains(arg, "/") {
		return true
	}
	_, ok := Lookup(arg)
	return !ok
}

// UsageLines returns the subcommands' lines of `lacy --help`, each indented
// by two spaces and ending in a newline.
func UsageLines() string {
	var b strings.Builder
	for _, s := range Table {
		if s.Usage != "" {
			b.WriteString("  lacy " + s.Usage + "\n")
		}
	}
	return b.String()
}
