package complete

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Complete completes an argument of a command the way bash with
// bash-completion would: req's command words go to the bridge, which calls
// the command's completion function, and its COMPREPLY comes back as
// candidates, post-processed as bash would (the filenames option escapes
// names and marks directories, nospace keeps the cursor on the word). ok is
// false when the bridge has nothing to say — a command name, a variable, a
// redirection, a command without a completion spec, an error or a timeout —
// and the caller should use the package's Complete.
func (b *Bridge) Complete(req Request) (res Result, ok bool) {
	if b == nil {
		return Result{}, false
	}
	cursor := min(max(req.Cursor, 0), len(req.Line))
	line := req.Line[:cursor]
	p := scan(line)
	_, words, ok := CommandWords(req.Line, cursor)
	if !ok {
		return Result{}, false
	}
	if w := parseWord(line[p.start:], req.Home, req.Getenv); w.varAt >= 0 {
		return Result{}, false // $NAME: the package's Complete knows the shell's variables
	}
	text := line[p.cmdStart:]
	// bash-completion cannot complete a word that starts with ~ or $NAME
	// outside bash's own completion (it quotes the $, and answers ~/x as
	// ~/x while lacy compares with the expanded folder): it gets the word
	// expanded, and fileCandidate puts the typed beginning back.
	if exp, ok := expandedWord(line[p.start:], req.Home, req.Getenv); ok {
		words[len(words)-1] = exp
		text = line[p.cmdStart:p.start] + exp
	}
	q := Query{Words: words, CWord: len(words) - 1, Line: text, Point: len(text), Dir: req.Dir, Stop: req.Stop}
	if req.Getenv != nil {
		q.Path = req.Getenv("PATH")
	}
	rep, err := b.Query(q)
	if errors.Is(err, ErrTimeout) && stopped(req.Stop) {
		return Result{Stopped: true}, false
	}
	if err == nil && rep.Func != "" {
		if req.Interactive == nil {
			return Result{}, false
		}
		spec := rep.Opts
		rep, err = req.Interactive(rep.Func, q)
		for o, on := range spec { // the spec's options; compopt's win
			if _, set := rep.Opts[o]; !set && o != "tty" && rep.Opts != nil {
				rep.Opts[o] = on
			}
		}
	}
	if err != nil || rep.NoSpec {
		return Result{}, false
	}
	res = Result{Kind: Path, Start: p.start}
	// bash replaces only the text after the last word-break character
	// (COMP_WORDBREAKS: = and : inside a word) in an unquoted word.
	raw := line[p.start:]
	if !strings.ContainsAny(raw, `'"\`) {
		if i := strings.LastIndexAny(raw, "=:"); i >= 0 {
			res.Start += i + 1
		}
	}
	res.Prefix = line[res.Start:]
	if len(rep.Values) == 0 {
		// Completion functions get quoted words wrong outside bash's own
		// completion (compgen -f sees the quote): lacy's paths then.
		quoted := strings.ContainsAny(raw, `'"\`)
		if rep.Opts["default"] || rep.Opts["bashdefault"] || rep.Opts["dirnames"] || quoted {
			fb := Complete(req)
			if rep.Opts["dirnames"] && !rep.Opts["default"] {
				fb.Candidates = dirsOnly(fb.Candidates)
			}
			return fb, true
		}
		return res, true
	}
	w := parseWord(res.Prefix, req.Home, req.Getenv)
	seen := make(map[string]bool, len(rep.Values))
	for _, v := range rep.Values {
		if v == "" || seen[v] {
			continue
		}
		seen[v] = true
		c := Candidate{Value: v, Display: strings.TrimRight(v, " "), Space: !rep.Opts["nospace"]}
		if rep.Opts["filenames"] {
			c = fileCandidate(res.Prefix, w, v, req.Dir, req.Home)
			if rep.Opts["nospace"] {
				c.Space = false
			}
		}
		if strings.HasSuffix(c.Value, " ") {
			c.Value = strings.TrimRight(c.Value, " ")
			c.Space = true
		}
		res.Candidates = append(res.Candidates, c)
	}
	if rep.Opts["plusdirs"] {
		res.Candidates = append(res.Candidates, dirsOnly(Complete(req).Candidates)...)
	}
	return res, true
}

