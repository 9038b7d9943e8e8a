package shell

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// listVariables writes what a bare `set` prints in bash: every set shell
// variable, sorted by name, as NAME=value in a form the shell reads back
// (`. file` or eval restores them): quoted only when needed, $'...' for
// control characters, arrays as NAME=([0]="a" [1]="b").
func listVariables(w io.Writer, env expand.Environ) {
	vars := map[string]expand.Variable{}
	for name, vr := range env.Each {
		if !syntax.ValidName(name) {
			continue // BASH_FUNC_f%% and the like
		}
		if vr.IsSet() {
			vars[name] = vr
		} else {
			delete(vars, name) // unset in an inner scope
		}
	}
	var sb strings.Builder
	for _, name := range slices.Sorted(maps.Keys(vars)) {
		vr := vars[name]
		sb.WriteString(name + "=")
		switch vr.Kind {
		case expand.Indexed:
			sb.WriteByte('(')
			for i, v := range vr.List {
				idx := i
				if vr.Indexes != nil {
					idx = vr.Indexes[i]
				}
				if i > 0 {
					sb.WriteByte(' ')
				}
				fmt.Fprintf(&sb, "[%d]=%s", idx, dquoteValue(v))
			}
			sb.WriteByte(')')
		case expand.Associative:
			sb.WriteByte('(')
			for _, k := range slices.Sorted(maps.Keys(vr.Map)) {
				fmt.Fprintf(&sb, "[%s]=%s ", quoteValue(k), dquoteValue(vr.Map[k]))
			}
			sb.WriteByte(')')
		default:
			sb.WriteString(quoteValue(vr.String()))
		}
		sb.WriteByte('\n')
	}
	io.WriteString(w, sb.String())
}

// quoteValue quotes s as bash's set and declare -p print a scalar: as is
// when it has no shell metacharacters, else in single quotes, or $'...'
// when it holds control characters.
func quoteValue(s string) string {
	if s == "" {
		return "''"
	}
	plain := !strings.ContainsAny(s[:1], "~#")
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case r == utf8.RuneError && size <= 1, r < 0x20, r == 0x7f:
			return ansiQuote(s)
		case strings.ContainsRune(" \t'\"\\|&;()<>!{}*[]?^$`", r):
			plain = false
		}
	}
	if plain {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// ansiQuote is s as a $'...' string.
func ansiQuote(s string) string {
	var sb strings.Builder
	sb.WriteString("$'")
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size <= 1 {
			fmt.Fprintf(&sb, "\\%03o", s[i])
			i++
			continue
		}
		i += size
		switch r {
		case '\a':
			sb.WriteString(`\a`)
		case '\b':
			sb.WriteString(`\b`)
		case 0x1b:
			sb.WriteString(`\E`)
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
		case '\\', '\'':
			sb.WriteString(`\` + string(r))
		default:
			if r < 0x20 || r == 0x7f {
				sb.WriteString(`\` + strconv.FormatInt(int64(r), 8))
			} else {
				sb.WriteRune(r)
			}
		}
	}
	sb.WriteString("'")
	return sb.String()
}

// dquoteValue is s double-quoted, as bash prints array elements.
func dquoteValue(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] == 0x7f {
			return ansiQuote(s)
		}
	}
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "$", `\$`, "`", "\\`")
	return `"` + r.Replace(s) + `"`
}
