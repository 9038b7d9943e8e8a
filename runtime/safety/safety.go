// Package safety judges shell commands before lacy runs them on a model's
// behalf. It works on the parsed command (mvdan.cc/sh/v3/syntax) after
// quote and backslash removal, never on substrings: `echo "rm -rf /"` is
// harmless, `\rm -r build`, `sudo -u root rm -r build` and
// `timeout -s KILL 5 rm -r build` are not.
//
// A command is destructive when running it could destroy data or the
// system, or when lacy cannot tell what it runs: a command name computed at
// run time, code handed to an interpreter (`bash -ec '…'`, `python -c`,
// `curl … | sh`, `bash <<< …`). The wrappers it sees through and the
// programs that always destroy are data: defaults/safety/*.tsv.
package safety

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/lacy-sh/lacy/internal/lazy"
	"github.com/lacy-sh/lacy/runtime/wrappers"
	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// maxDepth bounds nested command lines (sh -c "sh -c '…'").
const maxDepth = 8

// IsDestructive reports whether running cmd could destroy data or the
// system, and why, judging redirections against the process's working
// directory. See IsDestructiveIn.
func IsDestructive(cmd string) (bool, string) { return IsDestructiveIn(cmd, "") }

// IsDestructiveIn reports whether running cmd in dir could destroy data or
// the system, and why: rm -r and rm of globs, dd to a file or device, mkfs
// and other disk tools, chmod -R 777, truncation (`> existing`, `: >`,
// `cp /dev/null f`, tee, truncate), rsync --delete, history-losing git
// commands, find -delete, crontab -r, fork bombs and the like, also behind
// wrappers (sudo, env, timeout, xargs, find -exec, …); or whether lacy
// cannot tell what it runs. A command that does not parse counts as
// destructive. dir "" means the process's working directory.
func IsDestructiveIn(cmd, dir string) (bool, string) {
	return IsDestructiveWith(cmd, dir, nil)
}

// Definitions looks up a name the session defines: a function's body or an
// alias's value, as shell source.
type Definitions func(name string) (source string, kind DefKind)

// IsDestructiveWith is IsDestructiveIn for a command run in a session
// whose functions and aliases defs knows: a call of one is judged by its
// body (the user's `gs() { rm -rf …; }` called as gs).
func IsDestructiveWith(cmd, dir string, defs Definitions) (bool, string) {
	r := judgeLine(cmd, dir, 0, &judgeEnv{defs: defs, expanding: map[string]bool{}})
	return r != "", r
}

// judgeEnv is what the judgement of a line and of the lines nested in it
// share.
type judgeEnv struct {
	defs      Definitions
	expanding map[string]bool // functions and aliases being judged
}

// judge holds what one command line's judgement needs.
type judge struct {
	env   *judgeEnv
	dir   string
	depth int
	fed   map[*syntax.Stmt]bool // statements whose stdin is a pipe
}

// judgeLine returns why a command line is destructive, or "".
func judgeLine(cmd, dir string, depth int, env *judgeEnv) string {
	if depth > maxDepth {
		return "commands nested too deep for lacy to judge"
	}
	f, err := syntax.NewParser().Parse(strings.NewReader(cmd), "")
	if err != nil {
		return "the command does not parse, so lacy cannot judge it"
	}
	if env == nil {
		env = &judgeEnv{expanding: map[string]bool{}}
	}
	j := &judge{env: env, dir: dir, depth: depth, fed: map[*syntax.Stmt]bool{}}
	var reason string
	syntax.Walk(f, func(n syntax.Node) bool {
		if reason != "" {
			return false
		}
		switch n := n.(type) {
		case *syntax.BinaryCmd:
			if n.Op == syntax.Pipe || n.Op == syntax.PipeAll {
				j.fed[n.Y] = true
			}
		case *syntax.Stmt:
			reason = j.redirects(n.Redirs)
			if c, ok := n.Cmd.(*syntax.CallExpr); ok && reason == "" {
				reason = assigns(c.Assigns)
				if reason == "" {
					reason = j.call(words(c.Args), j.fed[n] || readsInput(n.Redirs))
				}
			}
		case *syntax.DeclClause:
			if v := n.Variant.Value; v == "export" || v == "declare" || v == "typeset" || v == "local" || v == "readonly" {
				reason = assigns(n.Args)
			}
		case *syntax.FuncDecl:
			if forkBomb(n) {
				reason = "function " + n.Name.Value + " starts copies of itself: a fork bomb"
			}
		}
		return reason == ""
	})
	return reason
}

