-- lacy's embedded default configuration. It runs before the user's files
-- ($XDG_CONFIG_HOME/lacy/init.lua, then ~/.lacyrc.lua), which may redeclare
-- anything below. Reference: docs/config.md.
local lacy = require("lacy")

-- A local model: Ollama at $OLLAMA_HOST, else http://127.0.0.1:11434 (no
-- base_url here, so that OLLAMA_HOST applies). Nothing leaves the machine.
lacy.model("local", { provider = "ollama", model = "qwen2.5-coder:7b" })

-- Hosted models, only when their API key is in the environment.
if os.getenv("ANTHROPIC_API_KEY") then
  lacy.model("claude", { provider = "anthropic", model = "claude-sonnet-4-5", api_key = os.getenv("ANTHROPIC_API_KEY") })
end
if os.getenv("OPENAI_API_KEY") then
  lacy.model("gpt", { provider = "openai", model = "gpt-4.1-mini", api_key = os.getenv("OPENAI_API_KEY") })
end

-- No models.agent: the default agent uses the first model above that is
-- reachable (its key set, its server accepting a connection): the local one
-- when Ollama runs, else a hosted one (docs/agents.md).
lacy.config({ mode = "auto" })

-- Everything else, as an example for your own config:
--
-- lacy.model("lmstudio", { provider = "openai", model = "qwen2.5-7b-instruct",
--   base_url = "http://127.0.0.1:1234/v1", temperature = 0.2, max_tokens = 2048, timeout = 60 })
--
-- lacy.config({
--   mode = "shell",                         -- auto | shell | agent
--   models = { agent = "local" },           -- the default agent's model (else the first reachable)
--   log_level = "info",                     -- debug | info | warn | error
--   words = { agent = { "pls" }, nl = { "gimme" }, reserved = {}, shell = {} },
--   approve = { "git status*", "ls *" },    -- tool calls that need no confirmation
-- })
--
-- lacy.tool("ticket", {
--   description = "Look up a ticket by id",
--   parameters = { id = { type = "string", description = "ticket id", required = true } },
--   run = function(args) return "ticket " .. args.id end,
-- })
--
-- lacy.agent("reviewer", { model = "local", system = "You review diffs tersely.",
--   tools = { "shell", "read_file", "ticket" } })
--
-- lacy.alias("ll", "ls -l")
-- lacy.env.EDITOR = "vim"
--
-- lacy.prompt(function(ctx)                -- ctx.exit, ctx.duration_ms, ctx.cwd, ctx.git_branch, ctx.mode
--   return (ctx.exit == 0 and "✓ " or "✗ ") .. ctx.cwd .. " $ "
-- end)
--
-- lacy.on("command_failed", function(ev) end)  -- startup, precmd, preexec, command_failed, agent_reply
