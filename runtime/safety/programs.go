package safety

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/lacy-sh/lacy/internal/lazy"
)

// interpreter judges another language's interpreter: code given on the
// command line (python -c, perl -e, node -e) or read from a pipe is code
// lacy cannot judge. A script file or a module (python -m) is not.
func (j *judge) interpreter(name string, flags []string, rest []word, fed bool) string {
	for i, a := range rest {
		s := a.s
		for _, f := range flags {
			if s == f || !strings.HasPrefix(f, "--") && len(f) == 2 && strings.HasPrefix(s, f) && !strings.HasPrefix(s, "--") ||
				strings.HasPrefix(f, "--") && strings.HasPrefix(s, f+"=") {
				return name + " " + f + " runs code lacy cannot judge"
			}
			// Bundles: python -Bc '…', perl -ne '…'.
			if len(f) == 2 && f[0] == '-' && len(s) > 2 && s[0] == '-' && s[1] != '-' && strings.IndexByte(s[1:], f[1]) >= 0 && !strings.ContainsAny(s[1:], "mWXQ") {
				return name + " " + f + " runs code lacy cannot judge"
			}
		}
		switch {
		case s == "-" || s == "/dev/stdin":
			if fed {
				return name + " runs code from its input, which lacy cannot see"
			}
			return ""
		case s == "-m" || s == "-W" || s == "-X" || s == "-r" && name == "ruby" || s == "-I" || s == "--require":
			if i+1 < len(rest) && (s == "-m") {
				return "" // a module: python -m pytest
			}
			continue
		case strings.HasPrefix(s, "-") && s != "-":
			continue
		}
		return j.script(name, s)
	}
	if fed {
		return name + " runs code from its input, which lacy cannot see"
	}
	return ""
}

// rm judges rm: recursive, or operands that expand to a list (globs,
// unquoted variables).
func rm(rest []word) string {
	opts := true
	for _, a := range rest {
		if opts && a.lit && a.s == "--" {
			opts = false
			continue
		}
		if opts && a.lit && strings.HasPrefix(a.s, "-") && len(a.s) > 1 {
			if a.s == "--recursive" || a.s == "--no-preserve-root" || shortFlag(a.s, 'r', 'R') {
				return "rm -r deletes directories recursively"
			}
			continue
		}
		switch {
		case a.glob:
			return "rm " + a.s + " deletes every file the pattern matches"
		case !a.lit:
			return "rm " + a.s + " deletes files named at run time"
		case a.s == "/" || a.s == "~" || a.s == "." || a.s == "..":
			return "rm " + a.s + " targets a whole tree"
		}
	}
	return ""
}

// copyOnto judges cp, mv and install: copying /dev/null (or another
// device) onto a file, or onto an existing file, destroys it.
func (j *judge) copyOnto(name string, rest []word) string {
	var ops []word
	opts := true
	for _, a := range rest {
		if opts && a.s == "--" {
			opts = false
			continue
		}
		if opts && strings.HasPrefix(a.s, "-") && len(a.s) > 1 {
			if a.s == "-n" || a.s == "--no-clobber" || a.s == "-i" || a.s == "--interactive" || a.s == "--update=none" || shortFlag(a.s, 'n') && !strings.HasPrefix(a.s, "--") {
				return ""
			}
			if a.s == "-t" || strings.HasPrefix(a.s, "--target-directory") {
				return "" // copies into a directory
			}
			continue
		}
		ops = append(ops, a)
	}
	if len(ops) < 2 {
		return ""
	}
	dst := ops[len(ops)-1]
	for _, src := range ops[:len(ops)-1] {
		if strings.HasPrefix(src.s, "/dev/") && name != "mv" {
			return name + " " + src.s + " overwrites " + dst.s
		}
	}
	if !dst.lit || dst.glob {
		return "" // a name computed at run time: renaming loops and the like
	}
	if why := j.plants(dst.s); why != "" {
		return name + " " + why
	}
	if dst.lit && len(ops) > 2 || strings.HasSuffix(dst.s, "/") {
		for _, src := range ops[:len(ops)-1] {
			if why := j.plants(filepath.Join(dst.s, filepath.Base(src.s))); why != "" {
				return name + " " + why
			}
		}
	} else if fi, err := os.Stat(j.path(dst.s)); err == nil && fi.IsDir() {
		for _, src := range ops[:len(ops)-1] {
			if why := j.plants(filepath.Join(dst.s, filepath.Base(src.s))); why != "" {
				return name + " " + why
			}
		}
	}
	if name == "mv" && dst.s == "/dev/null" {
		return "mv to /dev/null deletes " + ops[0].s
	}
	if why := j.overwrites(dst.s); why != "" && len(ops) == 2 {
		return name + " " + why
	}
	return ""
}