// line judges a command line nested in an argument (sh -c, env -S, ssh).
func (j *judge) line(w word, what string) string {
	if !w.lit {
		return what + " runs a command built at run time, which lacy cannot see"
	}
	return judgeLine(w.s, j.dir, j.depth+1, j.env)
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

// Argv returns the words of a simple command (IsSimple) after quote and
// backslash removal, when every word is literal: what a pre-approval
// pattern is matched against, argument by argument.
func Argv(cmd string) ([]string, bool) {
	if !IsSimple(cmd) {
		return nil, false
	}
	f, _ := syntax.NewParser().Parse(strings.NewReader(cmd), "")
	c := f.Stmts[0].Cmd.(*syntax.CallExpr)
	out := make([]string, 0, len(c.Args))
	for _, w := range words(c.Args) {
		if !w.lit || w.glob || w.ansi {
			return nil, false
		}
		out = append(out, w.s)
	}
	return out, len(out) > 0
}

// word is an argument after quote and backslash removal.
type word struct {
	s     string
	lit   bool // false: it expands at run time ($x, $(…)); s is then its source
	glob  bool // holds an unquoted *, ? or [
	split bool // holds an unquoted expansion: word splitting and globbing apply
	ansi  bool // holds $'…'
}

func words(ws []*syntax.Word) []word {
	out := make([]word, len(ws))
	for i, w := range ws {
		out[i] = resolve(w)
	}
	return out
}

// resolve removes quotes and backslashes from a word made only of literal
// and quoted parts.
func resolve(w *syntax.Word) word {
	var b strings.Builder
	r := word{lit: true}
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			b.WriteString(unescape(p.Value, ""))
			if hasGlob(p.Value) {
				r.glob = true
			}
		case *syntax.SglQuoted:
			if p.Dollar {
				r.ansi = true
				s, err := expand.Literal(nil, &syntax.Word{Parts: []syntax.WordPart{p}})
				if err != nil {
					r.lit = false
				}
				b.WriteString(s)
				continue
			}
			b.WriteString(p.Value)
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				l, ok := q.(*syntax.Lit)
				if !ok {
					r.lit = false
					continue
				}
				b.WriteString(unescape(l.Value, "$`\"\\\n"))
			}
		default:
			r.lit, r.split = false, true
		}
	}
	r.s = b.String()
	if !r.lit {
		r.s = source(w)
	}
	return r
}

