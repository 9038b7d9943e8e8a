// Package wrappers knows the commands that run another command (sudo, env,
// nice, timeout, xargs, watch…): one table, defaults/safety/wrappers.tsv,
// read by safety (what a line really runs), completion (a command name
// after `sudo `), translation (`sudo fnd` must check fnd), correction (the
// program word of `sudo aptget`) and the blast radius preview.
package wrappers

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/lacy-sh/lacy/defaults"
	"github.com/lacy-sh/lacy/internal/lazy"
)

// Wrapper is one row of defaults/safety/wrappers.tsv.
type Wrapper struct {
	// Name is the program name.
	Name string
	// Operands is how many operands come before the command (timeout's
	// duration, chroot's directory, ssh's host).
	Operands int
	// ArgOpts are the options that take an argument (-u root, -uroot,
	// --user=root).
	ArgOpts map[string]bool
	// CodeOpts are the options whose argument is itself a shell command
	// line (env -S, su -c, flock -c).
	CodeOpts map[string]bool
	// Line is true when the rest, joined by spaces, is a shell command line
	// (watch, ssh's remote command) rather than an argv.
	Line bool
}

// table is the parsed wrappers.tsv; a broken table is a build mistake,
// caught by the tests.
var table = lazy.Value[map[string]Wrapper]{New: func() map[string]Wrapper {
	m := map[string]Wrapper{}
	for i, l := range strings.Split(string(defaults.Read("safety/wrappers.tsv")), "\n") {
		if strings.TrimSpace(l) == "" || strings.HasPrefix(l, "#") {
			continue
		}
		f := strings.Split(l, "\t")
		if len(f) != 5 {
			panic(fmt.Sprintf("defaults/safety/wrappers.tsv:%d: want 5 columns, got %d", i+1, len(f)))
		}
		n, err := strconv.Atoi(f[1])
		if err != nil {
			panic(fmt.Sprintf("defaults/safety/wrappers.tsv:%d: %v", i+1, err))
		}
		m[f[0]] = Wrapper{Name: f[0], Operands: n, ArgOpts: set(f[2]), CodeOpts: set(f[3]), Line: f[4] == "line"}
	}
	return m
}}

func set(list string) map[string]bool {
	m := map[string]bool{}
	if list == "-" {
		return m
	}
	for _, s := range strings.Split(list, ",") {
		m[s] = true
	}
	return m
}

// Lookup returns the wrapper named name.
func Lookup(name string) (Wrapper, bool) {
	w, ok := table.Get()[name]
	return w, ok
}

// Is reports whether name is a wrapper.
func Is(name string) bool {
	_, ok := table.Get()[name]
	return ok
}

// Names returns the wrappers' names, sorted.
func Names() []string {
	names := make([]string, 0, len(table.Get()))
	for n := range table.Get() {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// CommandFollows reports whether the words after the wrapper's own are a
// local command, as completion, translation and correction read them. Not
// for ssh (a remote line) nor su and runuser, whose operand is a user (their
// command comes with -c). Safety judges those by CodeOpts and Line instead.
func (w Wrapper) CommandFollows() bool {
	switch w.Name {
	case "ssh", "su", "runuser", "":
		return false
	}
	return true
}

// takesAssignments reports whether NAME=value words before the command are
// the wrapper's (env FOO=1 cmd, sudo FOO=1 cmd).
func (w Wrapper) takesAssignments() bool {
	switch w.Name {
	case "env", "sudo", "doas", "run0":
		return true
	}
	return false
}

// Skip returns how many of args (the words after the wrapper's name) are
// the wrapper's own: options, their arguments, assignments it takes, a `--`
// and its fixed operands. args[Skip(args):] is the command it runs.
func (w Wrapper) Skip(args []string) int {
	i := 0
	for i < len(args) {
		a := args[i]
		if a == "--" {
			i++
			break
		}
		if w.takesAssignments() && IsAssignment(a) {
			i++
			continue
		}
		if !strings.HasPrefix(a, "-") || a == "-" {
			break
		}
		opt, _, hasVal := strings.Cut(a, "=")
		if (w.ArgOpts[opt] || w.CodeOpts[opt]) && !hasVal || len(a) == 2 && (w.ArgOpts[a] || w.CodeOpts[a]) {
			i++
		}
		i++
	}
	return min(i+w.Operands, len(args))
}

// Inner returns the command a wrapper runs: args without the wrapper's own
// words.
func (w Wrapper) Inner(args []string) []string {
	return args[w.Skip(args):]
}

// Strip drops the leading wrappers of a command's words (sudo -u x nice -n
// 5 make → make), with the options and operands each of them takes; it
// stops at a wrapper whose rest is not a local command (CommandFollows).
func Strip(words []string) []string {
	for len(words) > 0 {
		w, ok := Lookup(words[0])
		if !ok || !w.CommandFollows() {
			return words
		}
		words = words[1:]
		words = words[w.Skip(words):]
	}
	return words
}

// IsAssignment reports whether s is a NAME=value word.
func IsAssignment(s string) bool {
	eq := strings.IndexByte(s, '=')
	if eq <= 0 {
		return false
	}
	for i := 0; i < eq; i++ {
		c := s[i]
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}
