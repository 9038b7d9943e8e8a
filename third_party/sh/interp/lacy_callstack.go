// Copyright (c) 2017, Daniel Martí <mvdan@mvdan.cc>
// See LICENSE for licensing information

package interp

import (
	"context"
	"os"
	"slices"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// lacy patch: bash's call stack (FUNCNAME, BASH_SOURCE, BASH_LINENO,
// caller), $_, BASHPID, BASH_SUBSHELL, declare -F, declare -f NAME and
// export -f. The state lives in callState so that upstream's Runner gains
// a single field.

// callFrame is one level of bash's call stack: a function call or a
// sourced file.
type callFrame struct {
	name   string // FUNCNAME: the function, "source" or "main"
	source string // BASH_SOURCE: the file the function was defined in, or the sourced file
	line   uint   // BASH_LINENO: the line it was called from
}

// callState is the Runner state of this patch.
type callState struct {
	// script is the script file being run, if any (see SetScript).
	script string
	// frames is the call stack, innermost last. A script run from a file
	// starts with a "main" frame, as in bash; `bash -c` and stdin do not.
	frames []callFrame
	// funcSrc is the file each function was defined in.
	funcSrc map[string]string
	// lastArg is $_: the last argument of the previous simple command.
	lastArg    string
	lastArgSet bool
	// subshells is $BASH_SUBSHELL.
	subshells int
	// exportedFuncs are the functions given to export -f.
	exportedFuncs map[string]bool
	// pipePart is set while the last part of a pipeline runs (see trap.go).
	pipePart bool
	// jobStmts are the statements of background jobs (see lacy_jobs.go).
	jobStmts map[chan struct{}]*syntax.Stmt
}

// cs returns the runner's call state, creating it on first use.
func (r *Runner) cs() *callState {
	if r.calls == nil {
		r.calls = &callState{}
	}
	return r.calls
}

// stack is the whole call stack, innermost last: a script run from a file
// starts with a "main" frame, as in bash; `bash -c` and stdin do not.
func (r *Runner) stack() []callFrame {
	c := r.cs()
	if c.script == "" {
		return c.frames
	}
	return append([]callFrame{{name: "main", source: c.script}}, c.frames...)
}

// SetScript says that the runner runs the script file path (bash's `bash
// FILE`), which is the bottom of the call stack: FUNCNAME's "main" and
// BASH_SOURCE's last element. A command string or a script read from stdin
// has no such frame. It is a lacy patch.
func (r *Runner) SetScript(path string) {
	if !r.didReset {
		r.Reset() // which would forget it later
	}
	r.cs().script = path
}

// subCalls is the call state of a subshell: the same stack, one level of
// BASH_SUBSHELL deeper.
func (r *Runner) subCalls() *callState {
	c := r.cs()
	return &callState{
		script:        c.script,
		frames:        slices.Clone(c.frames),
		funcSrc:       c.funcSrc, // read-only in the subshell until it defines a function
		lastArg:       c.lastArg,
		lastArgSet:    c.lastArgSet,
		subshells:     c.subshells + 1,
		exportedFuncs: c.exportedFuncs,
	}
}

// currentSource is the file whose code runs now: the innermost frame's.
func (r *Runner) currentSource() string {
	if st := r.stack(); len(st) > 0 {
		return st[len(st)-1].source
	}
	return "main"
}

// pushFrame enters a function call or a sourced file; the returned func
// leaves it.
func (r *Runner) pushFrame(name, source string, line uint) func() {
	c := r.cs()
	c.frames = append(c.frames, callFrame{name: name, source: source, line: line})
	n := len(c.frames)
	return func() { c.frames = c.frames[:n-1] }
}

// pushCall enters function name, called from line. As in bash (without
// set -T), the function does not inherit the RETURN trap: it is put aside
// until the function returns, so only a RETURN trap the function sets runs
// when it returns (see Runner.returnTrap).
func (r *Runner) pushCall(name string, line uint) func() {
	c := r.cs()
	src, ok := c.funcSrc[name]
	if !ok {
		src = "main"
	}
	pop := r.pushFrame(name, src, line)
	saved, had := "", false
	if r.lacy != nil {
		saved, had = r.lacy.traps["RETURN"]
		delete(r.lacy.traps, "RETURN")
	}
	return func() {
		pop()
		if had && r.lacy != nil {
			if _, set := r.lacy.traps["RETURN"]; !set {
				r.lacy.traps["RETURN"] = saved
			}
		}
	}
}

// pushSource enters a sourced file; the returned func runs the RETURN trap
// (bash runs it when a sourced file ends) and leaves the file.
func (r *Runner) pushSource(ctx context.Context, path string, line uint) func() {
	pop := r.pushFrame("source", path, line)
	return func() {
		r.returnTrap(ctx)
		pop()
	}
}

// funcDefined records where function name was defined.
func (r *Runner) funcDefined(name string) {
	c := r.cs()
	m := make(map[string]string, len(c.funcSrc)+1)
	for k, v := range c.funcSrc {
		m[k] = v
	}
	m[name] = r.currentSource()
	c.funcSrc = m
}

// setLastArg records $_ after a simple command ran with args.
func (r *Runner) setLastArg(args []string) {
	if len(args) == 0 {
		return
	}
	c := r.cs()
	c.lastArg, c.lastArgSet = args[len(args)-1], true
}

// inFunction reports whether a function call is on the stack, which is
// when bash shows FUNCNAME.
func inFunction(frames []callFrame) bool {
	for _, f := range frames {
		if f.name != "source" && f.name != "main" {
			return true
		}
	}
	return false
}

// callStackVar returns the variables this patch computes; ok is false for
// any other name.
func (r *Runner) callStackVar(name string) (vr expand.Variable, ok bool) {
	switch name {
	case "FUNCNAME", "BASH_SOURCE", "BASH_LINENO":
	case "_":
		c := r.cs()
		if !c.lastArgSet {
			return vr, false
		}
		return expand.Variable{Set: true, Kind: expand.String, Str: c.lastArg}, true
	case "BASHPID":
		// Subshells run in the shell's own process (goroutines), so this
		// is the PID of the process that runs them all.
		return expand.Variable{Set: true, Kind: expand.String, Str: strconv.Itoa(os.Getpid())}, true
	case "BASH_SUBSHELL":
		return expand.Variable{Set: true, Kind: expand.String, Str: strconv.Itoa(r.cs().subshells)}, true
	default:
		return vr, false
	}
	if v := r.writeEnv.Get(name); v.Declared() && !v.IsSet() {
		return vr, false // unset by the user
	}
	frames := r.stack()
	if name == "FUNCNAME" && !inFunction(frames) {
		return vr, false
	}
	list := make([]string, 0, len(frames))
	for i := len(frames) - 1; i >= 0; i-- {
		f := frames[i]
		switch name {
		case "FUNCNAME":
			list = append(list, f.name)
		case "BASH_SOURCE":
			list = append(list, f.source)
		case "BASH_LINENO":
			list = append(list, strconv.FormatUint(uint64(f.line), 10))
		}
	}
	if len(list) == 0 {
		return vr, false
	}
	return expand.Variable{Set: true, Kind: expand.Indexed, List: list}, true
}

// builtinCaller is bash's caller: "LINE FILE" of the current call without
// an argument, "LINE FUNC FILE" of frame N with one; status 1 past the
// bottom of the stack.
func (r *Runner) builtinCaller(args []string) exitStatus {
	var exit exitStatus
	frames := r.stack()
	n := len(frames)
	frame := func(i int) (callFrame, bool) { // 0 = innermost
		if i < 0 || i >= n {
			return callFrame{}, false
		}
		return frames[n-1-i], true
	}
	switch len(args) {
	case 0:
		f, ok := frame(0)
		if !ok {
			exit.code = 1
			return exit
		}
		src := "NULL"
		if g, ok := frame(1); ok {
			src = g.source
		}
		r.outf("%d %s\n", f.line, src)
	case 1:
		i, err := strconv.Atoi(strings.TrimSpace(args[0]))
		if err != nil || i < 0 {
			r.errf("caller: %s: invalid number\n", args[0])
			exit.code = 2
			return exit
		}
		f, ok := frame(i)
		g, ok2 := frame(i + 1)
		if !ok || !ok2 {
			exit.code = 1
			return exit
		}
		r.outf("%d %s %s\n", f.line, g.name, g.source)
	default:
		r.errf("caller: too many arguments\n")
		exit.code = 2
	}
	return exit
}

// declFuncs handles declare/typeset -F and -f and export -f; done is false
// for any other declare, which runs as before.
func (r *Runner) declFuncs(cm *syntax.DeclClause) (done bool) {
	variant := cm.Variant.Value
	if variant != "declare" && variant != "typeset" && variant != "export" {
		return false
	}
	var names []string
	funcs, names1, print, unexport := false, false, false, false
	endOpts := false
	for _, as := range cm.Args {
		// Only literal words until -f or -F is seen: anything else is
		// expanded by the declare that runs when this returns false.
		// lacy patch (omb): after it, a name may be any word (declare -F
		// "$name", as bash-it and oh-my-bash test for a function), and
		// the words of `builtin declare -F …` are single-quoted fields.
		var arg string
		switch {
		case as.Name != nil && as.Naked:
			arg = as.Name.Value
		case as.Name != nil || as.Value == nil:
			return false
		case as.Value.Lit() != "":
			arg = as.Value.Lit()
		case len(as.Value.Parts) == 1 && isSglQuoted(as.Value.Parts[0]):
			arg = as.Value.Parts[0].(*syntax.SglQuoted).Value
		case !funcs:
			return false
		default:
			names = append(names, r.fields(as.Value)...)
			continue
		}
		if !endOpts && arg == "--" {
			endOpts = true
			continue
		}
		if !endOpts && len(arg) > 1 && (arg[0] == '-' || arg[0] == '+') {
			for _, f := range arg[1:] {
				switch f {
				case 'f':
					funcs = true
				case 'F':
					funcs, names1 = true, true
				case 'p':
					print = true
				case 'n':
					unexport = variant == "export"
				default:
					return false // another attribute: not ours
				}
			}
			if arg[0] == '+' {
				unexport = true
			}
			continue
		}
		names = append(names, arg)
	}
	if !funcs {
		return false
	}
	r.exit = exitStatus{}
	if variant == "export" {
		c := r.cs()
		if len(names) == 0 || print {
			for _, name := range slices.Sorted(mapsKeys(c.exportedFuncs)) {
				if r.Funcs[name] != nil {
					r.outf("%s\ndeclare -fx %s\n", funcSource(name, r.Funcs[name]), name)
				}
			}
			return true
		}
		m := make(map[string]bool, len(c.exportedFuncs)+len(names))
		for k := range c.exportedFuncs {
			m[k] = true
		}
		for _, name := range names {
			body := r.Funcs[name]
			if body == nil {
				r.errf("export: %s: not a function\n", name)
				r.exit.code = 1
				continue
			}
			if unexport {
				delete(m, name)
				r.delVar("BASH_FUNC_" + name + "%%")
				continue
			}
			m[name] = true
			// Programs get the function as bash passes it: a variable
			// BASH_FUNC_name%% holding "() { body }", so that bash (and
			// lacy) children define it.
			src := funcSource(name, body)
			src = "() " + strings.TrimPrefix(src, name+" () \n")
			r.setVar("BASH_FUNC_"+name+"%%", expand.Variable{Set: true, Kind: expand.String, Exported: true, Str: src})
		}
		c.exportedFuncs = m
		return true
	}
	if len(names) == 0 {
		for _, name := range slices.Sorted(mapsKeys(r.Funcs)) {
			if names1 {
				x := ""
				if r.cs().exportedFuncs[name] {
					x = "x"
				}
				r.outf("declare -f%s %s\n", x, name)
			} else {
				r.outf("%s\n", funcSource(name, r.Funcs[name]))
			}
		}
		return true
	}
	for _, name := range names {
		body := r.Funcs[name]
		if body == nil {
			r.exit.code = 1
			continue
		}
		if names1 {
			r.outf("%s\n", name)
		} else {
			r.outf("%s\n", funcSource(name, body))
		}
	}
	return true
}

func isSglQuoted(wp syntax.WordPart) bool {
	sq, ok := wp.(*syntax.SglQuoted)
	return ok && !sq.Dollar
}

func mapsKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// callerBuiltin runs the builtins of this patch; ok is false for others.
func (r *Runner) callBuiltin(ctx context.Context, name string, args []string) (exit exitStatus, ok bool) {
	switch name {
	case "caller":
		return r.builtinCaller(args), true
	}
	return exit, false
}
