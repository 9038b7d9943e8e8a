// Package safety judges shell commands before lacy runs them on a model's
// behalf. It works on the parsed command (mvdan.cc/sh/v3/syntax), never on
// substrings: `echo "rm -rf /"` is harmless, `sudo rm -r build` is not.
package safety

import (
	"os"
	"path/filepath"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// IsDestructive reports whether running cmd could destroy data or the
// system, and why, judging redirections against the process's working
// directory. See IsDestructiveIn.
func IsDestructive(cmd string) (bool, string) { return IsDestructiveIn(cmd, "") }

// IsDestructiveIn reports whether running cmd in dir could destroy data or
// the system: recursive rm, dd to a file or device, mkfs and other disk
// tools, chmod -R 777, `>` onto an existing file, git push --force and other
// history-losing git commands, find -delete, and the like, also behind
// sudo, xargs, env and `sh -c`. A command that does not parse counts as
// destructive. dir "" means the process's working directory.
func IsDestructiveIn(cmd, dir string) (bool, string) {
	f, err := syntax.NewParser().Parse(strings.NewReader(cmd), "")
	if err != nil {
		return true, "the command does not parse, so lacy cannot judge it"
	}
	var reason string
	syntax.Walk(f, func(n syntax.Node) bool {
		if reason != "" {
			return false
		}
		switch n := n.(type) {
		case *syntax.Stmt:
			reason = redirects(n.Redirs, dir)
		case *syntax.CallExpr:
			reason = call(words(n.Args), dir)
		}
		return reason == ""
	})
	return reason != "", reason
}

// IsSimple reports whether cmd is one plain command: no list, pipe,
// redirection, background job, assignment or command substitution. Only
// simple commands may be pre-approved by a pattern, so that an approved
// `git status*` cannot smuggle in `git status; rm -r ~`.
func IsSimple(cmd string) bool {
	f, err := syntax.NewParser().Parse(strings.NewReader(cmd), "")
	if err != nil || len(f.Stmts) != 1 {
		return false
	}
	st := f.Stmts[0]
	c, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(st.Redirs) > 0 || st.Background || st.Coprocess || st.Negated || len(c.Assigns) > 0 {
		return false
	}
	simple := true
	syntax.Walk(st, func(n syntax.Node) bool {
		switch n.(type) {
		case *syntax.CmdSubst, *syntax.ProcSubst, *syntax.ArithmExp:
			simple = false
		}
		return simple
	})
	return simple
}

// word is an argument: its literal value when it has one.
type word struct {
	s   string
	lit bool // false: it expands at run time ($x, $(…), globs stay literal)
}

func words(ws []*syntax.Word) []word {
	out := make([]word, len(ws))
	for i, w := range ws {
		out[i].s, out[i].lit = literal(w)
	}
	return out
}

// literal returns the value of a word made only of literal and quoted parts.
func literal(w *syntax.Word) (string, bool) {
	var b strings.Builder
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			b.WriteString(p.Value)
		case *syntax.SglQuoted:
			b.WriteString(p.Value)
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				l, ok := q.(*syntax.Lit)
				if !ok {
					return "", false
				}
				b.WriteString(l.Value)
			}
		default:
			return "", false
		}
	}
	return b.String(), true
}

// redirects judges output redirections.
func redirects(rs []*syntax.Redirect, dir string) string {
	for _, r := range rs {
		switch r.Op {
		case syntax.RdrOut, syntax.RdrClob, syntax.RdrAll:
		default:
			continue
		}
		if r.Word == nil {
			continue
		}
		target, ok := literal(r.Word)
		if !ok {
			return "`>` writes to a file named at run time, which may exist"
		}
		if strings.HasPrefix(target, "/dev/") {
			switch target {
			case "/dev/null", "/dev/stdout", "/dev/stderr", "/dev/tty":
				continue
			}
			return "`>` writes to the device " + target
		}
		p := target
		if strings.HasPrefix(p, "~/") {
			if home, err := os.UserHomeDir(); err == nil {
				p = filepath.Join(home, p[2:])
			}
		}
		if !filepath.IsAbs(p) && dir != "" {
			p = filepath.Join(dir, p)
		}
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
			return "`>` overwrites the existing file " + target
		}
	}
	return ""
}

// wrappers run their arguments as a command after their own options.
var wrappers = map[string]bool{"sudo": true, "doas": true, "env": true, "nice": true, "nohup": true,
	"time": true, "command": true, "exec": true, "builtin": true, "timeout": true, "ionice": true, "stdbuf": true}

// disk tools that destroy what is on a device or file.
var diskTools = map[string]string{
	"mkfs": "formats a file system", "mke2fs": "formats a file system", "mkswap": "formats a swap area",
	"wipefs": "wipes file system signatures", "fdisk": "edits a partition table", "sfdisk": "edits a partition table",
	"parted": "edits a partition table", "gdisk": "edits a partition table", "shred": "overwrites files beyond recovery",
	"truncate": "truncates files", "shutdown": "shuts the machine down", "reboot": "reboots the machine",
	"halt": "halts the machine", "poweroff": "powers the machine off", "mkfs.ext4": "formats a file system",
}

