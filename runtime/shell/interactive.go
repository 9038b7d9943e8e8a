package shell

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// bashShopts are bash 5.2's shopt options with an interactive bash's
// defaults, for `shopt` listings and `shopt NAME`. lacy acts on autocd,
// cdspell, promptvars and the options mvdan/sh implements (supportedShopts);
// histappend and checkwinsize are what lacy always does; the rest are
// accepted and shown as set.
var bashShopts = []struct {
	name string
	on   bool
}{
	{"autocd", false}, {"assoc_expand_once", false}, {"cdable_vars", false}, {"cdspell", false},
	{"checkhash", false}, {"checkjobs", false}, {"checkwinsize", true}, {"cmdhist", true},
	{"compat31", false}, {"compat32", false}, {"compat40", false}, {"compat41", false},
	{"compat42", false}, {"compat43", false}, {"compat44", false}, {"complete_fullquote", true},
	{"direxpand", false}, {"dirspell", false}, {"dotglob", false}, {"execfail", false},
	{"expand_aliases", true}, {"extdebug", false}, {"extglob", false}, {"extquote", true},
	{"failglob", false}, {"force_fignore", true}, {"globasciiranges", true}, {"globskipdots", true},
	{"globstar", false}, {"gnu_errfmt", false}, {"histappend", false}, {"histreedit", false},
	{"histverify", false}, {"hostcomplete", true}, {"huponexit", false}, {"inherit_errexit", false},
	{"interactive_comments", true}, {"lastpipe", false}, {"lithist", false}, {"localvar_inherit", false},
	{"localvar_unset", false}, {"login_shell", false}, {"mailwarn", false}, {"no_empty_cmd_completion", false},
	{"nocaseglob", false}, {"nocasematch", false}, {"noexpand_translation", false}, {"nullglob", false},
	{"patsub_replacement", true}, {"progcomp", true}, {"progcomp_alias", false}, {"promptvars", true},
	{"restricted_shell", false}, {"shift_verbose", false}, {"sourcepath", true}, {"varredir_close", false},
	{"xpg_echo", false},
}

// knownShopt reports whether name is one of bash's shopt options, and its
// default.
func knownShopt(name string) (def, ok bool) {
	i := slices.IndexFunc(bashShopts, func(o struct {
		name string
		on   bool
	}) bool {
		return o.name == name
	})
	if i < 0 {
		return false, false
	}
	if name == "expand_aliases" {
		return true, true
	}
	return bashShopts[i].on, true
}

// shoptValue is an option's state in the session.
func (s *Shell) shoptValue(name string) bool {
	def, _ := knownShopt(name)
	if name == "expand_aliases" {
		def = s.opts.Interactive
	}
	if name == "login_shell" {
		return s.shoptOn(name, false)
	}
	return s.shoptState(name, def)
}

// printShopts prints options as `shopt` and `shopt -p` do: all of them, or
// the ones named (status 1 when one is off or unknown).
func (s *Shell) printShopts(stdout, stderr io.Writer, names []string, reusable bool, only string) int {
	status := 0
	named := len(names) > 0 // listing them all succeeds, as in bash
	if !named {
		for _, o := range bashShopts {
			names = append(names, o.name)
		}
	}
	for _, n := range names {
		if _, ok := knownShopt(n); !ok {
			fmt.Fprintf(stderr, "shopt: %s: invalid shell option name\n", n)
			status = 1
			continue
		}
		on := s.shoptValue(n)
		if (only == "-s" && !on) || (only == "-u" && on) {
			continue
		}
		if !on && named {
			status = max(status, 1)
		}
		switch {
		case reusable && on:
			fmt.Fprintf(stdout, "shopt -s %s\n", n)
		case reusable:
			fmt.Fprintf(stdout, "shopt -u %s\n", n)
		case on:
			fmt.Fprintf(stdout, "%-15s\ton\n", n)
		default:
			fmt.Fprintf(stdout, "%-15s\toff\n", n)
		}
	}
	return status
}

