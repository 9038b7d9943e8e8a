package safety

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/lacy-sh/lacy/internal/lazy"
)

// The rules of this file close what a red-team run found past the others
// (issue 22): session functions, GNU option abbreviations, archivers that
// delete or extract into the home directory, permission lock-outs, sed
// -i -n and through symlinks, PATH hijacks, and git subcommands that run a
// command.

// DefKind says what a session name is.
type DefKind int

// The kinds of definitions.
const (
	NotDefined DefKind = iota
	Function
	Alias
)

// defined judges a call of a session function by its body, and an alias
// by its value (and then as the program itself: agents' subshells do not
// expand aliases). ok is false when args[0] is neither.
func (j *judge) defined(args []word) (string, bool) {
	if j.env.defs == nil || !args[0].lit {
		return "", false
	}
	name := args[0].s
	if j.env.expanding[name] {
		return "", false // recursion: the inner call is the program or the function itself
	}
	src, kind := j.env.defs(name)
	if kind == NotDefined {
		return "", false
	}
	j.env.expanding[name] = true
	defer delete(j.env.expanding, name)
	quoted := make([]string, 0, len(args)-1)
	for _, a := range args[1:] {
		q, err := syntax.Quote(a.s, syntax.LangBash)
		if err != nil || !a.lit {
			q = a.s
		}
		quoted = append(quoted, q)
	}
	line := src
	if kind == Alias {
		line += " " + strings.Join(quoted, " ")
	} else {
		// The body sees this call's arguments.
		pairs := []string{`"$@"`, strings.Join(quoted, " "), `"$*"`, strings.Join(quoted, " "),
			"$@", strings.Join(quoted, " "), "$*", strings.Join(quoted, " ")}
		for i := 9; i >= 1; i-- {
			v := "''"
			if i <= len(quoted) {
				v = quoted[i-1]
			}
			pairs = append(pairs, fmt.Sprintf(`"$%d"`, i), v, fmt.Sprintf("${%d}", i), v, fmt.Sprintf("$%d", i), v)
		}
		line = strings.NewReplacer(pairs...).Replace(src)
	}
	r := judgeLine(line, j.dir, j.depth+1, j.env)
	if r != "" {
		what := map[DefKind]string{Function: "the function ", Alias: "the alias "}[kind]
		return what + name + " runs: " + r, true
	}
	return "", kind == Function
}

// riskyEnv are variables that make the command they prefix run code of the
// line's choosing.
var riskyEnv = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"LD_PRELOAD": true, "LD_LIBRARY_PATH": true, "LD_AUDIT": true,
		"BASH_ENV": true, "ENV": true, "PROMPT_COMMAND": true, "GIT_SSH_COMMAND": true, "GIT_SSH": true,
		"GIT_EXTERNAL_DIFF": true, "GIT_ASKPASS": true, "SSH_ASKPASS": true, "GIT_EXEC_PATH": true,
		"PYTHONSTARTUP": true, "NODE_OPTIONS": true, "PERL5OPT": true, "RUBYOPT": true}
}}

// assigns judges variable assignments (PATH=./evil:$PATH cmd, export
// PATH=…): a PATH searching a relative directory makes the next command
// name a program of the working tree; the variables of riskyEnv run code.
func assigns(as []*syntax.Assign) string {
	for _, a := range as {
		if a.Name == nil || a.Value == nil {
			continue
		}
		name, val := a.Name.Value, resolve(a.Value).s
		switch {
		case name == "PATH":
			for _, el := range strings.Split(val, ":") {
				if el == "" || !strings.HasPrefix(el, "/") && !strings.HasPrefix(el, "$") && !strings.HasPrefix(el, "~") {
					return "PATH=" + val + " makes command names run programs from the directory " + orDot(el)
				}
			}
		case riskyEnv.Get()[name]:
			return name + "=… makes the command run code named here"
		}
	}
	return ""
}

func orDot(s string) string {
	if s == "" {
		return "."
	}
	return s
}

// longOpt reports whether s (up to any =value) is full or an abbreviation
// of it at least min characters long, as GNU getopt and git accept
// (rm --recu, git push --forc).
func longOpt(s, full string, min int) bool {
	opt, _, _ := strings.Cut(s, "=")
	return strings.HasPrefix(opt, "--") && len(opt) >= min && strings.HasPrefix(full, opt)
}

// hasLong reports whether an argument is one of the long options, or an
// abbreviation of it.
func hasLong(rest []word, min int, full ...string) string {
	for _, a := range rest {
		if a.s == "--" {
			return ""
		}
		for _, f := range full {
			if longOpt(a.s, f, min) {
				return a.s
			}
		}
	}
	return ""
}

