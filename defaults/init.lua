-- lacy's embedded default configuration. It runs before the user's files
-- ($XDG_CONFIG_HOME/lacy/init.lua, then ~/.lacyrc.lua), which may redeclare
-- anything below. Reference: docs/config.md.
local lacy = require("lacy")

-- A local model: Ollama on its default port. Nothing leaves the machine.
lacy.model("local", { provider = "ollama", model = "qwen2.5-coder:7b", base_url = "http://127.0.0.1:11434" })

-- Hosted models, only when their API key is in the environment. The agent,
-- translation and correction then use the hosted model; prediction (which
-- runs while you type) stays local.
local hosted
if os.getenv("OPENAI_API_KEY") then
  lacy.model("gpt", { provider = "openai", model = "gpt-4.1-mini", api_key = os.getenv("OPENAI_API_KEY") })
  hosted = "gpt"
end
if os.getenv("ANTHROPIC_API_KEY") then
  lacy.model("claude", { provider = "anthropic", model = "claude-sonnet-4-5", api_key = os.getenv("ANTHROPIC_API_KEY") })
  hosted = "claude"
end
local main = hosted or "local"

lacy.config({
  mode = "auto",
  models = { agent = main, predict = "local", translate = main, correct = main },
})

-- Everything else, as an example for your own config:
--
-- lacy.model("lmstudio", { provider = "openai", model = "qwen2.5-7b-instruct",
--   base_url = "http://127.0.0.1:1234/v1", temperature = 0.2, max_tokens = 2048, timeout = 60 })
--
-- lacy.config({
--   mode = "shell",                         -- auto | shell | agent
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
