// Copyright (c) 2017, Daniel Martí <mvdan@mvdan.cc>
// See LICENSE for licensing information

package interp

// lacy patch: bash's cd and pwd: -L/-P, CDPATH, "too many arguments",
// OLDPWD exported, a path through a missing directory fails, pwd prints
// the shell's directory whatever $PWD says.

import (
	"context"
	"os"
	"path/filepath"
	"strings"

	"mvdan.cc/sh/v3/expand"
)

func (r *Runner) builtinCd(ctx context.Context, args []string) exitStatus {
	var exit exitStatus
	physical := false
	fp := flagParser{remaining: args}
	for fp.more() {
		switch flag := fp.flag(); flag {
		case "-L":
			physical = false
		case "-P":
			physical = true
		case "-e", "-@":
		default:
			if flag == "-" { // `cd -`
				fp.remaining = append([]string{"-"}, fp.remaining...)
				goto done
			}
			r.errf("cd: %s: invalid option\ncd: usage: cd [-L|[-P [-e]] [-@]] [dir]\n", flag)
			exit.code = 2
			return exit
		}
	}
done:
	args = fp.args()
	var path string
	switch len(args) {
	case 0:
		path = r.envGet("HOME")
		if path == "" {
			r.errf("cd: HOME not set\n")
			exit.code = 1
			return exit
		}
	case 1:
		path = args[0]
	default:
		r.errf("cd: too many arguments\n")
		exit.code = 1
		return exit
	}
	printDir := false
	if path == "-" {
		path = r.envGet("OLDPWD")
		if path == "" {
			r.errf("cd: OLDPWD not set\n")
			exit.code = 1
			return exit
		}
		printDir = true
	}
	if path == "" {
		return exit // bash: cd '' does nothing
	}
	// CDPATH, for a relative name that does not start with . or ..
	if !filepath.IsAbs(path) && path != "." && path != ".." && !strings.HasPrefix(path, "./") && !strings.HasPrefix(path, "../") {
		for _, dir := range strings.Split(r.envGet("CDPATH"), ":") {
			if dir == "" {
				continue
			}
			cand := filepath.Join(dir, path)
			if fi, err := os.Stat(r.absPath(cand)); err == nil && fi.IsDir() {
				path, printDir = cand, true
				break
			}
		}
	}
	apath := r.logicalPath(path)
	fi, err := r.stat(ctx, apath)
	if err != nil || !fi.IsDir() {
		// bash -L falls back to the physical path when the logical one
		// does not exist.
		r.errf("cd: %s: No such file or directory\n", path)
		exit.code = 1
		return exit
	}
	if r.access(ctx, apath, AccessExec) != nil {
		r.errf("cd: %s: Permission denied\n", path)
		exit.code = 1
		return exit
	}
	if physical {
		if p, err := filepath.EvalSymlinks(apath); err == nil {
			apath = p
		}
	}
	old := r.Dir
	if pwd := r.envGet("PWD"); pwd != "" {
		old = pwd
	}
	r.Dir = apath
	r.setVar("OLDPWD", expand.Variable{Set: true, Kind: expand.String, Str: old, Exported: true})
	r.setVarString("PWD", apath)
	if printDir {
		r.outf("%s\n", apath)
	}
	return exit
}

// logicalPath resolves path against the shell's directory textually (..
// removes the last element), as cd -L does; an element that does not
// exist before a .. fails like bash (the path is checked as written).
func (r *Runner) logicalPath(path string) string {
	if !filepath.IsAbs(path) {
		path = r.Dir + "/" + path
	}
	// Check each prefix that precedes a ".." exists, as bash does.
	parts := strings.Split(path, "/")
	cur := ""
	for _, p := range parts {
		if p == ".." && cur != "" {
			if fi, err := os.Stat(cur); err != nil || !fi.IsDir() {
				return cur // fails the stat (cur/.. would be cleaned away)
			}
		}
		if p != "" {
			cur += "/" + p
		}
	}
	return filepath.Clean(path)
}

func (r *Runner) builtinPwd(args []string) exitStatus {
	var exit exitStatus
	physical := false
	for _, a := range args {
		switch a {
		case "-L":
			physical = false
		case "-P":
			physical = true
		default:
			if !strings.HasPrefix(a, "-") {
				continue // bash ignores operands
			}
			r.errf("pwd: %s: invalid option\npwd: usage: pwd [-LP]\n", a)
			exit.code = 2
			return exit
		}
	}
	dir := r.Dir
	if physical {
		if p, err := filepath.EvalSymlinks(dir); err == nil {
			dir = p
		}
	}
	r.outf("%s\n", dir)
	return exit
}