// recordShopt keeps an option lacy does not pass to mvdan/sh.
func (s *Shell) recordShopt(name string, on bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.shopts == nil {
		s.shopts = map[string]bool{}
	}
	s.shopts[name] = on
}

// rewriteCommand gives a simple command an interactive bash's meaning when
// its name is not a command: autocd (a directory's name cds there) and
// command_not_found_handle; cdspell corrects cd's argument. It returns nil
// to leave the command as it is.
func (s *Shell) rewriteCommand(ctx context.Context, args []string) []string {
	name := args[0]
	if name == "" || strings.HasPrefix(name, builtinPrefix) {
		return nil
	}
	hc := interp.HandlerCtx(ctx)
	if name == "cd" && len(args) == 2 && s.shoptValue("cdspell") && s.opts.Interactive {
		if fixed, ok := spellDir(hc.Dir, args[1]); ok && fixed != args[1] {
			fmt.Fprintln(hc.Stderr, fixed)
			return []string{"cd", fixed}
		}
		return nil
	}
	if _, isFunc := s.runner.Funcs[name]; isFunc || interp.IsBuiltin(name) || isLacyBuiltin(name) || name == "fc" {
		return nil
	}
	autocd := len(args) == 1 && s.opts.Interactive && s.shoptValue("autocd")
	handler := s.runner.Funcs["command_not_found_handle"] != nil
	if !autocd && !handler {
		return nil
	}
	if strings.Contains(name, "/") && !autocd {
		return nil // bash calls the handler only for names it searched PATH for
	}
	if !strings.Contains(name, "/") {
		if _, err := interp.LookPathDir(hc.Dir, hc.Env, name); err == nil {
			return nil
		}
	}
	if autocd {
		p := name
		if !filepath.IsAbs(p) {
			p = filepath.Join(hc.Dir, p)
		}
		if fi, err := os.Stat(p); err == nil && fi.IsDir() {
			fmt.Fprintf(hc.Stderr, "cd -- %s\n", name)
			if strings.HasPrefix(name, "-") {
				name = "./" + name // mvdan/sh's cd takes no --
			}
			return []string{"cd", name}
		}
	}
	if handler && !strings.Contains(name, "/") {
		return append([]string{"command_not_found_handle"}, args...)
	}
	return nil
}

// spellDir corrects a directory argument as bash's cdspell does: each
// missing component may have one transposed, missing, extra or wrong
// character.
func spellDir(cwd, arg string) (string, bool) {
	if arg == "" || arg == "-" {
		return "", false
	}
	abs := arg
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(cwd, arg)
	}
	if fi, err := os.Stat(abs); err == nil && fi.IsDir() {
		return arg, true
	}
	parts := strings.Split(arg, "/")
	base := cwd
	if filepath.IsAbs(arg) {
		base = "/"
	}
	for i, p := range parts {
		if p == "" || p == "." || p == ".." {
			base = filepath.Join(base, p)
			continue
		}
		if fi, err := os.Stat(filepath.Join(base, p)); err == nil && fi.IsDir() {
			base = filepath.Join(base, p)
			continue
		}
		ents, err := os.ReadDir(base)
		if err != nil {
			return "", false
		}
		found := ""
		for _, e := range ents {
			if e.IsDir() && oneEdit(p, e.Name()) {
				found = e.Name()
				break
			}
		}
		if found == "" {
			return "", false
		}
		parts[i] = found
		base = filepath.Join(base, found)
	}
	return strings.Join(parts, "/"), true
}

// oneEdit reports whether a and b differ by one transposition, insertion,
// deletion or substitution.
func oneEdit(a, b string) bool {
	if a == b {
		return false
	}
	la, lb := len(a), len(b)
	switch {
	case la == lb:
		diff := []int{}
		for i := range la {
			if a[i] != b[i] {
				diff = append(diff, i)
			}
		}
		if len(diff) == 1 {
			return true
		}
		return len(diff) == 2 && diff[1] == diff[0]+1 && a[diff[0]] == b[diff[1]] && a[diff[1]] == b[diff[0]]
	case la == lb+1:
		a, b = b, a
		fallthrough
	case la+1 == lb:
		for i := range len(a) {
			if a[i] != b[i] {
				return a[i:] == b[i+1:]
			}
		}
		return true
	}
	return false
}

