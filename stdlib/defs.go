package stdlib

import (
	"bytes"
	_ "embed"
	"os"
	"path/filepath"

	"github.com/lacy-sh/lacy/internal/lazy"
	"github.com/lacy-sh/lacy/spec"
)

// DefsFile is the name of the LuaLS definitions file.
const DefsFile = "lacy.lua"

// defsTemplate is the definitions file with the declaration tables left
// out: a line "-- {{spec CLASS}}" stands for spec's table of that class,
// "-- {{providers}}" for the lacy.Provider alias.
//
//go:embed defs/lacy.lua.in
var defsTemplate []byte

// placeholder matches a line of defsTemplate that generated text replaces.
var placeholder = lazy.Regexp{Expr: `(?m)^-- \{\{(spec (\S+)|providers)\}\}\n`}

var defs = lazy.Value[[]byte]{New: func() []byte { return renderDefinitions(defsTemplate) }}

// renderDefinitions fills the placeholders of a definitions template from
// spec, the same key lists the Lua readers accept, so the two cannot
// drift. An unknown class is left as it is (TestDefinitionsFromSpec fails).
func renderDefinitions(tmpl []byte) []byte {
	return placeholder.Get().ReplaceAllFunc(tmpl, func(line []byte) []byte {
		m := placeholder.Get().FindSubmatch(line)
		if string(m[1]) == "providers" {
			var b bytes.Buffer
			b.WriteString("---@alias lacy.Provider ")
			for i, p := range spec.Providers {
				if i > 0 {
					b.WriteByte('|')
				}
				b.WriteString(`"` + p + `"`)
			}
			b.WriteByte('\n')
			return b.Bytes()
		}
		if t := spec.TableOf(string(m[2])); t != nil {
			return []byte(t.Render())
		}
		return line
	})
}

// Definitions returns the LuaLS definitions (a ---@meta file) of the whole
// Lua API: configuration and scripts.
func Definitions() []byte { return defs.Get() }

// WriteDefinitions writes the definitions to dir/lacy.lua, creating dir,
// and returns the file's path.
func WriteDefinitions(dir string) (string, error) {
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return "", err
	}
	path := filepath.Join(dir, DefsFile)
	return path, os.WriteFile(path, Definitions(), 0o666)
}
