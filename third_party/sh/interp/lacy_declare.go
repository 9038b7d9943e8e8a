// lacy patch: declare -p prints variables as bash does.

package interp

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// printDecl prints vr, named name, as `declare -p` does: attributes, then
// the value quoted so that the line reads back as the same variable.
func (r *Runner) printDecl(name string, vr expand.Variable) {
	var sb strings.Builder
	r.printDeclTo(&sb, name, vr)
	r.out(sb.String())
}

// printDeclTo writes what [Runner.printDecl] prints to sb.
func (r *Runner) printDeclTo(sb *strings.Builder, name string, vr expand.Variable) {
	flags := vr.Flags()
	if flags == "" {
		flags = "-"
	}
	if !vr.IsSet() {
		fmt.Fprintf(sb, "declare -%s %s\n", flags, name)
		return
	}
	fmt.Fprintf(sb, "declare -%s %s=", flags, name)
	switch vr.Kind {
	case expand.Indexed:
		sb.WriteByte('(')
		for i, v := range vr.List {
			if i > 0 {
				sb.WriteByte(' ')
			}
			idx := i
			if vr.Indexes != nil {
				idx = vr.Indexes[i]
			}
			fmt.Fprintf(sb, "[%d]=%s", idx, declQuote(v))
		}
		sb.WriteByte(')')
	case expand.Associative:
		sb.WriteByte('(')
		for _, k := range expand.AssocKeys(vr.Map) {
			key := k
			if needsDeclQuote(k) {
				key = declQuote(k)
			}
			fmt.Fprintf(sb, "[%s]=%s ", key, declQuote(vr.Map[k]))
		}
		sb.WriteByte(')')
	default:
		sb.WriteString(declQuote(vr.Str))
	}
	sb.WriteByte('\n')
}

// needsDeclQuote reports whether an associative array key holds characters
// special to the shell, which bash's declare -p quotes.
func needsDeclQuote(s string) bool {
	if s == "" || s[0] == '~' || s[0] == '#' {
		return true
	}
	return strings.ContainsAny(s, " \t\n'\"\\|&;()<>!{}*[]?$`") || ansicNeeded(s)
}

// ansicNeeded reports whether s holds control characters or invalid UTF-8,
// which bash quotes as $'...'.
func ansicNeeded(s string) bool {
	for i := 0; i < len(s); {
		c, size := utf8.DecodeRuneInString(s[i:])
		if c == utf8.RuneError && size <= 1 || c < 0x20 || c == 0x7f {
			return true
		}
		i += size
	}
	return false
}

// declQuote quotes s as bash's declare -p: "..." with \ " $ ` escaped, or
// $'...' when s holds control characters.
func declQuote(s string) string {
	var sb strings.Builder
	if !ansicNeeded(s) {
		sb.WriteByte('"')
		for i := 0; i < len(s); i++ {
			switch s[i] {
			case '\\', '"', '$', '`':
				sb.WriteByte('\\')
			}
			sb.WriteByte(s[i])
		}
		sb.WriteByte('"')
		return sb.String()
	}
	sb.WriteString("$'")
	for i := 0; i < len(s); {
		c, size := utf8.DecodeRuneInString(s[i:])
		if c == utf8.RuneError && size <= 1 {
			sb.WriteString("\\" + fmt.Sprintf("%03o", s[i]))
			i++
			continue
		}
		switch c {
		case '\a':
			sb.WriteString(`\a`)
		case '\b':
			sb.WriteString(`\b`)
		case '\f':
			sb.WriteString(`\f`)
		case '\n':
			sb.WriteString(`\n`)
		case '\r':
			sb.WriteString(`\r`)
		case '\t':
			sb.WriteString(`\t`)
		case '\v':
			sb.WriteString(`\v`)
		case 0x1b:
			sb.WriteString(`\E`)
		case '\\':
			sb.WriteString(`\\`)
		case '\'':
			sb.WriteString(`\'`)
		default:
			if c < 0x20 || c == 0x7f {
				sb.WriteString("\\" + strconv.FormatInt(int64(c)|0o1000, 8)[1:])
			} else {
				sb.WriteString(s[i : i+size])
			}
		}
		i += size
	}
	sb.WriteByte('\'')
	return sb.String()
}