// unescape removes the backslashes that quote a character: any character
// when only is "", else the characters in only (inside double quotes).
func unescape(s, only string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && (only == "" || strings.IndexByte(only, s[i+1]) >= 0) {
			i++
			if s[i] == '\n' {
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// hasGlob reports whether an unquoted literal holds an unescaped glob
// character.
func hasGlob(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '*', '?':
			return true
		case '[':
			if strings.IndexByte(s[i+1:], ']') >= 0 {
				return true
			}
		}
	}
	return false
}

// source prints a word as written.
func source(w *syntax.Word) string {
	var b strings.Builder
	syntax.NewPrinter().Print(&b, w)
	return b.String()
}

// readsInput reports whether redirections feed a statement's stdin.
func readsInput(rs []*syntax.Redirect) bool {
	for _, r := range rs {
		switch r.Op {
		case syntax.RdrIn, syntax.Hdoc, syntax.DashHdoc, syntax.WordHdoc:
			return true
		}
	}
	return false
}

// redirects judges output redirections.
func (j *judge) redirects(rs []*syntax.Redirect) string {
	for _, r := range rs {
		appends := r.Op == syntax.AppOut || r.Op == syntax.AppAll
		switch {
		case r.Op == syntax.RdrOut || r.Op == syntax.RdrClob || r.Op == syntax.RdrAll || appends:
		default:
			continue
		}
		if r.Word == nil {
			continue
		}
		t := resolve(r.Word)
		if !t.lit || t.glob {
			if appends {
				continue
			}
			return "`>` writes to a file named at run time, which may exist"
		}
		if why := j.plants(t.s); why != "" {
			return "`" + r.Op.String() + "` " + why
		}
		if appends {
			continue
		}
		if why := j.overwrites(t.s); why != "" {
			return "`>` " + why
		}
	}
	return ""
}

// overwrites says why writing to target destroys data: a device, or an
// existing regular file; "" otherwise.
func (j *judge) overwrites(target string) string {
	if strings.HasPrefix(target, "/dev/") {
		switch target {
		case "/dev/null", "/dev/stdout", "/dev/stderr", "/dev/tty", "/dev/fd/1", "/dev/fd/2":
			return ""
		}
		return "writes to the device " + target
	}
	if fi, err := os.Stat(j.path(target)); err == nil && fi.Mode().IsRegular() {
		return "overwrites the existing file " + target
	}
	return ""
}

// plants says why writing to target installs code that runs later (a
// shell startup file, a git hook…), or "".
func (j *judge) plants(target string) string {
	home, _ := os.UserHomeDir()
	if autorun(filepath.Clean(j.path(target)), home) {
		return "writes to " + target + ", whose content runs later on its own"
	}
	return ""
}

// path resolves a literal path against the judged directory.
func (j *judge) path(p string) string {
	if p == "~" || strings.HasPrefix(p, "~/") {
		if home, err := os.UserHomeDir(); err == nil {
			p = filepath.Join(home, strings.TrimPrefix(p[1:], "/"))
		}
	}
	if !filepath.IsAbs(p) && j.dir != "" {
		p = filepath.Join(j.dir, p)
	}
	return p
}

// unresolved reports whether a command name cannot be known before it
// runs: an expansion, $'…', a glob or a brace list.
func unresolved(w word) bool {
	s := w.s
	if s == "[" {
		return false
	}
	if !w.lit || w.ansi || w.glob {
		return true
	}
	if i := strings.IndexByte(s, '{'); i >= 0 && (strings.Contains(s[i:], ",") || strings.Contains(s[i:], "..")) {
		return true
	}
	return false
}

// shells are the interpreters of shell code.
var shells = lazy.Value[map[string]bool]{New: func() map[string]bool {
	return map[string]bool{"sh": true, "bash": true, "zsh": true, "dash": true, "ksh": true, "mksh": true,
		"ash": true, "yash": true, "fish": true, "tcsh": true, "csh": true, "lacy": true, "rbash": true}
}}

// codeFlags are, per interpreter of another language, the options whose
// argument is code; any interpreter also runs what it reads from a pipe.
var codeFlags = lazy.Value[map[string][]string]{New: func() map[string][]string {
	return map[string][]string{
		"python": {"-c"}, "python2": {"-c"}, "python3": {"-c"}, "pypy": {"-c"}, "pypy3": {"-c"},
		"perl": {"-e", "-E"}, "ruby": {"-e"}, "node": {"-e", "--eval", "-p", "--print"}, "nodejs": {"-e", "--eval"},
		"bun": {"-e", "--eval"}, "deno": {"eval"}, "php": {"-r"}, "lua": {"-e"}, "luajit": {"-e"},
		"Rscript": {"-e"}, "osascript": {"-e"}, "tclsh": {}, "wish": {}, "irb": {}, "R": {"-e"},
	}
}}

// call judges one command's words; fed is true when its stdin comes from a
// pipe or a redirection.
func (j *judge) call(args []word, fed bool) string {
	if len(args) == 0 {
		return ""
	}
	if unresolved(args[0]) {
		return "the command name " + args[0].s + " is computed at run time, so lacy cannot tell what runs"
	}
	if r, ok := j.defined(args); ok {
		return r
	}
	name := filepath.Base(args[0].s)
	rest := args[1:]
	if r := j.residue(name, rest); r != "" {
		return r
	}
	t := loadTables.Get()
	if w, ok := wrappers.Lookup(name); ok {
		return j.wrapped(name, w, rest, fed)
	}
	if why, ok := t.programs[name]; ok {
		return name + " " + why
	}
	if strings.HasPrefix(name, "mkfs.") {
		return name + " formats a file system"
	}
	if shells.Get()[name] {
		return j.shell(name, rest, fed)
	}
	if base := strings.TrimRight(name, "0123456789."); codeFlags.Get()[name] != nil || codeFlags.Get()[base] != nil {
		flags := codeFlags.Get()[name]
		if flags == nil {
			flags = codeFlags.Get()[base]
		}
		return j.interpreter(name, flags, rest, fed)
	}
	switch name {
	case "rm":
		return rm(rest)
	case "dd":
		for _, a := range rest {
			if strings.HasPrefix(a.s, "of=") {
				return "dd overwrites " + strings.TrimPrefix(a.s, "of=")
			}
		}
	case "cp", "mv", "install":
		return j.copyOnto(name, rest)
	case "ln":
		if len(rest) > 1 {
			if why := j.plants(rest[len(rest)-1].s); why != "" {
				return "ln " + why
			}
		}
		if slices.ContainsFunc(rest, func(a word) bool { return a.s == "--force" || shortFlag(a.s, 'f') }) && len(rest) > 1 {
			if why := j.overwrites(rest[len(rest)-1].s); why != "" {
				return "ln -f " + why
			}
		}
	case "mysqladmin":
		if slices.ContainsFunc(rest, func(a word) bool { return a.s == "drop" }) {
			return "mysqladmin drop deletes a database"
		}
	case "tee":
		return j.tee(rest)
	case "curl", "wget", "sort":
		out := map[string][]string{"curl": {"-o", "--output"}, "wget": {"-O", "--output-document"}, "sort": {"-o", "--output"}}[name]
		for i, a := range rest {
			for _, o := range out {
				target := ""
				switch {
				case a.s == o && i+1 < len(rest):
					target = rest[i+1].s
				case strings.HasPrefix(a.s, o+"="):
					target = a.s[len(o)+1:]
				case len(o) == 2 && strings.HasPrefix(a.s, o) && len(a.s) > 2:
					target = a.s[2:]
				}
				if target == "" || target == "-" {
					continue
				}
				if why := j.plants(target); why != "" {
					return name + " " + why
				}
				if why := j.overwrites(target); why != "" {
					return name + " " + o + " " + why
				}
			}
		}
	case "rclone":
		if len(rest) > 0 {
			switch rest[0].s {
			case "purge", "delete", "deletefile", "rmdir", "rmdirs", "sync", "cleanup", "dedupe":
				return "rclone " + rest[0].s + " deletes files"
			}
		}
	case "chmod", "chown", "chgrp":
		return chmod(name, rest)
	case "find":
		return j.find(rest)
	case "rsync":
		for i, a := range rest {
			if strings.HasPrefix(a.s, "--delete") || a.s == "--remove-source-files" || a.s == "--del" {
				return "rsync " + a.s + " deletes files"
			}
			if (a.s == "-e" || a.s == "--rsh") && i+1 < len(rest) {
				if r := j.line(rest[i+1], "rsync -e"); r != "" {
					return r
				}
			}
		}
	case "git":
		return gitCmd(rest)
	case "crontab":
		for _, a := range rest {
			if a.s == "-r" || shortFlag(a.s, 'r') && !strings.HasPrefix(a.s, "--") {
				return "crontab -r deletes the crontab"
			}
		}
		for _, a := range rest {
			if a.s == "-" || !strings.HasPrefix(a.s, "-") {
				return "crontab " + a.s + " replaces the crontab"
			}
		}
	case "source", ".":
		if len(rest) == 0 {
			return ""
		}
		a := rest[0]
		if !a.lit {
			return name + " runs commands from a source lacy cannot see"
		}
		if a.s == "/dev/stdin" || a.s == "-" || strings.HasPrefix(a.s, "/dev/fd/") || strings.HasPrefix(a.s, "/proc/self/fd/") {
			return name + " runs commands from its input, which lacy cannot see"
		}
		return j.script(name, a.s)
	case "trap":
		if len(rest) > 1 && !strings.HasPrefix(rest[0].s, "-") {
			return j.line(rest[0], "trap")
		}
	case "sed", "gsed":
		return sed(name, rest)
	case "eval":
		var b strings.Builder
		for _, a := range rest {
			if !a.lit {
				return "eval runs a command built at run time, which lacy cannot see"
			}
			b.WriteString(a.s + " ")
		}
		return judgeLine(b.String(), j.dir, j.depth+1, j.env)
	case "at", "batch":
		for _, a := range rest {
			if a.s == "-l" || a.s == "-c" || a.s == "-r" || a.s == "-d" {
				return "" // lists, shows or removes jobs
			}
		}
		return name + " schedules commands to run later, which lacy cannot see"
	case "npm", "pnpm", "yarn":
		for i, a := range rest {
			if a.s == "set" || a.s == "config" && i+1 < len(rest) && rest[i+1].s == "set" {
				for _, b := range rest[i+1:] {
					if k, _, _ := strings.Cut(strings.TrimLeft(b.s, "-"), "="); k == "script-shell" || k == "shell" || k == "node-options" || k == "git" || k == "editor" {
						return name + " config set " + k + " makes later commands run a program named here"
					}
				}
			}
		}
	case "tmux":
		for _, a := range rest {
			switch a.s {
			case "send-keys", "send", "run-shell", "run", "pipe-pane", "pipep":
				return "tmux " + a.s + " runs commands in another shell, which lacy cannot judge"
			}
		}
	case "screen":
		for _, a := range rest {
			if a.s == "stuff" || a.s == "exec" {
				return "screen " + a.s + " runs commands in another shell, which lacy cannot judge"
			}
		}
	case "awk", "gawk", "mawk", "nawk", "busybox-awk":
		return awk(name, rest)
	case "kill":
		for _, a := range rest {
			if a.s == "-1" {
				return "kill -1 signals every process"
			}
		}
	case "terraform", "tofu", "terragrunt":
		for _, a := range rest {
			if a.s == "destroy" || a.s == "-destroy" {
				return name + " destroy removes infrastructure"
			}
		}
	case "kubectl", "oc":
		if len(rest) > 0 && (rest[0].s == "delete" || rest[0].s == "drain") {
			return name + " " + rest[0].s + " removes cluster resources"
		}
	case "helm":
		if len(rest) > 0 && (rest[0].s == "uninstall" || rest[0].s == "delete") {
			return "helm " + rest[0].s + " removes a release"
		}
	case "docker", "podman", "nerdctl", "docker-compose", "podman-compose":
		for i, a := range rest {
			if a.s == "down" && slices.ContainsFunc(rest[i:], func(b word) bool { return b.s == "-v" || b.s == "--volumes" }) {
				return name + " down -v deletes the volumes' data"
			}
			if a.s == "prune" || a.s == "rm" && i > 0 && rest[i-1].s == "volume" {
				return name + " " + a.s + " deletes data"
			}
		}
	case "aws", "gcloud", "az", "gsutil":
		for _, a := range rest {
			if strings.HasPrefix(a.s, "delete") || strings.HasPrefix(a.s, "terminate") || a.s == "rb" || a.s == "rm" || a.s == "--delete" {
				return name + " " + a.s + " deletes cloud resources"
			}
		}
	case "psql", "mysql", "mariadb", "sqlite3", "duckdb", "clickhouse-client", "mongosh", "mongo", "cqlsh":
		for _, a := range rest {
			if dropSQL.Get().MatchString(a.s) {
				return name + " runs " + strings.ToUpper(dropSQL.Get().FindString(a.s)) + ", which deletes data"
			}
		}
	case "redis-cli":
		for _, a := range rest {
			if s := strings.ToLower(a.s); s == "flushall" || s == "flushdb" {
				return "redis-cli " + a.s + " deletes every key"
			}
		}
	}
	return ""
}

// dropSQL matches SQL that deletes data.
var dropSQL = lazy.Regexp{Expr: `(?i)\b(?:drop\s+(?:table|database|schema|index|view|user|collection)|truncate\s|delete\s+from|\.drop(?:Database)?\(|deleteMany\()`}

// wrapped judges the command a wrapper runs.
func (j *judge) wrapped(name string, w wrapper, rest []word, fed bool) string {
	shell := w.Line
	// options skips the wrapper's options from i on, judging the code
	// options hold; done is set when the verdict is known.
	options := func(i int) (next int, reason string, done bool) {
		for i < len(rest) {
			a := rest[i]
			if !a.lit {
				return i, "", false
			}
			s := a.s
			switch {
			case s == "--":
				return i + 1, "", false
			case name == "command" && (s == "-v" || s == "-V"):
				return i, "", true // prints what a name is, runs nothing
			case (name == "env" || name == "sudo" || name == "doas" || name == "run0") && isAssignment(s):
				i++
				continue
			case !strings.HasPrefix(s, "-") || s == "-":
				return i, "", false
			case strings.HasPrefix(s, "--"):
				opt, val, hasVal := strings.Cut(s, "=")
				if w.CodeOpts[opt] {
					code := word{s: val, lit: true}
					if !hasVal && i+1 < len(rest) {
						i++
						code = rest[i]
					}
					if r := j.line(code, name+" "+opt); r != "" {
						return i, r, true
					}
				} else if w.ArgOpts[opt] && !hasVal {
					i++
				}
				i++
				continue
			}
			// A bundle of short options: -u root, -uroot, -Eu root, -n10.
			for k := 1; k < len(s); k++ {
				o := "-" + s[k:k+1]
				if (name == "sudo" || name == "doas") && (s[k] == 's' || s[k] == 'i') {
					shell = true
				}
				if w.CodeOpts[o] {
					code := word{s: s[k+1:], lit: true}
					if k+1 == len(s) && i+1 < len(rest) {
						i++
						code = rest[i]
					}
					if r := j.line(code, name+" "+o); r != "" {
						return i, r, true
					}
					break
				}
				if w.ArgOpts[o] {
					if k+1 == len(s) {
						i++
					}
					break
				}
			}
			i++
		}
		return i, "", false
	}
	i, r, done := options(0)
	if done {
		return r
	}
	if name == "su" || name == "runuser" {
		// su permutes its arguments: su root -c '…'.
		for k := i; k < len(rest); k++ {
			if w.CodeOpts[rest[k].s] && k+1 < len(rest) {
				return j.line(rest[k+1], name+" "+rest[k].s)
			}
		}
		return ""
	}
	if w.Operands > 0 {
		// Options may follow the operands too: flock FILE -c '…'.
		if i, r, done = options(min(i+w.Operands, len(rest))); done {
			return r
		}
	}
	cmd := rest[i:]
	if len(cmd) == 0 {
		return ""
	}
	if n := filepath.Base(cmd[0].s); (name == "xargs" || name == "parallel") && (n == "rm" || n == "unlink") {
		return name + " " + n + " deletes every file named in its input"
	}
	if shell {
		var b strings.Builder
		for _, a := range cmd {
			if !a.lit {
				return name + " runs a command built at run time, which lacy cannot see"
			}
			b.WriteString(a.s + " ")
		}
		r := judgeLine(b.String(), j.dir, j.depth+1, j.env)
		if r != "" && name == "ssh" {
			r = "on the remote host: " + r
		}
		return r
	}
	return j.call(cmd, fed)
}

// isAssignment reports whether s is NAME=value.
func isAssignment(s string) bool { return wrappers.IsAssignment(s) }

// shell judges a shell interpreter: the code it is given with any option
// bundle holding c (-c, -ec, -xc, -c --), or the code it reads from a pipe,
// a here-string or a redirection.
func (j *judge) shell(name string, rest []word, fed bool) string {
	withC, stdin := false, false
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		if !a.lit {
			if withC {
				return name + " -c runs a command built at run time, which lacy cannot see"
			}
			return name + " runs a script named at run time"
		}
		s := a.s
		switch {
		case s == "--" || s == "-":
			if s == "-" {
				stdin = true
			}
			continue
		case s == "--rcfile" || s == "--init-file":
			i++
			continue
		case strings.HasPrefix(s, "--"):
			continue
		case len(s) > 1 && (s[0] == '-' || s[0] == '+'):
			for _, c := range s[1:] {
				switch c {
				case 'c':
					withC = s[0] == '-'
				case 's':
					stdin = true
				case 'o', 'O':
					i++
				}
			}
			continue
		}
		if withC {
			return j.line(a, name+" -c")
		}
		return j.script(name, s)
	}
	if withC {
		return ""
	}
	if fed || stdin {
		return name + " runs commands from its input, which lacy cannot see"
	}
	return ""
}

// script judges an interpreter running a script file: one that does not
// exist yet (written by the same line, say) is code lacy cannot see.
func (j *judge) script(name, file string) string {
	if _, err := os.Stat(j.path(file)); err != nil {
		return name + " runs " + file + ", which does not exist yet, so lacy cannot see it"
	}
	return ""
}