// residue judges the cases of this file; "" leaves the command to the
// other rules.
func (j *judge) residue(name string, rest []word) string {
	switch name {
	case "rm":
		if o := hasLong(rest, 3, "--recursive", "--no-preserve-root"); o != "" {
			return "rm " + o + " deletes directories recursively"
		}
	case "tar", "bsdtar", "gtar":
		return j.tar(name, rest)
	case "zip":
		for _, a := range rest {
			if a.s == "-m" || shortFlag(a.s, 'm') || longOpt(a.s, "--move", 4) {
				return "zip " + a.s + " deletes the files it archives"
			}
		}
	case "unzip":
		return j.unzip(rest)
	case "chmod":
		return chmodLock(rest)
	case "sed", "gsed":
		return j.sedInPlace(name, rest)
	case "git":
		return gitRuns(rest, j)
	}
	return ""
}

// tar judges tar: --remove-files deletes what it archives; extracting into
// the home directory (or with absolute names) can overwrite start-up files.
func (j *judge) tar(name string, rest []word) string {
	if o := hasLong(rest, 5, "--remove-files"); o != "" {
		return name + " " + o + " deletes the files it archives"
	}
	extract, absolute := false, false
	dir := j.dir
	for i, a := range rest {
		s := a.s
		switch {
		case i == 0 && !strings.HasPrefix(s, "-") && strings.ContainsAny(s, "x"):
			extract = true // old-style bundle: tar xf a.tar
			absolute = absolute || strings.Contains(s, "P")
		case s == "--extract" || s == "--get" || longOpt(s, "--extract", 5):
			extract = true
		case s == "--absolute-names" || longOpt(s, "--absolute-names", 4):
			absolute = true
		case (s == "-C" || s == "--directory" || longOpt(s, "--directory", 5) && !strings.Contains(s, "=")) && i+1 < len(rest):
			dir = j.path(rest[i+1].s)
			if !rest[i+1].lit {
				dir = rest[i+1].s
			}
		case strings.HasPrefix(s, "--directory="):
			dir = j.path(strings.TrimPrefix(s, "--directory="))
		case strings.HasPrefix(s, "-C") && len(s) > 2:
			dir = j.path(s[2:])
		case shortFlag(s, 'x'):
			extract = true
			absolute = absolute || shortFlag(s, 'P')
		}
	}
	if !extract {
		return ""
	}
	if absolute {
		return name + " -P extracts to the absolute paths the archive names, anywhere"
	}
	if intoHome(dir) {
		return name + " extracts into " + dir + ", where it can overwrite start-up files"
	}
	return ""
}

// intoHome reports whether extracting into dir reaches the home directory
// itself: dir is the home, an ancestor of it, or an expansion naming it.
func intoHome(dir string) bool {
	if strings.Contains(dir, "$HOME") || strings.Contains(dir, "${HOME}") || dir == "~" {
		return true
	}
	home, _ := os.UserHomeDir()
	if home == "" || dir == "" {
		return false
	}
	d := filepath.Clean(dir)
	return d == home || strings.HasPrefix(home, strings.TrimSuffix(d, "/")+"/") || d == "/"
}

// unzip judges unzip: -o overwrites without asking, and -d into the home
// directory reaches start-up files.
func (j *judge) unzip(rest []word) string {
	dir := j.dir
	for i, a := range rest {
		switch {
		case a.s == "-o" || shortFlag(a.s, 'o') && !strings.HasPrefix(a.s, "--"):
			return "unzip " + a.s + " overwrites existing files without asking"
		case a.s == "-d" && i+1 < len(rest):
			dir = j.path(rest[i+1].s)
			if !rest[i+1].lit {
				dir = rest[i+1].s
			}
		case strings.HasPrefix(a.s, "-d") && len(a.s) > 2:
			dir = j.path(a.s[2:])
		}
	}
	if intoHome(dir) {
		return "unzip extracts into " + dir + ", where it can overwrite start-up files"
	}
	return ""
}

// chmodLock judges chmod -R that takes the owner's access away: 000, a-rwx,
// u-r… (a tree nobody can read or change any more).
func chmodLock(rest []word) string {
	recursive := slices.ContainsFunc(rest, func(a word) bool {
		return longOpt(a.s, "--recursive", 5) || shortFlag(a.s, 'R')
	})
	if !recursive {
		return ""
	}
	for _, a := range rest {
		m := a.s
		if strings.HasPrefix(m, "-") && !strings.ContainsAny(m[1:], "rwx") {
			continue // an option
		}
		if isOctal(m) && len(m) >= 3 {
			owner := m[len(m)-3] - '0'
			if owner&4 == 0 || owner&2 == 0 {
				return "chmod -R " + m + " takes the owner's access away from a whole tree"
			}
			continue
		}
		for _, clause := range strings.Split(m, ",") {
			who := strings.TrimLeft(clause, "ugoa")
			whoSet := clause[:len(clause)-len(who)]
			owner := whoSet == "" || strings.ContainsAny(whoSet, "ua")
			if owner && strings.HasPrefix(who, "-") && strings.ContainsAny(who, "rw") {
				return "chmod -R " + m + " takes the owner's access away from a whole tree"
			}
			if owner && strings.HasPrefix(who, "=") && !strings.Contains(who, "r") {
				return "chmod -R " + m + " takes the owner's access away from a whole tree"
			}
		}
	}
	return ""
}

