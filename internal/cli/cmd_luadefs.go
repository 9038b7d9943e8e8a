package cli

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/lacy-sh/lacy/internal/app"
	"github.com/lacy-sh/lacy/stdlib"
)

// cmdLuaDefs implements `lacy lua-defs [DIR]`: it writes the LuaLS
// definitions to DIR/lacy.lua ($XDG_DATA_HOME/lacy/luals by default).
func cmdLuaDefs(f *app.Factory, args []string) error {
	ios := f.IO
	if len(args) > 1 || (len(args) == 1 && (args[0] == "-h" || args[0] == "--help")) {
		fmt.Fprintln(ios.ErrOut, "usage: lacy lua-defs [DIR]   (default: $XDG_DATA_HOME/lacy/luals)")
		if len(args) == 1 {
			return nil
		}
		return app.Status(2)
	}
	dir := ""
	if len(args) == 1 {
		dir = args[0]
	} else if dir = defsDir(); dir == "" {
		return errors.New("no home directory; give a DIR")
	}
	path, err := stdlib.WriteDefinitions(dir)
	if err != nil {
		return err
	}
	abs, err := filepath.Abs(filepath.Dir(path))
	if err != nil {
		abs = filepath.Dir(path)
	}
	fmt.Fprintf(ios.Out, "wrote %s\nAdd it to LuaLS, e.g. in .luarc.json: { \"workspace.library\": [%q] }\n", path, abs)
	return nil
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
