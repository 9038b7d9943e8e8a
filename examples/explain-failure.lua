#!/usr/bin/env -S lacy run
-- explain-failure.lua: runs a command; when it fails, an agent reads the
-- end of its output and says what went wrong and what to try.
--
--   lacy run explain-failure.lua make test
--   lacy run explain-failure.lua 'go test ./... 2>&1 | tail -50'   (one argument: bash source)
--
-- Exits with the command's status (even when no model answers), so it fits
-- in scripts and CI.
local lacy = require("lacy")

if #arg == 0 then
  io.stderr:write("usage: lacy run explain-failure.lua command [args…]\n")
  os.exit(2)
end

-- Several arguments are words (quoted for us); one argument is bash source.
local cmd = arg[1]
if #arg > 1 then
  cmd = {}
  for i = 1, #arg do cmd[i] = arg[i] end
end

local r = lacy.sh.run(cmd)
if r.stdout ~= "" then print((r.stdout:gsub("\n$", ""))) end
io.stderr:write(r.stderr)
if r.ok then
  os.exit(0)
end

-- The last 120 lines of output are where the error usually is.
local lines = {}
for line in (r.stdout .. r.stderr .. "\n"):gmatch("(.-)\n") do
  lines[#lines + 1] = line
end
local tail = table.concat(lines, "\n", math.max(1, #lines - 120))
local shown = type(cmd) == "table" and table.concat(cmd, " ") or cmd

local ok, answer = pcall(lacy.ui.spinner, "reading the output…", lacy.agent.ask, ([[
The command `%s` failed with exit status %d. Here is the end of its output:

%s

In a few lines: what went wrong, and the command or change most likely to fix it.]]):format(shown, r.code, tail))

if ok then
  print("\n── why `" .. shown .. "` failed (exit " .. r.code .. ")")
  print(answer)
  lacy.log.info("explained a failure", { command = shown, code = r.code })
else -- no model reachable, say: the command's status still counts
  io.stderr:write("no explanation: " .. answer .. "\n")
end
os.exit(r.code)
