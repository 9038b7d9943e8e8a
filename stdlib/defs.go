package stdlib

import (
	_ "embed"
	"os"
	"path/filepath"
)

// DefsFile is the name of the LuaLS definitions file.
const DefsFile = "lacy.lua"

//go:embed defs/lacy.lua
var defs []byte

// Definitions returns the LuaLS definitions (a ---@meta file) of the whole
// Lua API: configuration and scripts.
func Definitions() []byte { return defs }

// WriteDefinitions writes the definitions to dir/lacy.lua, creating dir,
// and returns the file's path.
func WriteDefinitions(dir string) (string, error) {
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return "", err
	}
	path := filepath.Join(dir, DefsFile)
	return path, os.WriteFile(path, defs, 0o666)
}
