// lacy patch 101: file descriptors above 2, as bash has them.

package interp

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// getFd returns what the shell has open as descriptor n: r.stdin, r.stdout
// or r.stderr for 0-2, an entry of r.fds above. The value is an [io.Reader],
// an [io.Writer] or both (an [*os.File]).
func (r *Runner) getFd(n int) (any, bool) {
	switch n {
	case 0:
		if r.stdin == nil {
			return nil, false
		}
		return r.stdin, true
	case 1:
		return r.stdout, r.stdout != nil
	case 2:
		return r.stderr, r.stderr != nil
	}
	v, ok := r.fds[n]
	return v, ok
}

// setFd makes v the shell's descriptor n; a nil v closes it.
func (r *Runner) setFd(n int, v any) error {
	switch n {
	case 0:
		rd, _ := v.(io.Reader)
		f, err := newStdinFile(rd)
		if err != nil {
			return err
		}
		r.stdin = f
		return nil
	case 1, 2:
		w, ok := v.(io.Writer)
		if !ok {
			w = io.Discard // closed, as upstream has >&-
		}
		if n == 1 {
			r.stdout = w
		} else {
			r.stderr = w
		}
		return nil
	}
	if v == nil {
		delete(r.fds, n)
		return nil
	}
	if r.fds == nil {
		r.fds = make(map[int]any)
	}
	r.fds[n] = v
	return nil
}

// newFd returns the lowest free descriptor from 10 up, for {var}>file.
func (r *Runner) newFd() int {
	n := 10
	for {
		if _, ok := r.fds[n]; !ok {
			return n
		}
		n++
	}
}

// extraFiles lists the descriptors above 2 that are files, for a program's
// [exec.Cmd.ExtraFiles] (entry i is descriptor 3+i).
func (r *Runner) extraFiles() []*os.File {
	var files []*os.File
	for n, v := range r.fds {
		f, ok := v.(*os.File)
		if !ok || n < 3 || n > 255 {
			continue
		}
		for len(files) < n-2 {
			files = append(files, nil)
		}
		files[n-3] = f
	}
	return files
}

// fdState is what a statement's redirections change in the descriptor
// table, to be restored after it.
type fdState struct {
	fds   map[int]any
	named map[int]bool
}

func (r *Runner) saveFds() fdState {
	return fdState{fds: maps.Clone(r.fds)}
}

// restoreFds undoes a statement's redirections above 2, except the {var}
// ones: bash leaves those open.
func (r *Runner) restoreFds(s fdState, named []int) {
	kept := make(map[int]any, len(named))
	for _, n := range named {
		if v, ok := r.fds[n]; ok {
			kept[n] = v
		}
	}
	r.fds = s.fds
	for n, v := range kept {
		r.setFd(n, v)
	}
}

func isInputRedir(op syntax.RedirOperator) bool {
	switch op {
	case syntax.RdrIn, syntax.RdrInOut, syntax.DplIn, syntax.Hdoc, syntax.DashHdoc, syntax.WordHdoc:
		return true
	}
	return false
}

