package safety

import (
	"path/filepath"
	"strings"

	"github.com/lacy-sh/lacy/internal/lazy"
	"github.com/lacy-sh/lacy/runtime/wrappers"
	"mvdan.cc/sh/v3/syntax"
)

// codeRule is a line of defaults/safety/code-options.tsv.
type codeRule struct {
	subs  map[string]bool // nil: any subcommand
	needs []string
}

var codeRules = lazy.Value[map[string][]codeRule]{New: func() map[string][]codeRule {
	m := map[string][]codeRule{}
	for _, f := range tsv("safety/code-options.tsv", 3) {
		r := codeRule{needs: strings.Split(f[2], ",")}
		if f[1] != "*" {
			r.subs = set(f[1])
		}
		m[f[0]] = append(m[f[0]], r)
	}
	return m
}}

// bundling are the programs whose short options bundle (bash -ec).
var bundling = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"sh": true, "bash": true, "zsh": true, "dash": true, "python": true, "python3": true,
		"perl": true, "ruby": true, "node": true}
}}

// CodeArgs returns the words of argv that make it run code of the
// command's choosing (defaults/safety/code-options.tsv), each as a
// pre-approval pattern must name it: `go test -exec x ./...` gives
// "-exec", `docker run img` gives "run", `xargs rm` gives "rm", `sudo make`
// gives "make". A pattern that does not name them all does not approve
// argv.
func CodeArgs(argv []string) []string {
	if len(argv) == 0 {
		return nil
	}
	name := filepath.Base(argv[0])
	rest := argv[1:]
	var out []string
	if w, ok := wrappers.Lookup(name); ok && name != "xargs" && name != "parallel" && name != "ssh" {
		inner := w.Inner(rest)
		if len(inner) == 0 {
			return nil
		}
		return append([]string{inner[0]}, CodeArgs(inner)...)
	}
	sub := subcommand(name, rest)
	for _, r := range codeRules.Get()[name] {
		if r.subs != nil && !r.subs[sub] {
			continue
		}
		for _, need := range r.needs {
			switch need {
			case "@sub":
				out = append(out, sub)
			case "@cmd":
				if op := operand(name, rest); op != "" {
					out = append(out, op)
				}
			case "@remote":
				if ops := operands(name, rest); len(ops) > 1 {
					out = append(out, ops[1])
				}
			case "@assign":
				for _, a := range rest {
					if isAssignment(a) {
						n, _, _ := strings.Cut(a, "=")
						out = append(out, n+"=")
					}
				}
			default:
				for _, a := range rest {
					if a == "--" {
						break
					}
					if namesOption(name, need, a) {
						out = append(out, need)
						break
					}
				}
			}
		}
	}
	return out
}

// namesOption reports whether the argument a uses the option opt: -exec,
// -exec=x, --rsh=x; a short option also with its value attached (-fx),
// or, for interpreters, inside a bundle (bash -ec).
func namesOption(name, opt, a string) bool {
	if a == opt || strings.HasPrefix(a, opt+"=") {
		return true
	}
	if len(opt) != 2 || strings.HasPrefix(opt, "--") || len(a) < 3 || a[0] != '-' || a[1] == '-' {
		return false
	}
	if bundling.Get()[name] {
		return strings.IndexByte(a[1:], opt[1]) >= 0
	}
	return strings.HasPrefix(a, opt)
}

// subcommand returns the first word that is not an option or an option's
// value: git -C dir push → push.
func subcommand(name string, rest []string) string {
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		if strings.HasPrefix(a, "-") {
			if name == "git" && (a == "-C" || a == "-c" || a == "--git-dir" || a == "--work-tree" || a == "--namespace") {
				i++
			}
			continue
		}
		return a
	}
	return ""
}

// operand returns the first operand: the command xargs or npx runs.
func operand(name string, rest []string) string {
	if ops := operands(name, rest); len(ops) > 0 {
		return ops[0]
	}
	return ""
}

// operands skips the options of name (those of wrappers.tsv take their
// arguments) and returns the rest from the first operand on.
func operands(name string, rest []string) []string {
	w, _ := wrappers.Lookup(name)
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		switch {
		case a == "--":
			return rest[i+1:]
		case !strings.HasPrefix(a, "-") || a == "-":
			return rest[i:]
		case w.ArgOpts[a] || w.ArgOpts[a[:min(2, len(a))]] && len(a) == 2:
			i++
		}
	}
	return nil
}

// Words returns every word of a command line that could name a file: the
// arguments and redirection targets of every command in it, after quote
// removal, with $HOME written as ~. Words that expand at run time in
// other ways are left out. A line that does not parse gives nil.
func Words(cmd string) []string {
	f, err := syntax.NewParser().Parse(strings.NewReader(cmd), "")
	if err != nil {
		return nil
	}
	var out []string
	add := func(w *syntax.Word) {
		if w == nil {
			return
		}
		r := resolve(w)
		s := r.s
		if !r.lit {
			s = strings.NewReplacer("${HOME}", "~", "$HOME", "~", `"`, "", "'", "").Replace(s)
			if strings.Contains(s, "$") {
				return
			}
		}
		out = append(out, s)
	}
	syntax.Walk(f, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.CallExpr:
			for _, w := range n.Args {
				add(w)
			}
		case *syntax.Redirect:
			add(n.Word)
		}
		return true
	})
	return out
}
