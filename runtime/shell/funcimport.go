package shell

import (
	"strings"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// importFuncs defines the functions a parent bash or lacy exported with
// `export -f`: environment variables BASH_FUNC_name%% holding "() { body }",
// as bash imports them. A value that does not parse as one function is
// ignored, as bash ignores it.
func importFuncs(r *interp.Runner, env []string) {
	reset := false
	for _, kv := range env {
		if !strings.HasPrefix(kv, "BASH_FUNC_") {
			continue
		}
		key, val, _ := strings.Cut(kv, "=")
		name, ok := strings.CutSuffix(strings.TrimPrefix(key, "BASH_FUNC_"), "%%")
		if !ok || !strings.HasPrefix(val, "() {") || !validFuncName(name) {
			continue
		}
		f, err := syntax.NewParser().Parse(strings.NewReader(name+" "+val), "")
		if err != nil || len(f.Stmts) != 1 {
			continue
		}
		fd, ok := f.Stmts[0].Cmd.(*syntax.FuncDecl)
		if !ok || fd.Name == nil || fd.Name.Value != name {
			continue
		}
		if !reset {
			// The runner's first Run resets it (and its functions)
			// unless it was reset already.
			r.Reset()
			reset = true
		}
		if r.Funcs == nil {
			r.Funcs = map[string]*syntax.Stmt{}
		}
		r.Funcs[name] = fd.Body
	}
}

// validFuncName reports whether name can be imported as a function: no
// blanks or shell metacharacters, which would change what the definition
// parses as.
func validFuncName(name string) bool {
	return name != "" && !strings.ContainsAny(name, " \t\n;&|<>()$`\"'\\=")
}
