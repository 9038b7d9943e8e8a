package lua

import (
	"github.com/lacy-sh/lacy/agents"
	"github.com/lacy-sh/lacy/runtime/termmarks"
)

// checkExtra validates a lacy.config table kept in Config.Extra for a
// feature that parses it itself, so a mistake is reported where the config
// says it (file:line), not later. Keys it does not know are fine.
func checkExtra(key string, v any) error {
	var err error
	switch key {
	case "terminal":
		_, err = termmarks.ParseConfig(v)
	case "context":
		_, err = agents.ParseContextConfig(v)
	case "mcp_server":
		_, err = agents.ParseServeConfig(v)
	}
	return err
}
