// Copyright (c) 2017, Daniel Martí <mvdan@mvdan.cc>
// See LICENSE for licensing information

package interp

// lacy patch: bash's type: -a (every kind and every file in PATH), -f, -p,
// -P, -t; files named as PATH spells them; functions printed.

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

func (r *Runner) builtinType(args []string) exitStatus {
	var exit exitStatus
	all, funcs, onlyPath, forcePath, kind := false, true, false, false, false
	fp := flagParser{remaining: args}
	for fp.more() {
		switch flag := fp.flag(); flag {
		case "-a":
			all = true
		case "-f":
			funcs = false
		case "-p":
			onlyPath = true
		case "-P":
			forcePath = true
		case "-t":
			kind = true
		default:
			r.errf("type: %s: invalid option\ntype: usage: type [-afptP] name [name ...]\n", flag)
			exit.code = 2
			return exit
		}
	}
	failed := false
	for _, name := range fp.args() {
		found := false
		report := func(k, long string) {
			found = true
			switch {
			case kind:
				r.outf("%s\n", k)
			case onlyPath:
			default:
				r.outf("%s\n", long)
			}
		}
		if !forcePath {
			if als, ok := r.alias[name]; ok && r.opts[optExpandAliases] {
				var buf bytes.Buffer
				if len(als.args) > 0 {
					syntax.NewPrinter().Print(&buf, &syntax.CallExpr{Args: als.args})
				}
				if als.blank {
					buf.WriteByte(' ')
				}
				report("alias", name+" is aliased to `"+buf.String()+"'")
			}
			if (all || !found) && syntax.IsKeyword(name) {
				report("keyword", name+" is a shell keyword")
			}
			if body, ok := r.Funcs[name]; ok && funcs && (all || !found) {
				report("function", name+" is a function\n"+funcSource(name, body))
			}
			if (all || !found) && IsBuiltin(name) {
				report("builtin", name+" is a shell builtin")
			}
		}
		if all || !found {
			paths := r.pathMatches(name, all)
			if len(paths) > 0 && (forcePath || onlyPath && (all || !found)) {
				for _, p := range paths {
					r.outf("%s\n", p)
				}
				found = true
			} else {
				for _, p := range paths {
					report("file", name+" is "+p)
				}
			}
		}
		if !found {
			failed = true
			if !kind && !onlyPath && !forcePath {
				r.errf("type: %s: not found\n", name)
			}
		}
	}
	exit.oneIf(failed)
	return exit
}

// funcSource prints a function as bash's type and declare -f do.
func funcSource(name string, body *syntax.Stmt) string {
	var buf bytes.Buffer
	printer := syntax.NewPrinter(syntax.Indent(4))
	stmts := []*syntax.Stmt{body}
	if b, ok := body.Cmd.(*syntax.Block); ok && len(body.Redirs) == 0 {
		stmts = b.Stmts
	}
	for _, st := range stmts {
		var sb bytes.Buffer
		printer.Print(&sb, st)
		for _, line := range strings.Split(strings.TrimRight(sb.String(), "\n"), "\n") {
			buf.WriteString("    " + line + "\n")
		}
	}
	return name + " () \n{ \n" + buf.String() + "}"
}

// pathMatches finds name as type does: a name with a slash is itself; else
// the executable files in PATH, spelt as the PATH entry, or (for -t/-p) a
// non-executable file when no executable one exists.
func (r *Runner) pathMatches(name string, all bool) []string {
	isFile := func(p string) (exists, exec bool) {
		abs := p
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(r.Dir, abs)
		}
		fi, err := os.Stat(abs)
		if err != nil || fi.IsDir() {
			return false, false
		}
		return true, fi.Mode()&0o111 != 0
	}
	if strings.Contains(name, "/") {
		if _, ex := isFile(name); ex {
			return []string{name}
		}
		return nil
	}
	var found []string
	nonExec := ""
	for _, dir := range strings.Split(r.writeEnv.Get("PATH").String(), ":") {
		if dir == "" {
			dir = "."
		}
		p := dir + "/" + name
		exists, ex := isFile(p)
		if ex {
			found = append(found, p)
			if !all {
				break
			}
		} else if exists && nonExec == "" {
			nonExec = p
		}
	}
	if len(found) == 0 && nonExec != "" {
		found = []string{nonExec}
	}
	return found
}
