// Copyright (c) 2017, Daniel Martí <mvdan@mvdan.cc>
// See LICENSE for licensing information

package expand

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// lacy patch: bash's ${x@OP} transformations, applied to each element of a
// list (${a[@]@Q} quotes every element), with bash's quoting ('x', '' for
// an empty value, $'..' for control characters), nothing for an unset
// variable, and ${x@A} / ${a[@]@K} in bash's declare syntax.

// bashQuote quotes s as bash's ${x@Q} and printf %q's neighbour declare -p do:
// single quotes, or $'...' when s holds control characters.
func bashQuote(s string) string {
	needANSI := false
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size <= 1 || r < 0x20 || r == 0x7f {
			needANSI = true
			break
		}
		i += size
	}
	if !needANSI {
		return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
	}
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
		case '\\':
			sb.WriteString(`\\`)
		case '\'':
			sb.WriteString(`\'`)
		default:
			if r < 0x20 || r == 0x7f {
				fmt.Fprintf(&sb, "\\%03o", r)
			} else {
				sb.WriteRune(r)
			}
		}
	}
	sb.WriteString("'")
	return sb.String()
}

// atOpElem applies ${x@op} to one value of variable vr (named name).
func atOpElem(op, name string, vr Variable, s string) (string, error) {
	switch op {
	case "Q", "K", "k":
		return bashQuote(s), nil
	case "E":
		return expandEscapes(s), nil
	case "P":
		return s, nil // prompt escapes: lacy's shell expands its prompts itself
	case "U":
		return strings.ToUpper(s), nil
	case "u":
		rs := []rune(s)
		if len(rs) > 0 {
			rs[0] = unicode.ToUpper(rs[0])
		}
		return string(rs), nil
	case "L":
		return strings.ToLower(s), nil
	case "a":
		if name == "@" || name == "*" {
			return "", nil
		}
		return vr.Flags(), nil
	}
	return "", fmt.Errorf("${%s@%s}: bad substitution", name, op)
}

// expandEscapes expands backslash escapes as $'...' does.
func expandEscapes(s string) string {
	tail := s
	var rns []rune
	for tail != "" {
		var rn rune
		var err error
		rn, _, tail, err = strconv.UnquoteChar(tail, 0)
		if err != nil { // an invalid escape stays as written
			rns = append(rns, rune(tail[0]))
			tail = tail[1:]
			continue
		}
		rns = append(rns, rn)
	}
	return string(rns)
}

// atOpElems applies ${x@op} to each element.
func atOpElems(op, name string, vr Variable, elems []string) ([]string, error) {
	out := make([]string, len(elems))
	for i, e := range elems {
		s, err := atOpElem(op, name, vr, e)
		if err != nil {
			return nil, err
		}
		out[i] = s
	}
	return out, nil
}

// atOpWhole handles the operators that describe a whole variable: ${x@A}
// (a declaration that recreates it) and ${a[@]@K} / ${a[@]@k} (key/value
// pairs). ok is false when op applies element by element instead.
func atOpWhole(op, name string, vr Variable, all bool) (s string, ok bool) {
	pairList := func(sep string) []string {
		var parts []string
		switch vr.Kind {
		case Indexed:
			for i, v := range vr.List {
				idx := i
				if vr.Indexes != nil {
					idx = vr.Indexes[i]
				}
				parts = append(parts, fmt.Sprintf("%d%s%s", idx, sep, dquote(v)))
			}
		case Associative:
			for _, k := range slices.Sorted(maps.Keys(vr.Map)) {
				parts = append(parts, fmt.Sprintf("%s%s%s", k, sep, dquote(vr.Map[k])))
			}
		}
		return parts
	}
	pairs := func(sep string) string { return strings.Join(pairList(sep), " ") }
	switch op {
	case "A":
		if !vr.IsSet() || name == "@" || name == "*" {
			return "", true
		}
		flags := vr.Flags()
		switch vr.Kind {
		case Indexed, Associative:
			list := pairList("]=")
			for i, p := range list {
				list[i] = "[" + p
			}
			return fmt.Sprintf("declare -%s %s=(%s)", flags, name, strings.Join(list, " ")), true
		}
		if flags == "" {
			return name + "=" + bashQuote(vr.Str), true
		}
		return fmt.Sprintf("declare -%s %s=%s", flags, name, bashQuote(vr.Str)), true
	case "K", "k":
		if all && (vr.Kind == Indexed || vr.Kind == Associative) && name != "@" && name != "*" {
			return pairs(" "), true
		}
	}
	return "", false
}

// dquote is bash's double-quoted form of an array element in declare -p.
func dquote(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "$", `\$`, "`", "\\`")
	return `"` + r.Replace(s) + `"`
}

// atOp is ${x@op} in paramExp: str is the value, elems the elements of a
// list expansion (all), set whether the variable (or element) is set.
func (cfg *Config) atOp(op, name string, vr Variable, str string, elems []string, all, set bool, join func([]string) string) (string, error) {
	if s, ok := atOpWhole(op, name, vr, all); ok {
		return s, nil
	}
	if op == "P" && cfg.PromptEscapes != nil { // the embedder's prompt escapes (lacy patch)
		if !all {
			if !set {
				return "", nil
			}
			return cfg.PromptEscapes(str), nil
		}
		out := make([]string, len(elems))
		for i, e := range elems {
			out[i] = cfg.PromptEscapes(e)
		}
		return join(out), nil
	}
	if !all {
		if !set && op != "a" { // an array's attributes show without element 0
			return "", nil
		}
		if !set {
			return vr.Flags(), nil
		}
		return atOpElem(op, name, vr, str)
	}
	out, err := atOpElems(op, name, vr, elems)
	if err != nil {
		return "", err
	}
	return join(out), nil
}
