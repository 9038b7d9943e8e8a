package spec

import (
	"fmt"
	"slices"
	"strings"

	"github.com/lacy-sh/lacy/internal/textsim"
)

// Field is one key of a table that Lua configuration passes to lacy.
type Field struct {
	Name string
	// Type is the value's LuaLS type: "string", "integer", "string[]",
	// "lacy.Sandbox", `"auto"|"shell"`.
	Type string
	// Required keys are written without LuaLS's "?".
	Required bool
	// Doc is the one-line description LuaLS shows.
	Doc string
}

// Table lists the keys a declaration table accepts. It is the one list
// both the Lua readers (which refuse other keys) and the LuaLS
// definitions (`lacy lua-defs`) are made from.
type Table struct {
	// Class is the LuaLS class the definitions declare: "lacy.ModelSpec".
	Class string
	// Where names the table in errors: "lacy.model", "lacy.config: words".
	Where  string
	Fields []Field
}

// Keys returns the table's key names in order.
func (t *Table) Keys() []string {
	keys := make([]string, len(t.Fields))
	for i, f := range t.Fields {
		keys[i] = f.Name
	}
	return keys
}

// Has reports whether key is one of the table's keys.
func (t *Table) Has(key string) bool {
	return slices.ContainsFunc(t.Fields, func(f Field) bool { return f.Name == key })
}

// Unknown words the error for a key the table does not have, naming the
// known key most like it, as wezterm's strict config does:
// `unknown key "corect" (did you mean "correct"?)`, or listing the known
// keys when none is close.
func (t *Table) Unknown(key string) string {
	if s := Suggest(key, t.Keys()); s != "" {
		return fmt.Sprintf("unknown key %q (did you mean %q?)", key, s)
	}
	return fmt.Sprintf("unknown key %q (known: %s)", key, strings.Join(t.Keys(), ", "))
}

// Suggest returns the candidate most like word, or "" when none is alike
// enough: a Ratcliff/Obershelp ratio of at least 0.6, the cut-off of
// Python's difflib.get_close_matches. Words longer than 64 bytes are not
// compared.
func Suggest(word string, candidates []string) string {
	if len(word) > 64 {
		return ""
	}
	lw := strings.ToLower(word)
	best, bestRatio := "", 0.6
	for _, c := range candidates {
		r := 2 * float64(textsim.Matching(lw, c)) / float64(len(lw)+len(c))
		if r >= bestRatio && (best == "" || r > bestRatio) {
			best, bestRatio = c, r
		}
	}
	return best
}