// CommandWords returns the name and words (as typed, quotes kept; the
// last is the one at the cursor, "" after a blank) of the simple command
// whose argument is at byte offset cursor of line. ok is false when the
// cursor is not on an argument: on a command name, a redirection target or
// in a comment.
func CommandWords(line string, cursor int) (name string, words []string, ok bool) {
	line = line[:min(max(cursor, 0), len(line))]
	p := scan(line)
	if p.comment || p.flagOnly || p.cmdPos || p.redirect || p.cmd == "" || p.cmdStart > p.start {
		return "", nil, false
	}
	words = splitWords(line[p.cmdStart:])
	if len(words) < 2 {
		return "", nil, false
	}
	return p.cmd, words, true
}

// fileCandidate turns a file name from a completion function (unquoted, as
// with bash's filenames option) into a candidate: escaped for the quote
// open in raw, with '/' and no space for a directory.
func fileCandidate(raw string, w word, name, dir, home string) Candidate {
	if (name == "~" || strings.HasPrefix(name, "~/")) && home != "" {
		name = strings.TrimSuffix(home, "/") + name[1:] // compared with w.dir, which is expanded
	}
	full := name
	if !filepath.IsAbs(full) && dir != "" {
		full = filepath.Join(dir, full)
	}
	fi, err := os.Stat(full)
	isDir := err == nil && fi.IsDir()
	var mode fs.FileMode
	if li, err := os.Lstat(full); err == nil {
		mode = li.Mode()
	}
	display := filepath.Base(name)
	if isDir {
		display += "/"
	}
	if w.ok && w.varAt < 0 && strings.HasPrefix(name, w.dir+w.base) {
		if v, ok := extend(raw, w, name[len(w.dir):], isDir); ok {
			return Candidate{Value: v, Display: display, Space: !isDir, Mode: mode, File: true}
		}
	}
	v, ok := extend("", word{}, name, isDir)
	if !ok {
		v = name
	}
	return Candidate{Value: v, Display: display, Space: !isDir, Mode: mode, File: true}
}

// expandedWord returns raw, the unquoted word at the cursor, with its
// leading ~/ or $NAME expanded and escaped for bash, when it starts with
// one; ok is false for any other word.
func expandedWord(raw, home string, getenv func(string) string) (string, bool) {
	if !strings.HasPrefix(raw, "~/") && !strings.HasPrefix(raw, "$") || strings.ContainsAny(raw, `'"\=:`) {
		return "", false
	}
	w := parseWord(raw, home, getenv)
	if !w.ok || w.varAt >= 0 || w.dir == "" {
		return "", false
	}
	return extend("", word{}, w.dir+w.base, false)
}

func dirsOnly(cs []Candidate) []Candidate {
	out := cs[:0:0]
	for _, c := range cs {
		if strings.HasSuffix(c.Display, "/") {
			out = append(out, c)
		}
	}
	return out
}

// splitWords splits a command's text into words as typed (quotes and
// backslashes kept), as bash fills COMP_WORDS; a trailing blank starts an
// empty word.
func splitWords(text string) []string {
	var words []string
	start, quote := -1, byte(0)
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case quote == '\'':
			if c == '\'' {
				quote = 0
			}
		case quote == '"':
			if c == '\\' {
				i++
			} else if c == '"' {
				quote = 0
			}
		case c == '\\' && i+1 < len(text) && text[i+1] == '\n':
			if start >= 0 {
				words = append(words, text[start:i])
				start = -1
			}
			i++
		case c == ' ' || c == '\t' || c == '\n':
			if start >= 0 {
				words = append(words, text[start:i])
				start = -1
			}
		default:
			if start < 0 {
				start = i
			}
			if c == '\\' {
				i++
			} else if c == '\'' || c == '"' {
				quote = c
			}
		}
	}
	if start >= 0 {
		return append(words, text[start:])
	}
	return append(words, "")
}

// stopped reports whether stop is closed.
func stopped(stop <-chan struct{}) bool {
	select {
	case <-stop:
		return true
	default:
		return false
	}
}
