// Package complete decides what Tab completes on a shell command line and
// produces the candidates: command names in command position (the first
// word of a simple command, also after |, &&, ;, $(, `, if/then/do…, and
// after precommands such as sudo, env, time), paths elsewhere, directories
// for cd, variable names after $ and login names after ~. Arguments of
// commands bash-completion knows are answered by a Bridge to it.
//
// It is pure logic over the text before the cursor and the file system; it
// knows nothing about readline. Every candidate's Value starts with the
// Prefix it replaces (readline filters candidates by that prefix), extending
// the word as typed: the rest of the name is escaped for the quote open at
// the cursor (none, ' or "), so `ls "My Do` completes to `ls "My Documents/`
// and `ls My\ Do` to `ls My\ Documents/`. A readline completer is a few
// lines:
//
//	rl.Completer = func(line []rune, cursor int) readline.Completions {
//		text := string(line[:cursor])
//		r := complete.Complete(complete.Request{Line: text, Cursor: len(text), Dir: cwd, Home: home, Commands: names})
//		vals := make([]readline.Completion, len(r.Candidates))
//		for i, c := range r.Candidates {
//			vals[i] = readline.Completion{Value: c.Value, Display: c.Display}
//		}
//		comps := readline.CompleteRaw(vals).NoSpace('/') // Space is false exactly for values ending in '/'
//		comps.PREFIX = r.Prefix
//		return comps
//	}
package complete

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"
)

// Kind is what is being completed.
type Kind uint8

// The kinds of completion.
const (
	None     Kind = iota // nothing: a comment, a precommand's flag, an unexpandable word
	Command              // a command name, or a path to an executable when the word has a '/'
	Path                 // a file or directory: arguments, redirection targets, NAME=value, --opt=value
	Dir                  // a directory: the argument of cd, pushd, rmdir
	Variable             // a variable name after $ or ${
)

var kindNames = [...]string{"none", "command", "path", "dir", "variable"}

// String returns the kind's lower-case name.
func (k Kind) String() string { return kindNames[k] }

// Request is a completion request. Only Line[:Cursor] is read.
type Request struct {
	Line   string
	Cursor int // byte offset in Line; readline's rune cursor must be converted
	// Stop ends a wait for bash-completion when it closes (see Query.Stop).
	Stop <-chan struct{}

	Dir  string // directory relative paths are completed in; "" means the process's
	Home string // what ~ expands to; "" leaves ~ unexpanded (no candidates)

	// Commands lists command names (builtins, functions, aliases, PATH
	// executables; duplicates are fine). Called only in command position.
	Commands func() []string
	// Vars lists variable names for $NAME completion. Called only after $.
	Vars func() []string
	// Getenv expands $NAME and ${NAME} inside a path being completed
	// (cd $HOME/sr). Nil means such words get no candidates.
	Getenv func(name string) string
	// Users lists login names for ~user completion (see Users). Called
	// only for a word like ~ro; nil means none.
	Users func() []string
	// Interactive runs the completion function fn for q in the session,
	// with the terminal, when the bridge found that it runs an interactive
	// program (fzf's ** completion); nil means such a completion gives
	// nothing.
	Interactive func(fn string, q Query) (Reply, error)
}

// Candidate is one completion.
type Candidate struct {
	Value   string // replaces Result.Prefix; starts with it
	Display string // the name shown in a menu: a base name, with '/' for directories
	Space   bool   // add a space after Value; false exactly when Value ends in '/'
	// Mode is a file's type and permissions (of the symlink itself for a
	// link) for colouring it like ls (see LSColor); 0 when not a file.
	Mode fs.FileMode
	File bool // the candidate is a file or directory
}

// Result is what Complete found.
type Result struct {
	Kind       Kind
	Start      int    // byte offset in Line where the replaced text starts
	Prefix     string // Line[Start:Cursor], the text each Candidate.Value replaces
	Candidates []Candidate
	// Stopped is set by Bridge.Complete when Request.Stop (a key typed)
	// ended the wait for bash: the user typed on, and nothing is offered.
	Stopped bool
}

// Complete completes the word before req.Cursor.
func Complete(req Request) Result {
	cursor := min(max(req.Cursor, 0), len(req.Line))
	line := req.Line[:cursor]
	p := scan(line)
	res := Result{Start: p.start, Prefix: line[p.start:]}
	if p.comment || p.flagOnly {
		return res
	}
	raw := res.Prefix
	kind := Path
	switch {
	case p.cmdPos && isAssignment(raw):
		res.skip(strings.IndexByte(raw, '=') + 1)
	case p.cmdPos:
		kind = Command
	case strings.HasPrefix(raw, "-") && strings.Contains(raw, "="):
		res.skip(strings.IndexByte(raw, '=') + 1)
	case p.cmd == "cd" || p.cmd == "pushd" || p.cmd == "rmdir":
		kind = Dir
	}
	raw = res.Prefix
	if raw == "~" && req.Home != "" {
		res.Kind = kind
		res.Candidates = []Candidate{{Value: "~/", Display: "~/"}}
	}
	if strings.HasPrefix(raw, "~") && !strings.Contains(raw, "/") && req.Users != nil && kind != Command {
		res.Kind = kind
		var names []string
		for _, u := range req.Users() {
			if strings.HasPrefix(u, raw[1:]) && isLogin(u) {
				names = append(names, u)
			}
		}
		slices.Sort(names)
		for _, u := range slices.Compact(names) {
			res.Candidates = append(res.Candidates, Candidate{Value: "~" + u + "/", Display: "~" + u + "/"})
		}
		return res
	}
	if raw == "~" && req.Home != "" {
		return res
	}
	w := parseWord(raw, req.Home, req.Getenv)
	switch {
	case !w.ok:
		return res
	case w.varAt >= 0:
		res.skip(w.varAt)
		res.Kind = Variable
		res.variables(req, w)
		return res
	}
	res.Kind = kind
	switch {
	case kind == Command && w.dir == "":
		res.commands(req, w)
	case kind == Command:
		res.paths(req, w, executable)
	case kind == Dir:
		res.paths(req, w, func(fs.DirEntry, string) bool { return false })
	default:
		res.paths(req, w, func(fs.DirEntry, string) bool { return true })
	}
	return res
}

