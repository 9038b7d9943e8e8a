// Copyright (c) 2017, Daniel Martí <mvdan@mvdan.cc>
// See LICENSE for licensing information

package interp

import (
	"maps"
	"slices"
	"strings"
)

// lacy patch: bash's hash builtin. lacy searches PATH for every command,
// so the table holds what hash itself was asked to remember (hash NAME,
// hash -p PATH NAME); hash NAME fails for a program not on PATH, as in
// bash, which is what scripts use it for (`hash git 2>/dev/null`).

func (r *Runner) builtinHash(args []string) exitStatus {
	var exit exitStatus
	c := r.cs()
	list, show, del, reset := false, false, false, false
	path := ""
	for len(args) > 0 && len(args[0]) > 1 && args[0][0] == '-' {
		if args[0] == "--" {
			args = args[1:]
			break
		}
		opt := args[0]
		args = args[1:]
		for _, f := range opt[1:] {
			switch f {
			case 'r':
				reset = true
			case 'l':
				list = true
			case 't':
				show = true
			case 'd':
				del = true
			case 'p':
				if len(args) == 0 {
					r.errf("hash: -p: option requires an argument\n")
					exit.code = 2
					return exit
				}
				path, args = args[0], args[1:]
			default:
				r.errf("hash: -%c: invalid option\nhash: usage: hash [-lr] [-p pathname] [-dt] [name ...]\n", f)
				exit.code = 2
				return exit
			}
		}
	}
	if reset {
		c.hashed = nil
	}
	if len(args) == 0 {
		if reset {
			return exit
		}
		if len(c.hashed) == 0 {
			if !list {
				r.errf("hash: hash table empty\n")
			}
			return exit
		}
		if !list {
			r.out("hits\tcommand\n")
		}
		for _, name := range slices.Sorted(maps.Keys(c.hashed)) {
			if list {
				r.outf("builtin hash -p %s %s\n", c.hashed[name], name)
			} else {
				r.outf("%4d\t%s\n", 0, c.hashed[name])
			}
		}
		return exit
	}
	for _, name := range args {
		switch {
		case show:
			p, ok := c.hashed[name]
			if !ok {
				r.errf("hash: %s: not found\n", name)
				exit.code = 1
				continue
			}
			if len(args) > 1 {
				r.outf("%s\t%s\n", name, p)
			} else {
				r.outf("%s\n", p)
			}
		case del:
			if _, ok := c.hashed[name]; !ok {
				r.errf("hash: %s: not found\n", name)
				exit.code = 1
			}
			c.hashed = cloneWithout(c.hashed, name)
		case path != "":
			c.hashed = cloneWith(c.hashed, name, path)
		case strings.Contains(name, "/") || IsBuiltin(name) || r.Funcs[name] != nil:
			// bash does not hash these
		default:
			p, err := LookPathDir(r.Dir, r.writeEnv, name)
			if err != nil {
				r.errf("hash: %s: not found\n", name)
				exit.code = 1
				continue
			}
			c.hashed = cloneWith(c.hashed, name, p)
		}
	}
	return exit
}

// cloneWith and cloneWithout copy the table, which subshells share.
func cloneWith(m map[string]string, k, v string) map[string]string {
	m2 := maps.Clone(m)
	if m2 == nil {
		m2 = map[string]string{}
	}
	m2[k] = v
	return m2
}

func cloneWithout(m map[string]string, k string) map[string]string {
	m2 := maps.Clone(m)
	delete(m2, k)
	return m2
}