// freshLocal is the new variable `local name` (or declare in a function)
// makes when name is not yet local to this function: bash gives it no
// value, whatever a caller's or the global name holds (`local -a a` is an
// empty array).
func (r *Runner) freshLocal(name string, as *syntax.Assign, local bool, valType string) (expand.Variable, bool) {
	if !local || !as.Naked {
		return expand.Variable{}, false
	}
	if o, ok := r.writeEnv.(*overlayEnviron); ok {
		if vr, ok := o.values[o.normalize(name)]; ok && vr.Local {
			return expand.Variable{}, false // already local here: declare only changes attributes
		}
	}
	vr := expand.Variable{Local: true}
	switch valType {
	case "-a":
		vr.Kind = expand.Indexed
	case "-A":
		vr.Kind = expand.Associative
	case "-n":
		vr.Kind = expand.NameRef
	}
	return vr, true
}

// listDecl is declare (typeset, export, readonly) without names: every
// variable that has the attributes asked for, sorted by name, as `declare
// -p` prints them, or as `name=value` for a plain `declare`.
func (r *Runner) listDecl(print bool, modes []string, valType string) {
	vars := map[string]expand.Variable{}
	r.writeEnv.Each(func(name string, vr expand.Variable) bool {
		vars[name] = vr // later scopes win
		return true
	})
	filtered := len(modes) > 0 || valType != ""
	names := make([]string, 0, len(vars))
	for name, vr := range vars {
		if !vr.Declared() || !syntax.ValidName(name) || !hasDeclAttrs(vr, modes, valType) {
			continue
		}
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		vr := vars[name]
		if print || filtered {
			r.printDecl(name, vr)
			continue
		}
		if !vr.IsSet() {
			continue
		}
		switch vr.Kind {
		case expand.Indexed, expand.Associative:
			var sb strings.Builder
			r.printDeclTo(&sb, name, vr)
			line := sb.String()
			// "declare -a a=(...)" without its "declare -a ".
			if _, rest, ok := strings.Cut(line, " "); ok {
				if _, rest, ok := strings.Cut(rest, " "); ok {
					line = rest
				}
			}
			r.out(line)
		default:
			q, err := syntax.Quote(vr.String(), syntax.LangBash)
			if err != nil {
				q = declQuote(vr.String())
			}
			r.outf("%s=%s\n", name, q)
		}
	}
}

// hasDeclAttrs reports whether vr has every attribute that the declare
// flags modes (-x, -r, -i, -l, -u) and valType (-a, -A, -n) ask for.
func hasDeclAttrs(vr expand.Variable, modes []string, valType string) bool {
	for _, m := range modes {
		switch m {
		case "-x":
			if !vr.Exported {
				return false
			}
		case "-r":
			if !vr.ReadOnly {
				return false
			}
		case "-i":
			if !vr.Integer {
				return false
			}
		case "-l":
			if !vr.Lower {
				return false
			}
		case "-u":
			if !vr.Upper {
				return false
			}
		}
	}
	switch valType {
	case "-a":
		return vr.Kind == expand.Indexed
	case "-A":
		return vr.Kind == expand.Associative
	case "-n":
		return vr.Kind == expand.NameRef
	}
	return true
}

// unsetTarget is the variable that `unset name` (without -n) removes: the
// target of name when it is a nameref, as in bash, else name itself.
func (r *Runner) unsetTarget(name string) string {
	if vr := r.writeEnv.Get(name); vr.Kind == expand.NameRef {
		if n, _ := vr.Resolve(r.writeEnv); n != "" {
			return n
		}
	}
	return name
}
