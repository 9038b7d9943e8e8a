#!/usr/bin/env -S lacy run
-- agent-tool.lua: an agent with a tool written in Lua. The agent answers
-- questions about disk space by calling `largest_files`, which this script
-- implements with lacy.fs. The same lacy.tool call works in your config,
-- where every agent of the interactive shell can use it.
--
--   lacy run agent-tool.lua [DIR] [question]
local lacy = require("lacy")

lacy.tool("largest_files", {
  description = "List the largest files under a directory (all depths), biggest first, with their size in bytes.",
  parameters = {
    dir = { type = "string", description = "the directory to scan", required = true },
    limit = { type = "integer", description = "how many files to return (default 10)" },
  },
  run = function(args)
    local files = {}
    for _, path in ipairs(lacy.fs.glob(args.dir .. "/**")) do
      local st = lacy.fs.stat(path)
      if st and st.is_file then
        files[#files + 1] = { path = path, size = st.size }
      end
    end
    table.sort(files, function(a, b) return a.size > b.size end)
    local top = {}
    for i = 1, math.min(args.limit or 10, #files) do top[i] = files[i] end
    return lacy.json.array(top) -- a table goes to the model as JSON
  end,
})

lacy.agent("disk", {
  system = "You help people free disk space. Call largest_files before answering. Be brief; sizes in MB.",
  tools = { "largest_files" },
})

local dir = arg[1] or "."
local question = arg[2] or ("What takes the most space in " .. dir .. ", and what could I delete?")
print(lacy.ui.spinner("looking…", lacy.agent.ask, question, { agent = "disk" }))