// statusErr turns a builtin's status into the runner's error.
func statusErr(status int) error {
	if status != 0 {
		return interp.ExitStatus(status)
	}
	return nil
}

// $- holds i in an interactive session everywhere a script looks: lacy
// adds it to the statements it runs (addInteractiveFlag), to the files
// `source` reads (through the open handler, keeping the file's name and
// lines) and to `eval` strings, unless the interpreter gives it itself.

// interpKnowsInteractive reports whether the interpreter's own $- holds i.
func (s *Shell) interpKnowsInteractive() bool {
	w, err := syntax.NewParser().Document(strings.NewReader("$-"))
	if err != nil {
		return false
	}
	s.prompt.out = ""
	call := &syntax.CallExpr{Args: []*syntax.Word{
		{Parts: []syntax.WordPart{&syntax.Lit{Value: builtinPrefix + "promptvalue"}}},
		{Parts: []syntax.WordPart{&syntax.DblQuoted{Parts: w.Parts}}},
	}}
	_ = s.runner.RunInternal(context.Background(), &syntax.Stmt{Cmd: call})
	return strings.Contains(s.prompt.out, "i")
}

// withInteractiveFlag inserts i after every plain $- of a script's source,
// keeping its lines; src is returned as is when it has none or does not
// parse.
func withInteractiveFlag(src []byte) []byte {
	if !bytes.Contains(src, []byte("$-")) && !bytes.Contains(src, []byte("${-}")) {
		return src
	}
	f, err := syntax.NewParser().Parse(bytes.NewReader(src), "")
	if err != nil {
		return src
	}
	var at []int
	syntax.Walk(f, func(n syntax.Node) bool {
		if pe, ok := n.(*syntax.ParamExp); ok && plainDash(pe) {
			at = append(at, int(pe.End().Offset()))
		}
		return true
	})
	if len(at) == 0 {
		return src
	}
	slices.Sort(at)
	out := make([]byte, 0, len(src)+len(at))
	prev := 0
	for _, off := range at {
		if off > len(src) || off < prev {
			return src
		}
		out = append(append(out, src[prev:off]...), 'i')
		prev = off
	}
	return append(out, src[prev:]...)
}

// plainDash reports whether pe is $- or ${-} without any operation.
func plainDash(pe *syntax.ParamExp) bool {
	return pe.Param != nil && pe.Param.Value == "-" && !pe.Length && !pe.Width && !pe.Excl &&
		pe.Index == nil && pe.Slice == nil && pe.Repl == nil && pe.Exp == nil && pe.Names == 0
}

// openHandler reads the file a `source` opens with i added to its $-
// (see callHandler), and opens everything else as mvdan/sh would.
func (s *Shell) openHandler(ctx context.Context, path string, flag int, perm os.FileMode) (io.ReadWriteCloser, error) {
	forSource := s.sourceNext.Swap(false)
	if forSource && flag == os.O_RDONLY {
		p := path
		if !filepath.IsAbs(p) {
			p = filepath.Join(interp.HandlerCtx(ctx).Dir, p)
		}
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
			if src, err := os.ReadFile(p); err == nil {
				return nopWriteCloser{bytes.NewReader(withInteractiveFlag(src))}, nil
			}
		}
	}
	return s.defaultOpen(ctx, path, flag, perm)
}

type nopWriteCloser struct{ *bytes.Reader }

func (nopWriteCloser) Write([]byte) (int, error) { return 0, os.ErrInvalid }
func (nopWriteCloser) Close() error              { return nil }

// msgWriter is w for a builtin's messages: each line starts with "lacy: ",
// or, in a start-up file, with "lacy: FILE:LINE: " (w is then already the
// file's prefixWriter).
func (s *Shell) msgWriter(w io.Writer) io.Writer {
	if _, ok := w.(*prefixWriter); ok {
		return w
	}
	name := s.opts.Name
	return &prefixWriter{w: w, prefix: func() string { return name + ": " }}
}
