package repl

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/lacy-sh/lacy/defaults"
	"github.com/lacy-sh/lacy/internal/lazy"
)

// readlineVar is how lacy takes one readline variable
// (defaults/editor/readline-vars.txt).
type readlineVar struct {
	kind   string // "editor", "lacy" or "always"
	always string // for "always": the value lacy behaves as
}

// readlineVars is the table of defaults/editor/readline-vars.txt.
var readlineVars = lazy.Value[map[string]readlineVar]{New: func() map[string]readlineVar {
	return parseReadlineVars(defaults.Read("editor/readline-vars.txt"))
}}

func parseReadlineVars(data []byte) map[string]readlineVar {
	vars := map[string]readlineVar{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 2 || strings.HasPrefix(f[0], "#") {
			continue
		}
		v := readlineVar{kind: f[1]}
		if v.kind == "always" && len(f) > 2 {
			v.always = f[2]
		}
		vars[f[0]] = v
	}
	return vars
}

// varText is a readline variable's value as bind -v prints it.
func varText(value any) string {
	if b, ok := value.(bool); ok {
		if b {
			return "on"
		}
		return "off"
	}
	return strings.ToLower(strings.TrimSpace(fmt.Sprint(value)))
}

// checkReadlineVar says, in one line on w, when `set NAME VALUE` asks for a
// behaviour lacy's editor does not have (it always completes as with
// show-all-if-ambiguous on, say); the variables the editor or lacy read,
// and values lacy already behaves as, are quiet.
func (a *App) checkReadlineVar(w io.Writer, name string, value any) {
	if name == "colored-stats" {
		a.binds.noStats = varText(value) == "off"
	}
	v, ok := readlineVars.Get()[name]
	if !ok || v.kind != "always" {
		return
	}
	got := varText(value)
	if got == v.always || (v.always == "on" && got == "1") || (v.always == "off" && got == "0") {
		return
	}
	fmt.Fprintf(w, "bind: set %s %s: not supported: lacy's editor always works as with %s %s\n", name, got, name, v.always)
}

// colouredStats reports whether file candidates are coloured as ls does:
// yes, unless `bind 'set colored-stats off'` ran.
func (a *App) colouredStats() bool { return !a.binds.noStats }
