package shell

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
)

// builtinCompgen is bash's compgen for the uses start-up files make of it
// outside completion (git's completion clears its caches with `unset
// $(compgen -v __gitcomp_builtin_)`): the names of variables (-v, -A
// variable), exported ones (-e, -A export), functions (-A function),
// aliases (-a, -A alias), builtins (-b), files (-f), directories (-d) and
// the words of -W, that start with the word given. Tab completion itself is
// bash's (the completion bridge). Status 1 when nothing matches, as bash.
func (s *Shell) builtinCompgen(hc interp.HandlerContext, args []string) int {
	var actions []string
	var words string
	i := 0
	for ; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			i++
			break
		}
		if len(a) < 2 || a[0] != '-' {
			break
		}
		switch a {
		case "-A", "-W", "-o", "-G", "-P", "-S", "-X", "-F", "-C":
			if i+1 >= len(args) {
				fmt.Fprintf(hc.Stderr, "compgen: %s: option requires an argument\n", a)
				return 2
			}
			i++
			switch a {
			case "-A":
				actions = append(actions, args[i])
			case "-W":
				words = args[i]
			case "-o":
			default:
				fmt.Fprintf(hc.Stderr, "compgen: %s: not supported outside Tab completion\n", a)
				return 2
			}
			continue
		}
		for _, c := range a[1:] {
			name, ok := map[rune]string{'v': "variable", 'e': "export", 'a': "alias", 'b': "builtin",
				'f': "file", 'd': "directory", 'c': "command", 'k': "keyword"}[c]
			if !ok {
				fmt.Fprintf(hc.Stderr, "compgen: -%c: invalid option\n", c)
				return 2
			}
			actions = append(actions, name)
		}
	}
	prefix := ""
	if i < len(args) {
		prefix = args[i]
	}
	var out []string
	add := func(name string) {
		if strings.HasPrefix(name, prefix) {
			out = append(out, name)
		}
	}
	for _, act := range actions {
		switch act {
		case "variable", "export":
			var names []string
			hc.Env.Each(func(name string, vr expand.Variable) bool {
				if vr.IsSet() && (act == "variable" || vr.Exported) {
					names = append(names, name)
				}
				return true
			})
			slices.Sort(names)
			for _, n := range slices.Compact(names) {
				add(n)
			}
		case "function":
			var names []string
			for n := range s.runner.Funcs {
				names = append(names, n)
			}
			slices.Sort(names)
			for _, n := range names {
				add(n)
			}
		case "alias":
			var names []string
			for n := range s.Aliases() {
				names = append(names, n)
			}
			slices.Sort(names)
			for _, n := range names {
				add(n)
			}
		case "builtin":
			for _, n := range Builtins() {
				add(n)
			}
		case "keyword":
			for _, n := range []string{"if", "then", "else", "elif", "fi", "case", "esac", "for", "select",
				"while", "until", "do", "done", "in", "function", "time", "{", "}", "!", "[[", "]]", "coproc"} {
				add(n)
			}
		case "file", "directory":
			dir, base := filepath.Split(prefix)
			look := dir
			if look == "" {
				look = "."
			}
			if !filepath.IsAbs(look) {
				look = filepath.Join(hc.Dir, look)
			}
			ents, _ := os.ReadDir(look)
			for _, e := range ents {
				if !strings.HasPrefix(e.Name(), base) || (base == "" && strings.HasPrefix(e.Name(), ".")) {
					continue
				}
				if act == "directory" && !e.IsDir() {
					if fi, err := os.Stat(filepath.Join(look, e.Name())); err != nil || !fi.IsDir() {
						continue
					}
				}
				out = append(out, dir+e.Name())
			}
		case "command":
			for _, n := range Builtins() {
				add(n)
			}
		default:
			fmt.Fprintf(hc.Stderr, "compgen: -A %s: not supported outside Tab completion\n", act)
			return 2
		}
	}
	if words != "" {
		for _, w := range strings.Fields(words) {
			add(w)
		}
	}
	return printLines(hc.Stdout, out)
}

func printLines(w io.Writer, lines []string) int {
	if len(lines) == 0 {
		return 1
	}
	for _, l := range lines {
		fmt.Fprintln(w, l)
	}
	return 0
}