func isOctal(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '7' {
			return false
		}
	}
	return true
}

// sedInPlace judges sed -i: with -n the files keep only the lines the
// script prints (sed -i -n p keeps them, any other script empties them),
// and a file that is a symlink leading out of the directory is edited
// where it leads (or replaced).
func (j *judge) sedInPlace(name string, rest []word) string {
	inPlace, quiet := false, false
	var ops []word
	script := false
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		s := a.s
		switch {
		case s == "-e" || s == "--expression" || s == "-f" || s == "--file":
			i++
			script = true
		case strings.HasPrefix(s, "--expression=") || strings.HasPrefix(s, "--file="):
			script = true
		case longOpt(s, "--in-place", 4):
			inPlace = true
		case longOpt(s, "--quiet", 4) || longOpt(s, "--silent", 4):
			quiet = true
		case strings.HasPrefix(s, "--"):
		case strings.HasPrefix(s, "-") && len(s) > 1:
			for k := 1; k < len(s); k++ {
				if s[k] == 'i' {
					inPlace = true
					break // the rest is a backup suffix: -in is -i with suffix n
				}
				if s[k] == 'n' {
					quiet = true
				}
				if s[k] == 'e' || s[k] == 'f' {
					script = true
					if k == len(s)-1 {
						i++
					}
					break
				}
			}
		default:
			if !script {
				script = true // the first operand is the script
				continue
			}
			ops = append(ops, a)
		}
	}
	if !inPlace {
		return ""
	}
	if quiet {
		return name + " -i -n rewrites the files with only the lines the script prints"
	}
	for _, op := range ops {
		if !op.lit {
			continue
		}
		p := j.path(op.s)
		fi, err := os.Lstat(p)
		if err != nil || fi.Mode()&os.ModeSymlink == 0 {
			continue
		}
		target, err := filepath.EvalSymlinks(p)
		dir := j.dir
		if dir == "" {
			dir, _ = os.Getwd()
		}
		if rd, e := filepath.EvalSymlinks(dir); e == nil {
			dir = rd
		}
		if err != nil || !strings.HasPrefix(target, strings.TrimSuffix(dir, "/")+"/") {
			return name + " -i edits " + op.s + ", a link to " + target + " outside the working directory"
		}
	}
	return ""
}

// gitRuns judges the git subcommands that run a command of the line's
// choosing: submodule foreach, bisect run, grep -O/--open-files-in-pager.
func gitRuns(args []word, j *judge) string {
	i := 0
	for i < len(args) && strings.HasPrefix(args[i].s, "-") {
		if (args[i].s == "-C" || args[i].s == "-c" || args[i].s == "--git-dir" || args[i].s == "--work-tree") && i+1 < len(args) {
			i++
		}
		i++
	}
	if i >= len(args) {
		return ""
	}
	sub, rest := args[i].s, args[i+1:]
	switch sub {
	case "submodule":
		for k, a := range rest {
			if a.s == "foreach" {
				cmd := rest[k+1:]
				for len(cmd) > 0 && strings.HasPrefix(cmd[0].s, "-") {
					cmd = cmd[1:]
				}
				if len(cmd) == 0 {
					return ""
				}
				var line []string
				for _, w := range cmd {
					if !w.lit {
						return "git submodule foreach runs a command built at run time"
					}
					line = append(line, w.s)
				}
				// git runs the words as one shell command line.
				if r := judgeLine(strings.Join(line, " "), j.dir, j.depth+1, j.env); r != "" {
					return "git submodule foreach runs, in every submodule: " + r
				}
			}
		}
	case "bisect":
		if len(rest) > 0 && rest[0].s == "run" {
			if len(rest) < 2 {
				return ""
			}
			if r := j.call(rest[1:], false); r != "" {
				return "git bisect run runs: " + r
			}
			return "git bisect run runs " + rest[1].s + " again and again, checking out other commits"
		}
	case "grep":
		for _, a := range rest {
			s := a.s
			if s == "--" {
				break
			}
			if strings.HasPrefix(s, "--open-files-in-pager=") || longOpt(s, "--open-files-in-pager", 6) && strings.Contains(s, "=") ||
				strings.HasPrefix(s, "-O") && len(s) > 2 && !strings.HasPrefix(s, "--") {
				return "git grep " + s + " runs a program on the matching files"
			}
		}
	case "push":
		if o := hasLong(rest, 5, "--force", "--delete", "--mirror", "--prune"); o != "" {
			return "git push " + o + " rewrites or deletes remote history"
		}
	case "clean":
		if o := hasLong(rest, 4, "--force"); o != "" && !slices.ContainsFunc(rest, func(a word) bool { return a.s == "-n" || longOpt(a.s, "--dry-run", 4) }) {
			return "git clean " + o + " deletes untracked files"
		}
	}
	return ""
}
