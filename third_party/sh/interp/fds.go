// Copyright (c) 2017, Daniel Martí <mvdan@mvdan.cc>
// See LICENSE for licensing information

package interp

// lacy patch: file descriptors above 2: `exec 3>f`, `>&3`, `3>/dev/null`,
// `3<<EOF`, `3<&-`, `read -u 3`, passed on to the programs the shell runs.

import (
	"context"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// fdOf returns what descriptor n of the shell is: a reader or writer (an
// *os.File when it can be), or nil when it is not open.
func (r *Runner) fdOf(n int) any {
	switch n {
	case 0:
		if r.stdin == nil {
			return nil
		}
		return r.stdin
	case 1:
		return r.stdout
	case 2:
		return r.stderr
	}
	if f, ok := r.fds[n]; ok {
		return f
	}
	return nil
}

// redirFd applies a redirection of descriptor n > 2.
func (r *Runner) redirFd(ctx context.Context, rd *syntax.Redirect, n int) (io.Closer, error) {
	if r.fds == nil {
		r.fds = map[int]any{}
	}
	switch rd.Op {
	case syntax.Hdoc, syntax.DashHdoc:
		pr, err := r.hdocReader(rd)
		if err != nil {
			return nil, err
		}
		r.fds[n] = pr
		return pr, nil
	}
	arg, err := r.redirTarget(rd)
	if err != nil {
		return nil, err
	}
	switch rd.Op {
	case syntax.WordHdoc:
		pr, pw, err := newPipe()
		if err != nil {
			return nil, err
		}
		go func() {
			io.WriteString(pw, arg)
			io.WriteString(pw, "\n")
			pw.Close()
		}()
		r.fds[n] = pr
		return pr, nil
	case syntax.DplOut, syntax.DplIn:
		if arg == "-" {
			delete(r.fds, n)
			return nil, nil
		}
		m, err := strconv.Atoi(strings.TrimSuffix(arg, "-"))
		if err != nil {
			return nil, fmt.Errorf("%s: ambiguous redirect", arg)
		}
		src := r.fdOf(m)
		if src == nil {
			return nil, fmt.Errorf("%d: Bad file descriptor", m)
		}
		r.fds[n] = src
		if strings.HasSuffix(arg, "-") && m > 2 { // N>&M- moves M to N
			delete(r.fds, m)
		}
		return nil, nil
	}
	mode := os.O_RDONLY
	switch rd.Op {
	case syntax.RdrIn:
	case syntax.RdrOut, syntax.RdrClob, syntax.RdrAll:
		mode = os.O_WRONLY | os.O_CREATE | os.O_TRUNC
	case syntax.AppOut, syntax.AppAll:
		mode = os.O_WRONLY | os.O_CREATE | os.O_APPEND
	case syntax.RdrInOut:
		mode = os.O_RDWR | os.O_CREATE
	default:
		return nil, fmt.Errorf("unhandled redirect op: %v", rd.Op)
	}
	f, err := r.open(ctx, arg, mode, 0o666, true) // lacy patch: 0666 less the umask, as bash
	if err != nil {
		return nil, err
	}
	r.fds[n] = f
	return f, nil
}

// extraFiles are the descriptors above 2 that are files, for the programs
// the shell starts: entry i is descriptor 3+i.
func (r *Runner) extraFiles() []*os.File {
	max := -1
	for n, v := range r.fds {
		if _, ok := v.(*os.File); ok && n > max {
			max = n
		}
	}
	if max < 3 {
		return nil
	}
	files := make([]*os.File, max-2)
	for n, v := range r.fds {
		if f, ok := v.(*os.File); ok {
			files[n-3] = f
		}
	}
	return files
}

// isFdArg reports whether the word of >& names a descriptor (N, N-, -).
func isFdArg(arg string) bool {
	arg = strings.TrimSuffix(arg, "-")
	if arg == "" {
		return true
	}
	_, err := strconv.Atoi(arg)
	return err == nil
}

// redirTarget expands the word of a redirection: a file name is globbed,
// and must be one word (bash's "ambiguous redirect").
func (r *Runner) redirTarget(rd *syntax.Redirect) (string, error) {
	switch rd.Op {
	case syntax.RdrIn, syntax.RdrOut, syntax.AppOut, syntax.RdrAll, syntax.AppAll,
		syntax.RdrClob, syntax.RdrInOut,
		syntax.DplOut, syntax.DplIn: // lacy patch 038: >&word is globbed and split too
	default:
		return r.literal(rd.Word), nil
	}
	fields, err := expand.Fields(r.ecfg, rd.Word)
	if isNoMatch(err) {
		return "", err // lacy patch 049: failglob, printed by the caller
	}
	r.expandErr(err)
	if len(fields) != 1 {
		var sb strings.Builder
		syntax.NewPrinter().Print(&sb, rd.Word)
		return "", fmt.Errorf("%s: ambiguous redirect", sb.String())
	}
	return fields[0], nil
}

// namedFd reads the {name} of a redirection like {fd}>file.
func namedFd(s string) (string, bool) {
	if len(s) > 2 && s[0] == '{' && s[len(s)-1] == '}' && syntax.ValidName(s[1:len(s)-1]) {
		return s[1 : len(s)-1], true
	}
	return "", false
}

// redirNamedFd applies {name}>file: a new descriptor of 10 or above, whose
// number goes in name; {name}>&- closes the descriptor name holds.
func (r *Runner) redirNamedFd(ctx context.Context, rd *syntax.Redirect, name string) (io.Closer, error) {
	if (rd.Op == syntax.DplOut || rd.Op == syntax.DplIn) && r.literal(rd.Word) == "-" {
		n, err := strconv.Atoi(r.lookupVar(name).String())
		if err != nil {
			return nil, fmt.Errorf("%s: ambiguous redirect", name)
		}
		delete(r.fds, n)
		return nil, nil
	}
	n := 10
	for r.fdOf(n) != nil {
		n++
	}
	cl, err := r.redirFd(ctx, rd, n)
	if err != nil {
		return nil, err
	}
	r.setVarString(name, strconv.Itoa(n))
	// The descriptor outlives the command, as in bash: the statement's
	// redirections are undone, then it is put back (keepNamedFds).
	_ = cl
	if r.namedFds == nil {
		r.namedFds = map[int]any{}
	}
	r.namedFds[n] = r.fds[n]
	return nil, nil
}

// keepNamedFds puts the descriptors that {var}>f redirections opened back
// into the shell's table after a statement's redirections are undone.
func (r *Runner) keepNamedFds() {
	if len(r.namedFds) == 0 {
		return
	}
	if r.fds == nil {
		r.fds = map[int]any{}
	}
	for n, f := range r.namedFds {
		r.fds[n] = f
	}
	clear(r.namedFds)
}

// dupOutput gives 1<&N and 2<&N as 1>&N and 2>&N: both duplicate N onto the
// descriptor, which bash does whichever way the arrow points.
func dupOutput(rd *syntax.Redirect) *syntax.Redirect {
	if rd.Op != syntax.DplIn || rd.N == nil || (rd.N.Value != "1" && rd.N.Value != "2") {
		return rd
	}
	rd2 := *rd
	rd2.Op = syntax.DplOut
	return &rd2
}