// Render writes the table as a LuaLS class: a ---@class line and one
// ---@field line per key.
func (t *Table) Render() string {
	var b strings.Builder
	fmt.Fprintf(&b, "---@class %s\n", t.Class)
	for _, f := range t.Fields {
		opt := "?"
		if f.Required {
			opt = ""
		}
		fmt.Fprintf(&b, "---@field %s%s %s", f.Name, opt, f.Type)
		if f.Doc != "" {
			b.WriteString(" " + f.Doc)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// Names of the choices some keys accept.
var (
	// Providers that lacy.model accepts.
	Providers = []string{"openai", "anthropic", "ollama", "googleai"}
	// Roles that lacy.config{ models = {...} } accepts.
	Roles = []string{"agent", "predict", "translate", "correct"}
	// ParamTypes that a tool's parameter may have.
	ParamTypes = []string{"string", "number", "integer", "boolean", "array", "object"}
	// Modes that lacy.config{ mode = … } accepts.
	Modes = []string{"auto", "shell", "agent"}
	// LogLevels that lacy.config{ log_level = … } accepts.
	LogLevels = []string{"debug", "info", "warn", "error"}
)

// choice is the LuaLS type of a string restricted to names.
func choice(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = `"` + n + `"`
	}
	return strings.Join(q, "|")
}

// The choices' LuaLS types, choice(ParamTypes), choice(Modes) and
// choice(LogLevels), written out so that the tables below are data the
// compiler lays out, with no code at package initialisation
// (TestChoiceTypesListTheNames keeps them equal).
const (
	paramTypeChoice = `"string"|"number"|"integer"|"boolean"|"array"|"object"`
	modeChoice      = `"auto"|"shell"|"agent"`
	logLevelChoice  = `"debug"|"info"|"warn"|"error"`
)

// The declaration tables. Tables lists them in the order the definitions
// file shows them.
var (
	ModelTable = Table{Class: "lacy.ModelSpec", Where: "lacy.model", Fields: []Field{
		{Name: "provider", Type: "lacy.Provider", Required: true},
		{Name: "model", Type: "string", Required: true, Doc: `the provider's model id, e.g. "qwen2.5-coder:7b"`},
		{Name: "base_url", Type: "string", Doc: `server address, e.g. "http://127.0.0.1:1234/v1"`},
		{Name: "api_key", Type: "string", Doc: `usually os.getenv("..."); never logged`},
		{Name: "temperature", Type: "number", Doc: "0 to 2"},
		{Name: "max_tokens", Type: "integer"},
		{Name: "timeout", Type: "number|string", Doc: `seconds, or a duration like "30s"`},
	}}
	AgentTable = Table{Class: "lacy.AgentSpec", Where: "lacy.agent", Fields: []Field{
		{Name: "model", Type: "string", Doc: "a model declared earlier with lacy.model"},
		{Name: "system", Type: "string", Doc: "the system prompt"},
		{Name: "tools", Type: "string[]", Doc: `tool names, MCP servers ("fs": all its tools) or MCP tools ("fs.read_file"); absent: the built-in and Lua tools; {}: none`},
		{Name: "temperature", Type: "number", Doc: "0 to 2"},
		{Name: "sandbox", Type: "false|lacy.Sandbox", Doc: "bounds the agent's commands (Landlock); false turns it off"},
	}}
	SandboxTable = Table{Class: "lacy.Sandbox", Where: "sandbox", Fields: []Field{
		{Name: "write", Type: "string[]", Doc: "more writable paths (absolute or ~/…), besides the working tree and the temp dir"},
		{Name: "read_deny", Type: "string[]", Doc: "more paths neither read nor written, besides ~/.ssh, ~/.aws…"},
		{Name: "network", Type: "boolean", Doc: "allow TCP (default false)"},
	}}
	ParamTable = Table{Class: "lacy.ToolParam", Where: "lacy.tool: parameters", Fields: []Field{
		{Name: "type", Type: paramTypeChoice},
		{Name: "description", Type: "string"},
		{Name: "required", Type: "boolean"},
	}}
	ToolTable = Table{Class: "lacy.ToolSpec", Where: "lacy.tool", Fields: []Field{
		{Name: "description", Type: "string", Required: true, Doc: "what the model reads to decide when to call it"},
		{Name: "parameters", Type: "table<string, lacy.ToolParam>"},
		{Name: "run", Type: "fun(args: table): string|table|nil", Required: true, Doc: "the result sent to the model (a table as JSON)"},
		{Name: "confirm", Type: "boolean", Doc: "ask the user before each call"},
	}}
	MCPTable = Table{Class: "lacy.MCPSpec", Where: "lacy.mcp", Fields: []Field{
		{Name: "command", Type: "string", Doc: "a server speaking MCP on stdin and stdout"},
		{Name: "args", Type: "string[]"},
		{Name: "env", Type: "table<string, string>", Doc: "added to lacy's environment"},
		{Name: "cwd", Type: "string"},
		{Name: "url", Type: "string", Doc: "a streamable HTTP server instead"},
		{Name: "headers", Type: "table<string, string>", Doc: "sent with every request to url"},
		{Name: "sandbox", Type: "false|lacy.Sandbox", Doc: "bounds a command server's process, as for agents"},
		{Name: "timeout", Type: "number|string", Doc: `seconds (or "30s") one tool call may take; default 60`},
	}}
	RuleTable = Table{Class: "lacy.RuleSpec", Where: "lacy.rule", Fields: []Field{
		{Name: "match", Type: "fun(f: lacy.Failure): boolean", Doc: "whether the rule applies (absent: always)"},
		{Name: "fix", Type: "fun(f: lacy.Failure): string|string[]|nil", Required: true, Doc: "the fix, or fixes best first"},
	}}

	RolesTable = Table{Class: "lacy.Roles", Where: "lacy.config: models", Fields: []Field{
		{Name: "agent", Type: "string", Doc: "the default agent's model (else the first reachable)"},
		{Name: "predict", Type: "string", Doc: "ghost-text prediction when history has nothing"},
		{Name: "translate", Type: "string", Doc: "`? request`'s model (else the agent's)"},
		{Name: "correct", Type: "string", Doc: "the fix line's model"},
	}}
	WordsTable = Table{Class: "lacy.Words", Where: "lacy.config: words", Fields: []Field{
		{Name: "agent", Type: "string[]"},
		{Name: "reserved", Type: "string[]"},
		{Name: "nl", Type: "string[]"},
		{Name: "shell", Type: "string[]"},
	}}
	TranslateTable = Table{Class: "lacy.TranslateOptions", Where: "lacy.config: translate", Fields: []Field{
		{Name: "alternatives", Type: "integer", Doc: "commands asked for, 1 to 5 (default 3)"},
		{Name: "explain_key", Type: "string", Doc: `the key explaining the line's command (default "C-e"; "" turns it off)`},
		{Name: "prefix", Type: "string", Doc: `starts a request (default "?")`},
	}}
	CorrectTable = Table{Class: "lacy.CorrectOptions", Where: "lacy.config: correct", Fields: []Field{
		{Name: "enabled", Type: "boolean", Doc: "the fix line after a failed command (default true)"},
		{Name: "auto_model", Type: "boolean", Doc: "ask the correct model at once when no rule fires"},
	}}
	TerminalTable = Table{Class: "lacy.TerminalOptions", Where: "lacy.config: terminal", Fields: []Field{
		{Name: "marks", Type: "boolean", Doc: "OSC 133 prompt marks and OSC 7 (default true)"},
		{Name: "title", Type: "boolean", Doc: "the window title (default true)"},
	}}
	ContextTable = Table{Class: "lacy.ContextOptions", Where: "lacy.config: context", Fields: []Field{
		{Name: "files", Type: "false|string[]", Doc: "project files read besides AGENTS.md and .lacy/context.md; false: none"},
		{Name: "max_bytes", Type: "integer", Doc: "bound of the project files together (8192)"},
		{Name: "output", Type: "boolean", Doc: "tell agents the last command's output"},
	}}
	ServeTable = Table{Class: "lacy.MCPServerOptions", Where: "lacy.config: mcp_server", Fields: []Field{
		{Name: "run", Type: "boolean", Doc: "`lacy mcp` offers run_command (pre-approved commands only; docs/mcp.md)"},
	}}
	GitTable = Table{Class: "lacy.GitOptions", Where: "lacy.config: git", Fields: []Field{
		{Name: "timeout_ms", Type: "integer", Doc: "bound of one of lacy's own git reads"},
	}}
	PredictTable = Table{Class: "lacy.PredictOptions", Where: "lacy.config: predict", Fields: []Field{
		{Name: "budget", Type: "integer", Doc: "model predictions per session (default 200; 0 turns them off)"},
		{Name: "delay_ms", Type: "integer", Doc: "pause in typing before a request (default 250)"},
	}}
	OptionsTable = Table{Class: "lacy.Options", Where: "lacy.config", Fields: []Field{
		{Name: "mode", Type: modeChoice},
		{Name: "log_level", Type: logLevelChoice},
		{Name: "models", Type: "lacy.Roles", Doc: "the model of each role"},
		{Name: "words", Type: "lacy.Words", Doc: "additions to the routing word lists"},
		{Name: "approve", Type: "string[]", Doc: `tool calls that need no confirmation, e.g. "git status*", "fs.read_file", "fs.*"`},
		{Name: "correct", Type: "lacy.CorrectOptions", Doc: "the fix line after a failed command"},
		{Name: "max_tool_calls", Type: "integer", Doc: "tool calls an agent may make for one question (default 25)"},
		{Name: "translate", Type: "lacy.TranslateOptions", Doc: "`? request` (docs/translate.md)"},
		{Name: "terminal", Type: "lacy.TerminalOptions", Doc: "OSC 133 prompt marks, OSC 7 and the window title (docs/shell.md)"},
		{Name: "terminal_programs", Type: "string[]", Doc: "more programs that take over the terminal (run without output capture)"},
		{Name: "context", Type: "lacy.ContextOptions", Doc: "what agents are told (docs/agents.md)"},
		{Name: "mcp_server", Type: "lacy.MCPServerOptions", Doc: "`lacy mcp` (docs/mcp.md)"},
		{Name: "git", Type: "lacy.GitOptions", Doc: "lacy's own git reads"},
		{Name: "predict", Type: "lacy.PredictOptions", Doc: "ghost-text prediction by the predict model"},
		{Name: "instant_prompt", Type: "boolean", Doc: "draw the first prompt from the last session's at once (default true; docs/performance.md)"},
	}}
)

// Tables are all the declaration tables, in the order the definitions
// show them.
var Tables = []*Table{
	&ModelTable, &AgentTable, &SandboxTable, &ParamTable, &ToolTable, &MCPTable,
	&RolesTable, &WordsTable, &TranslateTable, &CorrectTable, &TerminalTable,
	&ContextTable, &ServeTable, &GitTable, &PredictTable, &OptionsTable, &RuleTable,
}

// TableOf returns the table whose LuaLS class is class, or nil.
func TableOf(class string) *Table {
	for _, t := range Tables {
		if t.Class == class {
			return t
		}
	}
	return nil
}
