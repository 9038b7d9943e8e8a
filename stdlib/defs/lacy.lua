---@meta lacy
-- LuaLS definitions for lacy's Lua API: the configuration functions
-- (init.lua, ~/.lacyrc.lua) and the standard library of scripts run with
-- `lacy run`. Written by `lacy lua-defs [DIR]`; do not edit, regenerate it
-- after upgrading lacy. Reference: docs/lua.md.

---@class lacy
local lacy = {}

-- Configuration ------------------------------------------------------------

---@alias lacy.Provider "openai"|"anthropic"|"ollama"|"googleai"

---@class lacy.ModelSpec
---@field provider lacy.Provider
---@field model string the provider's model id, e.g. "qwen2.5-coder:7b"
---@field base_url? string server address, e.g. "http://127.0.0.1:1234/v1"
---@field api_key? string usually os.getenv("..."); never logged
---@field temperature? number 0 to 2
---@field max_tokens? integer
---@field timeout? number|string seconds, or a duration like "30s"

--- Declares a model that agents and features refer to by name.
---@param name string
---@param spec lacy.ModelSpec
function lacy.model(name, spec) end

---@class lacy.AgentSpec
---@field model? string a model declared earlier with lacy.model
---@field system? string the system prompt
---@field tools? string[] tool names, MCP servers ("fs": all its tools) or MCP tools ("fs.read_file"); absent: the built-in and Lua tools; {}: none
---@field temperature? number 0 to 2

---@class lacy.ToolParam
---@field type? "string"|"number"|"integer"|"boolean"|"array"|"object"
---@field description? string
---@field required? boolean

---@class lacy.ToolSpec
---@field description string what the model reads to decide when to call it
---@field parameters? table<string, lacy.ToolParam>
---@field run fun(args: table): string|table|nil the result sent to the model (a table as JSON)
---@field confirm? boolean ask the user before each call

--- Declares a tool that agents may call.
---@param name string letters, digits, _ and -
---@param spec lacy.ToolSpec
function lacy.tool(name, spec) end

---@class lacy.MCPSpec
---@field command? string a server speaking MCP on stdin and stdout
---@field args? string[]
---@field env? table<string, string> added to lacy's environment
---@field cwd? string
---@field url? string a streamable HTTP server instead
---@field headers? table<string, string> sent with every request to url

--- Declares an MCP server whose tools agents may call. It starts on the
--- first request of an agent that lists it in its tools.
---@param name string letters, digits, - and single _
---@param spec lacy.MCPSpec
function lacy.mcp(name, spec) end

---@class lacy.Words
---@field agent? string[]
---@field reserved? string[]
---@field nl? string[]
---@field shell? string[]