// skip moves the start of the replaced text n bytes right.
func (r *Result) skip(n int) {
	r.Start += n
	r.Prefix = r.Prefix[n:]
}

func (r *Result) commands(req Request, w word) {
	if req.Commands == nil {
		return
	}
	var names []string
	for _, n := range req.Commands() {
		if strings.HasPrefix(n, w.base) && n != "" {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	names = slices.Compact(names)
	for _, n := range names {
		if v, ok := extend(r.Prefix, w, n, false); ok {
			r.Candidates = append(r.Candidates, Candidate{Value: v, Display: n, Space: true})
		}
	}
}

func (r *Result) variables(req Request, w word) {
	if req.Vars == nil {
		return
	}
	var names []string
	for _, n := range req.Vars() {
		if strings.HasPrefix(n, w.name) && isName(n) {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	for _, n := range slices.Compact(names) {
		v := "$" + n
		if w.brace {
			v = "${" + n + "}"
		}
		r.Candidates = append(r.Candidates, Candidate{Value: v, Display: n, Space: true})
	}
}

// executable keeps regular files with an execute bit (directories are
// always kept).
func executable(e fs.DirEntry, full string) bool {
	fi, err := os.Stat(full)
	return err == nil && fi.Mode().IsRegular() && fi.Mode().Perm()&0o111 != 0
}

// paths lists the directory of w and keeps the names extending w.base:
// directories always, other files when keepFile says so. Hidden names only
// when the base starts with a dot.
func (r *Result) paths(req Request, w word, keepFile func(e fs.DirEntry, full string) bool) {
	dir := w.dir
	switch {
	case dir == "" && req.Dir == "":
		dir = "."
	case dir == "":
		dir = req.Dir
	case !filepath.IsAbs(dir) && req.Dir != "":
		dir = filepath.Join(req.Dir, dir)
	}
	entries, _ := os.ReadDir(dir) // partial results are fine
	hidden := strings.HasPrefix(w.base, ".")
	for _, e := range entries {
		name := e.Name()
		if !strings.HasPrefix(name, w.base) || name[0] == '.' && !hidden {
			continue
		}
		full := filepath.Join(dir, name)
		isDir := e.IsDir()
		if !isDir && e.Type()&fs.ModeSymlink != 0 {
			fi, err := os.Stat(full)
			isDir = err == nil && fi.IsDir()
		}
		if !isDir && !keepFile(e, full) {
			continue
		}
		v, ok := extend(r.Prefix, w, name, isDir)
		if !ok {
			continue
		}
		display := name
		if isDir {
			display += "/"
		}
		mode := e.Type()
		if info, err := e.Info(); err == nil {
			mode = info.Mode()
		}
		r.Candidates = append(r.Candidates, Candidate{Value: v, Display: display, Space: !isDir, Mode: mode, File: true})
	}
}

// extend returns the word as typed (raw) followed by the rest of name
// beyond w.base, escaped for the quote open at the cursor, then '/' for a
// directory or the closing quote.
func extend(raw string, w word, name string, dir bool) (string, bool) {
	rest := name[len(w.base):]
	var b strings.Builder
	b.Grow(len(raw) + 2*len(rest) + 2)
	b.WriteString(raw)
	quote := w.quote
	if quote != 0 && !printable(rest) {
		b.WriteByte(quote) // close it: only $'…' can spell control bytes and invalid UTF-8
		quote = 0
	}
	switch quote {
	case '\'':
		b.WriteString(strings.ReplaceAll(rest, "'", `'\''`))
	case '"':
		for i := 0; i < len(rest); i++ {
			if strings.IndexByte("$`\"\\", rest[i]) >= 0 {
				b.WriteByte('\\')
			}
			b.WriteByte(rest[i])
		}
	default:
		if !printable(rest) {
			q, err := syntax.Quote(rest, syntax.LangBash)
			if err != nil {
				return "", false
			}
			b.WriteString(q)
			break
		}
		for i := 0; i < len(rest); i++ {
			c := rest[i]
			if strings.IndexByte(" \t'\"\\$`|&;<>(){}[]*?!", c) >= 0 || (c == '#' || c == '~') && b.Len() == 0 {
				b.WriteByte('\\')
			}
			b.WriteByte(c)
		}
	}
	switch {
	case dir:
		b.WriteByte('/')
	case quote != 0:
		b.WriteByte(quote)
	}
	return b.String(), true
}

// printable reports whether s is valid UTF-8 without control characters,
// so backslashes can escape it.
func printable(s string) bool {
	for _, r := range s {
		if r == utf8.RuneError || !unicode.IsPrint(r) && r != ' ' && r != '\t' {
			return false
		}
	}
	return true
}
