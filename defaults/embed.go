// Package defaults holds the data lacy ships with: the default init.lua, the
// routing word lists, the prompt templates, the redaction rules and the
// list of credential files. Everything is embedded in the binary, so a
// fresh install works with no files on disk.
package defaults

import (
	"embed"
)

//go:embed init.lua words templates route shell editor redact safety correct translate sandbox
var files embed.FS

// Read returns the content of one embedded file, or nil if it does not exist.
func Read(name string) []byte {
	b, err := files.ReadFile(name)
	if err != nil {
		return nil
	}
	return b
}

// InitLua is the name under which the embedded default config is reported in
// error messages.
const InitLua = "defaults/init.lua"

// List returns the paths of the files in an embedded directory, in name
// order, or nil if it does not exist.
func List(dir string) []string {
	es, err := files.ReadDir(dir)
	if err != nil {
		return nil
	}
	var names []string
	for _, e := range es {
		if !e.IsDir() {
			names = append(names, dir+"/"+e.Name())
		}
	}
	return names
}