---@class lacy.Options
---@field mode? "auto"|"shell"|"agent"
---@field log_level? "debug"|"info"|"warn"|"error"
---@field models? { agent?: string, predict?: string, translate?: string, correct?: string } agent: the default agent's model (else the first reachable); translate: `? request`'s (else the agent's); predict, correct: reserved, not used yet
---@field translate? { alternatives?: integer, explain_key?: string, prefix?: "?" } `? request` (docs/translate.md)
---@field words? lacy.Words
---@field approve? string[] tool calls that need no confirmation, e.g. "git status*", "fs.read_file", "fs.*"
---@field correct? { enabled?: boolean, auto_model?: boolean } the fix line after a failed command
---@field max_tool_calls? integer tool calls an agent may make for one question (default 25)
---@field terminal? { marks?: boolean, title?: boolean } OSC 133 prompt marks, OSC 7 and the window title (docs/shell.md); default on
---@field context? { files?: false|string[], max_bytes?: integer, output?: boolean } what agents are told: project files (AGENTS.md, .lacy/context.md, and these names; false: none), their bound (8192), the last command's output (docs/agents.md)
---@field mcp_server? { run?: boolean } `lacy mcp`: offer run_command (pre-approved commands only; docs/mcp.md)

--- Sets options; later calls merge.
---@param options lacy.Options
function lacy.config(options) end

---@class lacy.Failure
---@field command string the line as typed
---@field exit integer its exit status
---@field output string the end of its error output
---@field cwd string where it ran

---@class lacy.RuleSpec
---@field match? fun(f: lacy.Failure): boolean whether the rule applies (absent: always)
---@field fix fun(f: lacy.Failure): string|string[]|nil the fix, or fixes best first

--- Declares a correction rule; it runs before the built-in ones.
---@param name string
---@param spec lacy.RuleSpec
function lacy.rule(name, spec) end

--- Defines a shell alias.
---@param name string
---@param value string
function lacy.alias(name, value) end

---@class lacy.CompleteContext
---@field line string the command line up to the cursor
---@field words string[] the command's words as typed; the last is being completed
---@field current string the word being completed, as typed ("" after a blank)
---@field cwd string

---@class lacy.Candidate
---@field value string what Tab inserts
---@field description? string shown beside it in the menu

--- Completes a command's arguments on Tab: fn returns the candidates
--- (strings or lacy.Candidate tables), or nil for none; nil as fn removes it.
---@param command string
---@param fn (fun(ctx: lacy.CompleteContext): (string|lacy.Candidate)[]|nil)|nil
function lacy.complete(command, fn) end

---@class lacy.PromptContext
---@field exit integer status of the last command
---@field duration_ms integer how long it ran
---@field cwd string
---@field git_branch? string
---@field mode "auto"|"shell"|"agent"

--- Sets the prompt function (nil removes it). It must return quickly.
---@param fn fun(ctx: lacy.PromptContext): string?|nil
function lacy.prompt(fn) end

---@alias lacy.Event "startup"|"precmd"|"preexec"|"command_failed"|"agent_reply"

--- Runs fn(ev) on an event.
---@param event lacy.Event
---@param fn fun(ev: table)
function lacy.on(event, fn) end

--- The environment. lacy.env.NAME reads a variable (nil when unset);
--- lacy.env.NAME = value sets it, = nil unsets it.
---@class lacy.env
---@field [string] string?
lacy.env = {}

--- Returns a variable's value, or nil.
---@param name string
---@return string?
function lacy.env.get(name) end

--- Sets a variable.
---@param name string
---@param value string|number|boolean|nil nil unsets
function lacy.env.set(name, value) end

--- Unsets a variable.
---@param name string
function lacy.env.unset(name) end

--- Returns every variable.
---@return table<string, string>
function lacy.env.list() end

-- Agents -------------------------------------------------------------------

--- lacy.agent(name, spec) declares an agent (config); lacy.agent.ask and
--- lacy.agent.conversation talk to one (scripts).
---@class lacy.agent
---@overload fun(name: string, spec?: lacy.AgentSpec)
lacy.agent = {}

---@class lacy.AskOptions
---@field agent? string the agent's name; default: the default agent
---@field stream? boolean also print the answer to stdout as it arrives

--- Asks an agent one question and returns its answer.
---@param text string
---@param opts? lacy.AskOptions
---@return string answer
function lacy.agent.ask(text, opts) end

---@class lacy.Translation
---@field candidates string[] the commands, best first
---@field problem string why the best may not run here ("" when it passed the checks)
---@field destructive boolean the best would destroy data (runtime/safety)
---@field reason string why it is destructive

--- Turns a request into a command line, as `? request` does, without
--- running it: the best command, validated, and the details.
---@param text string
---@return string command
---@return lacy.Translation info
function lacy.translate(text) end

---@class lacy.Conversation
local Conversation = {}

--- Sends the next message and returns the answer.
---@param text string
---@param opts? { stream?: boolean }
---@return string answer
function Conversation:send(text, opts) end

--- The messages so far.
---@return { role: "user"|"assistant", text: string }[]
function Conversation:history() end

--- Forgets the messages so far.
function Conversation:reset() end

--- Starts a conversation of several turns with an agent.
---@param opts? { agent?: string }
---@return lacy.Conversation
function lacy.agent.conversation(opts) end

-- lacy.sh --------------------------------------------------------------------

---@class lacy.ShOptions
---@field cwd? string directory to run in
---@field env? table<string, string|false> variables to set (false unsets)
---@field stdin? string the command's standard input
---@field timeout? number seconds; the command is stopped and code is 124

---@class lacy.ShResult
---@field stdout string
---@field stderr string
---@field code integer exit status
---@field ok boolean code == 0

--- Runs bash-syntax commands. lacy.sh(cmd, opts) is lacy.sh.run(cmd, opts).
---@class lacy.sh
---@overload fun(cmd: string|string[], opts?: lacy.ShOptions): lacy.ShResult
lacy.sh = {}

--- Runs cmd and captures its output. A list of words is quoted for you.
---@param cmd string|string[]
---@param opts? lacy.ShOptions
---@return lacy.ShResult
function lacy.sh.run(cmd, opts) end

--- Runs cmd on the terminal (output is not captured) and returns its status.
---@param cmd string|string[]
---@param opts? lacy.ShOptions
---@return integer code
function lacy.sh.exec(cmd, opts) end

-- lacy.fs --------------------------------------------------------------------

--- Files. Paths may start with ~/. Failures raise errors.
lacy.fs = {}

---@param path string
---@return string contents
function lacy.fs.read(path) end

--- Creates or truncates the file.
---@param path string
---@param data string
function lacy.fs.write(path, data) end

--- Appends, creating the file if needed.
---@param path string
---@param data string
function lacy.fs.append(path, data) end

---@param path string
---@return boolean
function lacy.fs.exists(path) end

--- The names in a directory, sorted.
---@param dir? string default "."
---@return string[]
function lacy.fs.list(dir) end

--- Paths matching a pattern (*, ?, [...], and ** for any depth), sorted.
---@param pattern string
---@return string[]
function lacy.fs.glob(pattern) end

--- Creates a directory and its parents.
---@param path string
function lacy.fs.mkdir(path) end

--- Removes a file or an empty directory; recursive removes a tree.
---@param path string
---@param opts? { recursive?: boolean }
function lacy.fs.remove(path, opts) end

---@class lacy.Stat
---@field name string
---@field size integer
---@field mode string e.g. "-rw-r--r--"
---@field is_dir boolean
---@field is_file boolean
---@field is_link boolean
---@field mtime integer seconds since 1970

--- Information about a path (links are not followed), or nil if missing.
---@param path string
---@return lacy.Stat?
function lacy.fs.stat(path) end

-- lacy.json ------------------------------------------------------------------

lacy.json = {}

--- Stands for JSON null inside arrays.
---@type userdata
lacy.json.null = nil

--- Encodes a value as JSON.
---@param value any
---@param opts? { pretty?: boolean, indent?: string }
---@return string
function lacy.json.encode(value, opts) end

--- Decodes JSON. Arrays keep their kind, so they encode back as arrays.
---@param text string
---@return any
function lacy.json.decode(text) end

--- Marks a table as a JSON array (so {} encodes as []).
---@generic T: table
---@param t? T
---@return T
function lacy.json.array(t) end

-- lacy.ui --------------------------------------------------------------------

--- Questions on the terminal. Without a terminal on stdin they raise
--- "no terminal" instead of waiting.
lacy.ui = {}

---@param question string
---@param opts? { default?: boolean }
---@return boolean
function lacy.ui.confirm(question, opts) end

---@param question string
---@param options string[]
---@param opts? { default?: integer }
---@return string choice
---@return integer index
function lacy.ui.select(question, options, opts) end

---@param prompt string
---@param opts? { default?: string, secret?: boolean }
---@return string
function lacy.ui.input(prompt, opts) end

--- Shows a spinner on stderr while fn runs; returns fn's results.
---@generic R
---@param text string
---@param fn fun(...): R
---@param ... any arguments for fn
---@return R
function lacy.ui.spinner(text, fn, ...) end

-- lacy.log -------------------------------------------------------------------

--- lacy's log file ($XDG_STATE_HOME/lacy/lacy.log), never the terminal.
lacy.log = {}

---@param msg string
---@param fields? table<string, any>
function lacy.log.debug(msg, fields) end

---@param msg string
---@param fields? table<string, any>
function lacy.log.info(msg, fields) end

---@param msg string
---@param fields? table<string, any>
function lacy.log.warn(msg, fields) end

---@param msg string
---@param fields? table<string, any>
function lacy.log.error(msg, fields) end

return lacy
