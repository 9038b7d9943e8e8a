// lacy patch 051: bash's hash table of the programs found in PATH.

package interp

import (
	"maps"
	"slices"
	"strings"
)

// hashTable remembers where the programs the shell ran were found, and how
// often each ran, for the hash builtin. It is reset when PATH changes.
// Running a program still looks it up in PATH (the table is a record, not
// a cache that the exec handler reads).
type hashTable struct {
	pathVar string
	entries map[string]*hashEntry
}

type hashEntry struct {
	path string
	hits int
}

// clone copies the table for a subshell.
func (t *hashTable) clone() *hashTable {
	if t == nil {
		return nil
	}
	t2 := &hashTable{pathVar: t.pathVar, entries: make(map[string]*hashEntry, len(t.entries))}
	for name, e := range t.entries {
		e2 := *e
		t2.entries[name] = &e2
	}
	return t2
}

// hashTable returns the runner's hash table, emptied if PATH changed since it
// was filled.
func (r *Runner) hashTable() *hashTable {
	path := r.writeEnv.Get("PATH").String()
	if r.hashed == nil || r.hashed.pathVar != path {
		r.hashed = &hashTable{pathVar: path, entries: map[string]*hashEntry{}}
	}
	return r.hashed
}

// hashHit records that name, a command that is no function or builtin, is
// about to run.
func (r *Runner) hashHit(name string) {
	if name == "" || strings.Contains(name, "/") || !r.opts[optHashAll] {
		return
	}
	t := r.hashTable()
	if e, ok := t.entries[name]; ok {
		e.hits++
		return
	}
	if path, err := LookPathDir(r.Dir, r.writeEnv, name); err == nil {
		t.entries[name] = &hashEntry{path: path, hits: 1}
	}
}

// builtinHash is bash's hash: with no arguments it lists the table; -r
// empties it; NAME looks a program up and remembers it (status 1 when it is
// not found); -d forgets NAME; -t prints where NAME is; -p PATH NAME
// remembers PATH for NAME; -l lists the table as hash -p commands.
func (r *Runner) builtinHash(args []string) (exit exitStatus) {
	t := r.hashTable()
	reset, forget, show, list := false, false, false, false
	pathArg := ""
	for len(args) > 0 && strings.HasPrefix(args[0], "-") && len(args[0]) > 1 {
		if args[0] == "--" {
			args = args[1:]
			break
		}
		for _, c := range args[0][1:] {
			switch c {
			case 'r':
				reset = true
			case 'd':
				forget = true
			case 't':
				show = true
			case 'l':
				list = true
			case 'p':
				if len(args) < 2 {
					r.errf("hash: -p: option requires an argument\n")
					exit.code = 2
					return exit
				}
				pathArg = args[1]
				args = args[1:]
			default:
				r.errf("hash: -%c: invalid option\n", c)
				r.errf("hash: usage: hash [-lr] [-p pathname] [-dt] [name ...]\n")
				exit.code = 2
				return exit
			}
		}
		args = args[1:]
	}
	if reset {
		clear(t.entries)
	}
	if len(args) == 0 {
		if reset {
			return exit
		}
		if len(t.entries) == 0 {
			r.errf("hash: hash table empty\n")
			return exit
		}
		if !list {
			r.outf("hits\tcommand\n")
		}
		for _, name := range slices.Sorted(maps.Keys(t.entries)) {
			e := t.entries[name]
			if list {
				r.outf("builtin hash -p %s %s\n", e.path, name)
			} else {
				r.outf("%4d\t%s\n", e.hits, e.path)
			}
		}
		return exit
	}
	for _, name := range args {
		switch {
		case pathArg != "":
			t.entries[name] = &hashEntry{path: pathArg}
		case forget:
			if _, ok := t.entries[name]; !ok {
				r.errf("hash: %s: not found\n", name)
				exit.code = 1
			}
			delete(t.entries, name)
		case show:
			e, ok := t.entries[name]
			if !ok { // bash: -t shows only what is remembered
				r.errf("hash: %s: not found\n", name)
				exit.code = 1
				continue
			}
			if len(args) > 1 {
				r.outf("%s\t%s\n", name, e.path)
			} else {
				r.outf("%s\n", e.path)
			}
		default:
			if strings.Contains(name, "/") {
				continue
			}
			path, err := LookPathDir(r.Dir, r.writeEnv, name)
			if err != nil {
				r.errf("hash: %s: not found\n", name)
				exit.code = 1
				continue
			}
			t.entries[name] = &hashEntry{path: path}
		}
	}
	return exit
}