// redirFd applies one redirection the way bash does: any descriptor, {var}
// names, dups and moves (n>&m, n>&m-), closing (n>&-), <>, >| and noclobber.
// named is set when the descriptor was allocated for a {var}.
func (r *Runner) redirFd(ctx context.Context, rd *syntax.Redirect) (cls io.Closer, named int, err error) {
	named = -1
	fd := 1
	if isInputRedir(rd.Op) {
		fd = 0
	}
	closing := false
	if (rd.Op == syntax.DplIn || rd.Op == syntax.DplOut) && rd.Word != nil {
		closing = rd.Word.Lit() == "-"
	}
	if rd.N != nil {
		v := rd.N.Value
		if name, ok := strings.CutPrefix(v, "{"); ok {
			name = strings.TrimSuffix(name, "}")
			if closing {
				n, err := strconv.Atoi(r.envGet(name))
				if err != nil {
					return nil, -1, fmt.Errorf("%s: ambiguous redirect", v)
				}
				fd = n
			} else {
				fd = r.newFd()
				named = fd
				r.setVarString(name, strconv.Itoa(fd))
			}
		} else if n, err := strconv.Atoi(v); err == nil {
			fd = n
		} else {
			return nil, -1, fmt.Errorf("%s: bad file descriptor", v)
		}
	}
	switch rd.Op {
	case syntax.Hdoc, syntax.DashHdoc:
		pr, err := r.hdocReader(rd)
		if err != nil {
			return nil, named, err
		}
		r.setFd(fd, pr)
		return pr, named, nil
	}
	var arg string
	if rd.Op == syntax.WordHdoc {
		arg = r.literal(rd.Word)
	} else {
		// bash expands a redirection's word as a command's argument (braces,
		// splitting, globs) and fails unless it makes one field.
		fields := r.fields(rd.Word)
		if len(fields) != 1 {
			if r.exit.abortLine || r.exit.fatalExit {
				return nil, named, fmt.Errorf("bad redirection word")
			}
			return nil, named, fmt.Errorf("%s: ambiguous redirect", rd.Word.Lit())
		}
		arg = fields[0]
	}
	switch rd.Op {
	case syntax.WordHdoc:
		pr, pw, err := newPipe()
		if err != nil {
			return nil, named, err
		}
		r.setFd(fd, pr)
		// We write to the pipe in a new goroutine,
		// as pipe writes may block once the buffer gets full.
		go func() {
			io.WriteString(pw, arg)
			io.WriteString(pw, "\n")
			pw.Close()
		}()
		return pr, named, nil
	case syntax.DplIn, syntax.DplOut:
		if arg == "-" {
			return nil, named, r.setFd(fd, nil)
		}
		num, move := strings.CutSuffix(arg, "-")
		src, err := strconv.Atoi(num)
		if err != nil || src < 0 {
			if rd.Op == syntax.DplOut && fd == 1 && !move {
				// >&word is &>word when word is no number
				return r.redirFile(ctx, syntax.RdrAll, fd, arg)
			}
			return nil, named, fmt.Errorf("%s: ambiguous redirect", arg)
		}
		v, ok := r.getFd(src)
		if !ok {
			return nil, named, fmt.Errorf("%d: Bad file descriptor", src)
		}
		r.setFd(fd, v)
		if move && src != fd {
			r.setFd(src, nil)
		}
		return nil, named, nil
	}
	cls, _, err = r.redirFile(ctx, rd.Op, fd, arg)
	if named >= 0 {
		cls = nil // bash leaves {var} descriptors open
	}
	return cls, named, err
}

// redirFile opens the file of a redirection as descriptor fd.
func (r *Runner) redirFile(ctx context.Context, op syntax.RedirOperator, fd int, arg string) (io.Closer, int, error) {
	mode := os.O_RDONLY
	switch op {
	case syntax.AppOut, syntax.AppAll:
		mode = os.O_WRONLY | os.O_CREATE | os.O_APPEND
	case syntax.RdrOut, syntax.RdrAll, syntax.RdrClob:
		mode = os.O_WRONLY | os.O_CREATE | os.O_TRUNC
	case syntax.RdrInOut:
		mode = os.O_RDWR | os.O_CREATE
	case syntax.RdrIn:
	default:
		return nil, -1, fmt.Errorf("unhandled redirect op: %v", op)
	}
	if (op == syntax.RdrOut || op == syntax.RdrAll) && r.opts[optNoClobber] {
		if fi, err := r.stat(ctx, arg); err == nil && fi.Mode()&fs.ModeType == 0 {
			return nil, -1, fmt.Errorf("%s: cannot overwrite existing file", arg)
		}
	}
	f, err := r.open(ctx, arg, mode, 0o644, false)
	if err != nil {
		return nil, -1, err
	}
	switch op {
	case syntax.RdrAll, syntax.AppAll:
		r.stdout = f
		r.stderr = f
	default:
		if err := r.setFd(fd, f); err != nil {
			f.Close()
			return nil, -1, err
		}
	}
	return f, -1, nil
}