// tee judges tee: without -a it truncates the files it writes.
func (j *judge) tee(rest []word) string {
	for _, a := range rest {
		if a.s == "-a" || a.s == "--append" || strings.HasPrefix(a.s, "-") && !strings.HasPrefix(a.s, "--") && strings.Contains(a.s, "a") {
			for _, b := range rest {
				if !strings.HasPrefix(b.s, "-") {
					if why := j.plants(b.s); why != "" {
						return "tee " + why
					}
				}
			}
			return ""
		}
	}
	for _, a := range rest {
		if strings.HasPrefix(a.s, "-") && a.lit {
			continue
		}
		if !a.lit || a.glob {
			return "tee writes to a file named at run time, which may exist"
		}
		if why := j.plants(a.s); why != "" {
			return "tee " + why
		}
		if why := j.overwrites(a.s); why != "" {
			return "tee " + why
		}
	}
	return ""
}

// chmod judges chmod, chown and chgrp: recursive changes that open a tree
// to everyone or hit a whole system.
func chmod(name string, rest []word) string {
	recursive := false
	for _, a := range rest {
		if a.s == "--recursive" || shortFlag(a.s, 'R') {
			recursive = true
		}
	}
	if !recursive {
		return ""
	}
	for _, a := range rest {
		if name == "chmod" && (strings.Contains(a.s, "777") || strings.Contains(a.s, "666") || strings.Contains(a.s, "o+w") || strings.Contains(a.s, "a+w") || strings.Contains(a.s, "+rwx")) {
			return "chmod -R " + a.s + " opens a whole tree to everyone"
		}
		if a.s == "/" || a.s == "~" || a.s == "/*" || a.s == "/home" || a.s == "/etc" || a.s == "/usr" {
			return name + " -R on " + a.s
		}
	}
	return ""
}

// find judges find: -delete, and the commands of -exec and -ok.
func (j *judge) find(rest []word) string {
	for i := 0; i < len(rest); i++ {
		switch s := rest[i].s; s {
		case "-delete":
			return "find -delete removes every match"
		case "-exec", "-execdir", "-ok", "-okdir":
			end := i + 1
			for end < len(rest) && rest[end].s != ";" && rest[end].s != "+" {
				end++
			}
			if r := j.call(rest[i+1:end], false); r != "" {
				return "find " + s + ": " + r
			}
			if i+1 < end {
				if n := filepath.Base(rest[i+1].s); n == "rm" || n == "unlink" {
					return "find " + s + " " + n + " deletes every match"
				}
			}
			i = end
		case "-fprint", "-fprint0", "-fprintf", "-fls":
			if i+1 < len(rest) {
				if why := j.overwrites(rest[i+1].s); why != "" {
					return "find " + s + " " + why
				}
			}
		}
	}
	return ""
}

// awk judges an awk program given on the command line: system(), pipes to
// commands and output redirection run or write what lacy cannot see.
func awk(name string, rest []word) string {
	for i := 0; i < len(rest); i++ {
		s := rest[i].s
		switch {
		case s == "-f" || s == "--file":
			return ""
		case s == "-F" || s == "-v" || s == "--assign" || s == "--field-separator":
			i++
			continue
		case strings.HasPrefix(s, "-") && len(s) > 1:
			continue
		}
		if !rest[i].lit {
			return name + " runs a program built at run time"
		}
		p := s
		if strings.Contains(p, "system(") || strings.Contains(p, "| \"") || strings.Contains(p, "|\"") || strings.Contains(p, "|&") ||
			strings.Contains(p, "| getline") && strings.Contains(p, "\"") && strings.Index(p, "\"") < strings.Index(p, "| getline") {
			return name + " program runs shell commands"
		}
		return ""
	}
	return ""
}

// gitConfigCode are git settings whose value is a program git runs.
var gitConfigCode = []string{"core.sshcommand", "core.pager", "core.editor", "core.fsmonitor", "core.hookspath",
	"core.gitproxy", "core.askpass", "sequence.editor", "diff.external", "gpg.program", "credential.helper",
	"uploadpack.packobjectshook", "protocol.allow", "protocol.ext.allow", "include.path", "includeif"}

