// lacy patch: bash's command builtin: -v (aliases, keywords, functions,
// builtins, files), -V (as type), -p (the standard PATH), status 1 only when
// no name was found.

package interp

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// stdPath is the PATH command -p searches, as confstr(_CS_PATH) gives it.
const stdPath = "/bin:/usr/bin"

func (r *Runner) builtinCommand(ctx context.Context, pos syntax.Pos, args []string) exitStatus {
	var exit exitStatus
	show, describe, std := false, false, false
	fp := flagParser{remaining: args}
	for fp.more() {
		switch flag := fp.flag(); flag {
		case "-v":
			show = true
		case "-V":
			describe = true
		case "-p":
			std = true
		default:
			r.errf("command: %s: invalid option\ncommand: usage: command [-pVv] command [arg ...]\n", flag)
			exit.code = 2
			return exit
		}
	}
	args = fp.args()
	if len(args) == 0 {
		return exit
	}
	switch {
	case describe:
		ok := false
		for _, name := range args {
			var out, errb bytes.Buffer
			r2out, r2err := r.stdout, r.stderr
			r.stdout, r.stderr = &out, &errb
			st := r.builtinType([]string{name})
			r.stdout, r.stderr = r2out, r2err
			r.out(out.String())
			if st.code != 0 {
				r.errf("command: %s: not found\n", name)
			} else {
				ok = true
			}
		}
		exit.oneIf(!ok)
		return exit
	case show:
		ok := false
		for _, name := range args {
			if p := r.commandV(name, std); p != "" {
				r.outf("%s\n", p)
				ok = true
			}
		}
		exit.oneIf(!ok)
		return exit
	}
	if IsBuiltin(args[0]) {
		return r.builtin(ctx, pos, args[0], args[1:])
	}
	if std && !strings.Contains(args[0], "/") {
		p := lookStdPath(args[0])
		if p == "" {
			r.errf("%s: command not found\n", args[0])
			exit.code = 127
			return exit
		}
		args = append([]string{p}, args[1:]...)
	}
	r.exec(ctx, pos, args)
	return r.exit
}

// commandV is what command -v prints for name, "" when it is not found.
func (r *Runner) commandV(name string, std bool) string {
	if name == "" {
		return ""
	}
	if als, ok := r.alias[name]; ok && r.opts[optExpandAliases] {
		var buf bytes.Buffer
		if len(als.args) > 0 {
			syntax.NewPrinter().Print(&buf, &syntax.CallExpr{Args: als.args})
		}
		if als.blank {
			buf.WriteByte(' ')
		}
		return "alias " + name + "='" + buf.String() + "'"
	}
	if syntax.IsKeyword(name) || r.Funcs[name] != nil || IsBuiltin(name) {
		return name
	}
	if std && !strings.Contains(name, "/") {
		return lookStdPath(name)
	}
	for _, p := range r.pathMatches(name, false) {
		abs := p
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(r.Dir, abs)
		}
		if fi, err := os.Stat(abs); err == nil && fi.Mode()&0o111 != 0 {
			if !strings.Contains(name, "/") && !filepath.IsAbs(p) {
				return abs // found through a relative PATH entry
			}
			return p
		}
	}
	return ""
}

// lookStdPath finds an executable file name in the standard PATH.
func lookStdPath(name string) string {
	for _, dir := range filepath.SplitList(stdPath) {
		p := filepath.Join(dir, name)
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() && fi.Mode()&0o111 != 0 {
			return p
		}
	}
	return ""
}
