// Package helpopts knows the options and subcommands a program accepts,
// so that a mistyped one can be replaced by the nearest real one. They
// come from the bash-completion bridge's candidates when it has a spec for
// the program, else from the program's own --help, parsed; either way
// once per program version (its path, size and modification time), kept in
// a small file of lacy's cache directory, and never on the prompt's path:
// Lookup only reads memory; Learn, which may run the program, is called in
// the background after a failure that needed it.
package helpopts

import (
	"sort"
	"strings"
)

// maxHelp bounds the help text read.
const maxHelp = 256 << 10

// Parse reads a --help text: the options it mentions (--long and -s, a
// value such as =WHEN or [=FILE] removed) and the subcommands listed under
// a heading that names commands ("Commands:", "Available Commands:",
// "Management Commands:", "SUBCOMMANDS"). Both are sorted and unique.
func Parse(help string) (opts, subs []string) {
	if len(help) > maxHelp {
		help = help[:maxHelp]
	}
	o, s := map[string]bool{}, map[string]bool{}
	inCommands := false
	for _, line := range strings.Split(help, "\n") {
		line = strings.TrimRight(line, " \t\r")
		t := strings.TrimSpace(line)
		if t == "" {
			continue
		}
		indented := line[0] == ' ' || line[0] == '\t'
		if !indented {
			low := strings.ToLower(t)
			inCommands = strings.HasSuffix(low, ":") && strings.Contains(low, "command") ||
				low == "subcommands" || low == "commands"
		} else if inCommands {
			if w := subcommandOf(t); w != "" {
				s[w] = true
			}
		}
		optionsIn(t, o)
	}
	return keys(o), keys(s)
}

// subcommandOf returns the command an indented line of a commands list
// names: its first word when the description is set off by two blanks or
// the word stands alone ("  images      List images", "  build, b  Compile").
func subcommandOf(t string) string {
	end := 0
	for end < len(t) && isNameByte(t[end]) {
		end++
	}
	if end == 0 || t[0] == '-' || t[0] >= '0' && t[0] <= '9' {
		return ""
	}
	rest := t[end:]
	if rest == "" || strings.HasPrefix(rest, "  ") || strings.HasPrefix(rest, "\t") || strings.HasPrefix(rest, ",") || strings.HasPrefix(rest, ":") {
		return t[:end]
	}
	return ""
}

// optionsIn adds the options written in one line of help.
func optionsIn(t string, o map[string]bool) {
	for i := 0; i < len(t); i++ {
		if t[i] != '-' || i > 0 && !isBoundary(t[i-1]) {
			continue
		}
		j := i + 1
		if j < len(t) && t[j] == '-' {
			j++
		}
		k := j
		for k < len(t) && isNameByte(t[k]) {
			k++
		}
		name := t[j:k]
		switch {
		case name == "" || !isLetter(name[0]) && !(j == i+1 && isDigit(name[0])):
		case j == i+2 && len(name) >= 2: // --long
			o["--"+strings.TrimRight(name, "-")] = true
		case j == i+1 && len(name) == 1: // -s
			o["-"+name] = true
		}
		i = k - 1
	}
}

func isBoundary(c byte) bool { return strings.IndexByte(" \t,[|(/{\"'`", c) >= 0 }
func isLetter(c byte) bool   { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isDigit(c byte) bool    { return c >= '0' && c <= '9' }
func isNameByte(c byte) bool { return isLetter(c) || isDigit(c) || c == '-' || c == '_' }

func keys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