// gitConfig says why a `git -c key=value` runs a program, or "".
func gitConfig(kv string) string {
	key, val, _ := strings.Cut(kv, "=")
	key = strings.ToLower(key)
	if strings.HasPrefix(key, "alias.") {
		if strings.HasPrefix(strings.TrimSpace(val), "!") {
			return "git -c " + key + "=!… runs a shell command"
		}
		return ""
	}
	for _, k := range gitConfigCode {
		if key == k || strings.HasPrefix(key, k+".") {
			return "git -c " + key + " runs a program named in the command"
		}
	}
	for _, suffix := range []string{".textconv", ".command", ".clean", ".smudge", ".process", ".driver", ".program", ".helper", ".cmd"} {
		if strings.HasSuffix(key, suffix) {
			return "git -c " + key + " runs a program named in the command"
		}
	}
	if strings.HasPrefix(key, "pager.") {
		return "git -c " + key + " runs a program named in the command"
	}
	return ""
}

// gitCmd judges git: configuration that runs programs, and subcommands
// that lose work or rewrite shared history.
func gitCmd(args []word) string {
	for len(args) > 0 && strings.HasPrefix(args[0].s, "-") {
		s := args[0].s
		switch {
		case s == "-c" && len(args) > 1:
			if r := gitConfig(args[1].s); r != "" {
				return r
			}
			args = args[1:]
		case strings.HasPrefix(s, "-c") && !strings.HasPrefix(s, "--"):
			if r := gitConfig(s[2:]); r != "" {
				return r
			}
		case s == "--config-env" || strings.HasPrefix(s, "--config-env="):
			return "git --config-env takes settings from the environment, which may run programs"
		case strings.HasPrefix(s, "--exec-path="):
			return "git --exec-path runs git commands from another directory"
		case (s == "-C" || s == "--git-dir" || s == "--work-tree" || s == "--namespace") && len(args) > 1:
			args = args[1:]
		}
		args = args[1:]
	}
	if len(args) == 0 {
		return ""
	}
	sub, rest := args[0].s, args[1:]
	has := func(flags ...string) string {
		for _, a := range rest {
			for _, f := range flags {
				if a.s == f || strings.HasPrefix(f, "--") && strings.HasPrefix(a.s, f+"=") {
					return a.s
				}
			}
		}
		return ""
	}
	switch sub {
	case "push":
		if f := has("--force", "-f", "--force-with-lease", "--mirror", "--delete", "-d", "--prune"); f != "" {
			return "git push " + f + " rewrites or deletes remote history"
		}
		for _, a := range rest {
			if strings.HasPrefix(a.s, "+") || strings.HasPrefix(a.s, ":") {
				return "git push " + a.s + " rewrites or deletes a remote branch"
			}
			if shortFlag(a.s, 'f') {
				return "git push -f rewrites remote history"
			}
		}
	case "reset":
		if has("--hard", "--merge", "--keep") != "" {
			return "git reset --hard discards uncommitted changes"
		}
	case "clean":
		if has("-n", "--dry-run") == "" && !slices.ContainsFunc(rest, func(a word) bool { return shortFlag(a.s, 'n') }) {
			return "git clean deletes untracked files"
		}
	case "restore":
		if has("--staged", "-S") == "" || has("--worktree", "-W") != "" {
			return "git restore discards uncommitted changes"
		}
	case "checkout":
		if has("--", ".", "-f", "--force") != "" {
			return "git checkout discards uncommitted changes"
		}
		// git checkout TREE PATH… overwrites the paths.
		ops := 0
		for _, a := range rest {
			if strings.HasPrefix(a.s, "-") {
				if a.s == "-b" || a.s == "-B" || a.s == "--orphan" || a.s == "-t" || a.s == "--track" || a.s == "--detach" {
					ops = -100
				}
				continue
			}
			ops++
		}
		if ops >= 2 {
			return "git checkout of paths discards their uncommitted changes"
		}
	case "switch":
		if has("-f", "--force", "--discard-changes") != "" {
			return "git switch " + has("-f", "--force", "--discard-changes") + " discards uncommitted changes"
		}
	case "branch":
		bundle := slices.ContainsFunc(rest, func(a word) bool { return shortFlag(a.s, 'D') || shortFlag(a.s, 'd') && shortFlag(a.s, 'f') })
		if bundle || has("-D") != "" || has("--delete", "-d") != "" && has("--force", "-f") != "" {
			return "git branch -D deletes an unmerged branch"
		}
	case "stash":
		if len(rest) > 0 && (rest[0].s == "drop" || rest[0].s == "clear") {
			return "git stash " + rest[0].s + " deletes stashed work"
		}
	case "reflog":
		if len(rest) > 0 && (rest[0].s == "expire" || rest[0].s == "delete") {
			return "git reflog " + rest[0].s + " loses the record of old commits"
		}
	case "gc", "prune":
		if f := has("--prune", "--prune=now", "--expire"); f != "" || sub == "prune" {
			return "git " + sub + " deletes unreachable commits"
		}
	case "update-ref":
		if has("-d") != "" {
			return "git update-ref -d deletes a ref"
		}
	case "worktree":
		if len(rest) > 0 && rest[0].s == "remove" && has("-f", "--force") != "" {
			return "git worktree remove --force deletes a work tree with changes"
		}
	case "config":
		var ops []string
		for _, a := range rest {
			if !strings.HasPrefix(a.s, "-") && a.s != "set" {
				ops = append(ops, a.s)
			}
		}
		if len(ops) >= 2 {
			if r := gitConfig(ops[0] + "=" + ops[1]); r != "" {
				return strings.Replace(r, "git -c", "git config", 1) + " later"
			}
		}
	case "rm":
		if has("--cached") == "" && slices.ContainsFunc(rest, func(a word) bool { return a.s == "-r" || a.s == "--force" || shortFlag(a.s, 'r', 'f') }) {
			return "git rm -r/-f deletes files from the work tree"
		}
	case "filter-branch", "filter-repo":
		return "git " + sub + " rewrites history"
	}
	return ""
}