// call judges one command's words. Nested `sh -c '…'` strings are judged
// recursively; each level is shorter, so the recursion ends.
func call(args []word, dir string) string {
	if len(args) == 0 || !args[0].lit {
		return ""
	}
	name := filepath.Base(args[0].s)
	rest := args[1:]
	if wrappers[name] {
		for len(rest) > 0 && rest[0].lit && (strings.HasPrefix(rest[0].s, "-") || strings.Contains(rest[0].s, "=") ||
			(name == "timeout" && len(rest[0].s) > 0 && rest[0].s[0] >= '0' && rest[0].s[0] <= '9')) {
			rest = rest[1:]
		}
		return call(rest, dir)
	}
	if reason, ok := diskTools[name]; ok || strings.HasPrefix(name, "mkfs.") {
		if !ok {
			reason = "formats a file system"
		}
		return name + " " + reason
	}
	switch name {
	case "rm":
		for _, a := range rest {
			if a.s == "--" {
				break
			}
			if a.s == "--recursive" || a.s == "--no-preserve-root" || shortFlag(a.s, 'r', 'R') {
				return "rm -r deletes directories recursively"
			}
		}
	case "dd":
		for _, a := range rest {
			if strings.HasPrefix(a.s, "of=") {
				return "dd overwrites " + strings.TrimPrefix(a.s, "of=")
			}
		}
	case "chmod", "chown", "chgrp":
		recursive := false
		for _, a := range rest {
			if a.s == "--recursive" || shortFlag(a.s, 'R') {
				recursive = true
			}
		}
		if !recursive {
			break
		}
		for _, a := range rest {
			if name == "chmod" && (strings.Contains(a.s, "777") || strings.Contains(a.s, "o+w") || strings.Contains(a.s, "a+w") || strings.Contains(a.s, "+rwx")) {
				return "chmod -R " + a.s + " opens a whole tree to everyone"
			}
			if a.s == "/" || a.s == "~" || a.s == "/*" {
				return name + " -R on " + a.s
			}
		}
	case "find":
		for i, a := range rest {
			if a.s == "-delete" {
				return "find -delete removes every match"
			}
			if (a.s == "-exec" || a.s == "-execdir" || a.s == "-ok") && i+1 < len(rest) {
				if r := call(rest[i+1:], dir); r != "" {
					return "find -exec: " + r
				}
				if n := filepath.Base(rest[i+1].s); n == "rm" || n == "shred" {
					return "find -exec " + n + " removes every match"
				}
			}
		}
	case "xargs":
		for i, a := range rest {
			if a.lit && !strings.HasPrefix(a.s, "-") {
				if n := filepath.Base(a.s); n == "rm" || n == "shred" {
					return "xargs " + n + " removes files from its input"
				}
				return call(rest[i:], dir)
			}
		}
	case "git":
		return gitCmd(rest)
	case "sh", "bash", "zsh", "dash", "ksh", "lacy":
		for i, a := range rest {
			if a.s == "-c" && i+1 < len(rest) {
				if !rest[i+1].lit {
					return name + " -c runs a command built at run time"
				}
				if bad, r := IsDestructiveIn(rest[i+1].s, dir); bad {
					return r
				}
			}
		}
	case "eval":
		var b strings.Builder
		for _, a := range rest {
			if !a.lit {
				return "eval runs a command built at run time"
			}
			b.WriteString(a.s + " ")
		}
		if bad, r := IsDestructiveIn(b.String(), dir); bad {
			return r
		}
	case "kill", "pkill", "killall":
		for _, a := range rest {
			if a.s == "-1" && name == "kill" {
				return "kill -1 signals every process"
			}
		}
	case "terraform", "tofu":
		if len(rest) > 0 && rest[0].s == "destroy" {
			return name + " destroy removes infrastructure"
		}
	case "kubectl":
		if len(rest) > 0 && rest[0].s == "delete" {
			return "kubectl delete removes cluster resources"
		}
	case "docker", "podman":
		if len(rest) > 1 && (rest[1].s == "prune" || rest[0].s == "system" && rest[1].s == "prune") {
			return name + " prune deletes data"
		}
	}
	return ""
}

// gitCmd judges git subcommands that lose work or rewrite shared history.
func gitCmd(args []word) string {
	// Skip global options such as -C dir and -c key=value.
	for len(args) > 0 && strings.HasPrefix(args[0].s, "-") {
		if (args[0].s == "-C" || args[0].s == "-c") && len(args) > 1 {
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
		if f := has("--force", "-f", "--force-with-lease", "--mirror", "--delete", "-d"); f != "" {
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
		for _, a := range rest {
			if a.s == "--force" || shortFlag(a.s, 'f') {
				return "git clean -f deletes untracked files"
			}
		}
	case "restore":
		if has("--staged", "-S") == "" || has("--worktree", "-W") != "" {
			return "git restore discards uncommitted changes"
		}
	case "checkout":
		if has("--", ".", "-f", "--force") != "" {
			return "git checkout discards uncommitted changes"
		}
	case "branch":
		if has("-D") != "" || has("--delete", "-d") != "" && has("--force", "-f") != "" {
			return "git branch -D deletes an unmerged branch"
		}
	case "stash":
		if len(rest) > 0 && (rest[0].s == "drop" || rest[0].s == "clear") {
			return "git stash " + rest[0].s + " deletes stashed work"
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
