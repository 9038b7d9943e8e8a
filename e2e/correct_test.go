package e2e

import "testing"

// TestCommandFailedSeesFixes: a command_failed handler gets the offline
// fixes of the failure, best first, with the rule that made each.
func TestCommandFailedSeesFixes(t *testing.T) {
	tm, _ := start(t, map[string]string{
		".config/lacy/init.lua": `
local lacy = require("lacy")
lacy.rule("gut", { match = function(f) return f.command:match("^gut ") ~= nil end,
                   fix = function(f) return (f.command:gsub("^gut ", "echo fixed-")) end })
lacy.on("command_failed", function(ev)
  local f = ev.fixes[1]
  print("first fix:" .. (f and (f.command .. "/" .. f.rule) or "none"))
end)
`,
	})
	tm.Line("gut status")
	tm.WaitText("first fix:echo fixed-status/gut")
	tm.Line("false")
	tm.WaitText("first fix:none")
}