// shortFlag reports whether s is a bundle of short options (-rf) holding
// one of the letters.
func shortFlag(s string, letters ...byte) bool {
	if len(s) < 2 || s[0] != '-' || s[1] == '-' {
		return false
	}
	for _, l := range letters {
		if strings.IndexByte(s[1:], l) >= 0 {
			return true
		}
	}
	return false
}

// forkBomb reports whether a function calls itself in a pipe or in the
// background: :(){ :|:& };:
func forkBomb(fn *syntax.FuncDecl) bool {
	self, spawns := false, false
	syntax.Walk(fn.Body, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.CallExpr:
			if len(n.Args) > 0 && n.Args[0].Lit() == fn.Name.Value {
				self = true
			}
		case *syntax.BinaryCmd:
			if n.Op == syntax.Pipe || n.Op == syntax.PipeAll {
				spawns = true
			}
		case *syntax.Stmt:
			if n.Background || n.Coprocess {
				spawns = true
			}
		}
		return true
	})
	return self && spawns
}

// sedDelete matches a sed script that deletes every line (d, 1,$d).
var sedDelete = lazy.Regexp{Expr: `^\s*(?:(?:[0-9]+|\$)(?:\s*,\s*(?:[0-9]+|\$))?)?\s*d\s*;?\s*$`}

// sedExec matches sed's e command, and the e flag ending an s command
// (s/x/y/e), which run shell commands.
var sedExec = lazy.Regexp{Expr: `(?:^|[;\n{}]|[0-9$/])\s*e(?:\s|$|;)`}

// sed judges sed: scripts that run commands, and in-place edits that empty
// files.
func sed(name string, rest []word) string {
	inPlace := false
	var scripts []word
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		switch {
		case a.s == "-i" || strings.HasPrefix(a.s, "-i") && !strings.HasPrefix(a.s, "--") || strings.HasPrefix(a.s, "--in-place"):
			inPlace = true
		case (a.s == "-e" || a.s == "--expression") && i+1 < len(rest):
			i++
			scripts = append(scripts, rest[i])
		case strings.HasPrefix(a.s, "--expression="):
			scripts = append(scripts, word{s: a.s[len("--expression="):], lit: a.lit})
		case a.s == "-f" || a.s == "--file":
			i++
		case strings.HasPrefix(a.s, "-") && len(a.s) > 1:
			if shortFlag(a.s, 'i') {
				inPlace = true
			}
		default:
			if len(scripts) == 0 {
				scripts = append(scripts, a)
			}
			i = len(rest) // the rest are files
		}
	}
	for _, sc := range scripts {
		if !sc.lit {
			return name + " runs a script built at run time"
		}
		if sedExec.Get().MatchString(sc.s) {
			return name + " script runs shell commands (e)"
		}
		if inPlace && sedDelete.Get().MatchString(sc.s) {
			return name + " -i " + sc.s + " deletes every line of the files"
		}
	}
	return ""
}
