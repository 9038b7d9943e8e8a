package shell

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/expand"
)

// printSetVars writes what bash's bare `set` lists of the variables: every
// set variable visible here (globals, the environment and the calling
// functions' locals), sorted by name, as NAME=VALUE lines quoted so that
// the shell can read them back; arrays as NAME=([i]="v" ...).
func printSetVars(w io.Writer, env expand.Environ) {
	vars := map[string]expand.Variable{}
	env.Each(func(name string, vr expand.Variable) bool {
		set := vr.IsSet() || vr.Kind == expand.Indexed && len(vr.List) > 0 ||
			vr.Kind == expand.Associative && len(vr.Map) > 0
		if set && vr.Kind != expand.NameRef {
			vars[name] = vr
		}
		return true
	})
	var sb strings.Builder
	for _, name := range slices.Sorted(func(yield func(string) bool) {
		for k := range vars {
			if !yield(k) {
				return
			}
		}
	}) {
		vr := vars[name]
		sb.WriteString(name)
		sb.WriteByte('=')
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
				fmt.Fprintf(&sb, "[%d]=%s", idx, setDoubleQuote(v))
			}
			sb.WriteByte(')')
		case expand.Associative:
			sb.WriteByte('(')
			for _, k := range slices.Sorted(func(yield func(string) bool) {
				for k := range vr.Map {
					if !yield(k) {
						return
					}
				}
			}) {
				key := k
				if setNeedsQuotes(k) {
					key = setDoubleQuote(k)
				}
				fmt.Fprintf(&sb, "[%s]=%s ", key, setDoubleQuote(vr.Map[k]))
			}
			sb.WriteByte(')')
		default:
			sb.WriteString(setQuote(vr.String()))
		}
		sb.WriteByte('\n')
	}
	io.WriteString(w, sb.String())
}

// setNeedsQuotes reports whether s holds a character the shell would read
// specially (bash's sh_contains_shell_metas).
func setNeedsQuotes(s string) bool {
	for i, c := range s {
		switch c {
		case ' ', '\t', '\n', '\'', '"', '\\', '|', '&', ';', '(', ')', '<', '>',
			'!', '{', '}', '*', '[', '?', ']', '^', '$', '`':
			return true
		case '~':
			if i == 0 || strings.ContainsRune("=:", rune(s[i-1])) {
				return true
			}
		case '#':
			if i == 0 {
				return true
			}
		}
	}
	return false
}

// setQuote quotes a value as bash's set prints it: as is when it is plain,
// in $'...' when it holds control characters, else in single quotes.
func setQuote(s string) string {
	for _, c := range s {
		if c < 0x20 || c == 0x7f {
			return setANSIQuote(s)
		}
	}
	if !setNeedsQuotes(s) {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// setANSIQuote writes s as a $'...' string.
func setANSIQuote(s string) string {
	var sb strings.Builder
	sb.WriteString("$'")
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '\n':
			sb.WriteString(`\n`)
		case '\t':
			sb.WriteString(`\t`)
		case '\r':
			sb.WriteString(`\r`)
		case '\a':
			sb.WriteString(`\a`)
		case '\b':
			sb.WriteString(`\b`)
		case '\f':
			sb.WriteString(`\f`)
		case '\v':
			sb.WriteString(`\v`)
		case 0x1b:
			sb.WriteString(`\E`)
		case '\'', '\\':
			sb.WriteByte('\\')
			sb.WriteByte(c)
		default:
			if c < 0x20 || c == 0x7f {
				sb.WriteString("\\" + strconv.FormatInt(int64(c), 8))
			} else {
				sb.WriteByte(c)
			}
		}
	}
	sb.WriteByte('\'')
	return sb.String()
}

// setDoubleQuote quotes an array element as bash's set and declare -p do.
func setDoubleQuote(s string) string {
	var sb strings.Builder
	sb.WriteByte('"')
	for _, c := range s {
		if strings.ContainsRune("\"\\$`", c) {
			sb.WriteByte('\\')
		}
		sb.WriteRune(c)
	}
	sb.WriteByte('"')
	return sb.String()
}
