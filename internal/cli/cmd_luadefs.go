package cli

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/lacy-sh/lacy/runtime/iostreams"
	"github.com/lacy-sh/lacy/stdlib"
)

func init() {
	subcommands["lua-defs"] = cmdLuaDefs
}

// cmdLuaDefs implements `lacy lua-defs [DIR]`: it writes the LuaLS
// definitions to DIR/lacy.lua ($XDG_DATA_HOME/lacy/luals by default).
func cmdLuaDefs(ios *iostreams.IO, args []string) int {
	if len(args) > 1 || (len(args) == 1 && (args[0] == "-h" || args[0] == "--help")) {
		fmt.Fprintln(ios.ErrOut, "usage: lacy lua-defs [DIR]   (default: $XDG_DATA_HOME/lacy/luals)")
		if len(args) == 1 {
			return 0
		}
		return 2
	}
	dir := ""
	if len(args) == 1 {
		dir = args[0]
	} else if dir = defsDir(); dir == "" {
		fmt.Fprintln(ios.ErrOut, "lacy: lua-defs: no home directory; give a DIR")
		return 1
	}
	path, err := stdlib.WriteDefinitions(dir)
	if err != nil {
		fmt.Fprintf(ios.ErrOut, "lacy: lua-defs: %v\n", err)
		return 1
	}
	abs, err := filepath.Abs(filepath.Dir(path))
	if err != nil {
		abs = filepath.Dir(path)
	}
	fmt.Fprintf(ios.Out, "wrote %s\nAdd it to LuaLS, e.g. in .luarc.json: { \"workspace.library\": [%q] }\n", path, abs)
	return 0
}

// defsDir is $XDG_DATA_HOME/lacy/luals (~/.local/share when unset).
func defsDir() string {
	dir := os.Getenv("XDG_DATA_HOME")
	if !filepath.IsAbs(dir) {
		home, err := os.UserHomeDir()
		if err != nil {
			return ""
		}
		dir = filepath.Join(home, ".local", "share")
	}
	return filepath.Join(dir, "lacy", "luals")
}
