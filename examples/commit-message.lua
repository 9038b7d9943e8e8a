#!/usr/bin/env -S lacy run
-- commit-message.lua: writes a commit message for the staged changes.
--
--   lacy run commit-message.lua                  print a message for `git diff --cached`
--   lacy run commit-message.lua --commit         then commit with it, once you say yes
--   lacy run commit-message.lua --commit --yes   commit without asking
--
-- The agent is the default one; set LACY_COMMIT_AGENT to use another
-- (declared with lacy.agent in your config).
local lacy = require("lacy")

local commit, yes = false, false
for _, a in ipairs(arg) do
  if a == "--commit" then commit = true
  elseif a == "--yes" then yes = true
  else
    io.stderr:write("usage: lacy run commit-message.lua [--commit [--yes]]\n")
    os.exit(2)
  end
end

local diff = lacy.sh.run({ "git", "diff", "--cached", "--no-color" })
if not diff.ok then
  io.stderr:write(diff.stderr)
  os.exit(diff.code)
end
if diff.stdout == "" then
  io.stderr:write("nothing is staged: git add some changes first\n")
  os.exit(1)
end

-- Keep the request small: the first 20 kB of the diff say enough.
local text = diff.stdout
if #text > 20000 then
  text = text:sub(1, 20000) .. "\n[the rest of the diff is left out]\n"
end

local prompt = [[
Write a git commit message for the diff below. First line: a summary in the
imperative mood, at most 72 characters. Then a blank line and a short body
that says why, wrapped at 72 columns. Reply with the message only.

]] .. text

local message = lacy.ui.spinner("writing the message…", lacy.agent.ask, prompt,
  { agent = lacy.env.LACY_COMMIT_AGENT })
-- Models like to wrap their answer in a code fence; take it off.
message = message:gsub("^%s*```%w*\n", ""):gsub("\n```%s*$", "")
message = message:gsub("^%s+", ""):gsub("%s+$", "")
print(message)

if not commit then
  return
end
if not yes and not lacy.ui.confirm("Commit with this message?") then
  print("not committed")
  os.exit(1)
end
os.exit(lacy.sh.exec({ "git", "commit", "--quiet", "-F", "-" }, { stdin = message .. "\n" }))
