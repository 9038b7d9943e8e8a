package shell

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"sync"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// sourcing is the startup file being run by Source.
type sourcing struct {
	display string        // the name in messages, "~/.lacyrc"
	line    int           // the line of the statement being run
	stmt    *syntax.Stmt  // the statement being run
	path    string        // the file's path
	returns map[uint]bool // offsets of the file's top-level `return` commands
}

// errSourceReturn is how a top-level `return` ends Source early.
type errSourceReturn int

func (e errSourceReturn) Error() string { return "return " + strconv.Itoa(int(e)) }

// Source runs a startup file (~/.lacyrc, ~/.profile) the way bash runs its
// own: statement by statement in the session, so a statement that fails, or
// a syntax error, never drops the statements before it. A syntax error stops
// the file there, as in bash; a top-level `return` ends it quietly. Every
// message the shell prints meanwhile names the file and line:
// "lacy: ~/.lacyrc:3: foo: command not found". display is the file's name
// in those messages. It returns the status of the last statement, and an
// error only when the file cannot be read.
func (s *Shell) Source(ctx context.Context, path, display string) (int, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return 1, err
	}
	if !s.opts.Interactive {
		s.setArgv0() // statements run one at a time read $0 from it
	}
	pw := &prefixWriter{w: s.stderr}
	so := &sourcing{display: display, path: path, returns: map[uint]bool{}}
	pw.prefix = func() string { return fmt.Sprintf("%s: %s:%d: ", s.opts.Name, display, so.line) }
	s.src = so
	s.setStderr(pw)
	defer s.settle() // after the deferred flush below
	defer func() {
		pw.flush()
		s.setStderr(s.stderr)
		s.src = nil
	}()

	status := 0
	var stopErr, perr error
	stopped := false
	// Never break out of this loop: mvdan/sh's iterator may go on after the
	// body returned false, which panics (see NeedsMore). Once stopped, the
	// rest is parsed and ignored.
	for st, err := range syntax.NewParser().StmtsSeq(bytes.NewReader(src)) {
		if stopped {
			continue
		}
		if err != nil {
			perr, stopped = err, true
			continue
		}
		so.line = int(st.Pos().Line())
		so.stmt = st
		markTopLevelReturns(st, so.returns)
		status, err = s.runStmt(ctx, st)
		s.lastStatus = status
		var ret errSourceReturn
		switch {
		case errors.As(err, &ret):
			status = int(ret)
			s.lastStatus = status
			stopped = true
		case err != nil:
			stopErr, stopped = err, true
		default:
			s.exited = s.runner.Exited()
			stopped = s.exited
		}
	}
	if perr != nil {
		var pe syntax.ParseError
		line := so.line
		msg := perr.Error()
		if errors.As(perr, &pe) {
			line, msg = int(pe.Pos.Line()), pe.Text
		}
		fmt.Fprintf(s.stderr, "%s: %s:%d: syntax error: %s\n", s.opts.Name, display, line, msg)
		s.lastStatus = 2
		return 2, nil
	}
	if errors.Is(stopErr, ErrInterrupted) {
		return status, stopErr
	}
	return status, nil
}

// setStderr points the runner's standard error at w (its stdin and stdout
// stay).
func (s *Shell) setStderr(w io.Writer) {
	_ = interp.StdIO(s.stdin, s.stdout, w)(s.runner)
}

// markTopLevelReturns records the `return` commands of a top-level statement
// that are not inside a function: in a startup file they end the file, as in
// a sourced bash script.
func markTopLevelReturns(st *syntax.Stmt, into map[uint]bool) {
	syntax.Walk(st, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.FuncDecl, *syntax.Subshell, *syntax.CmdSubst, *syntax.ProcSubst:
			return false
		case *syntax.CallExpr:
			if len(n.Args) > 0 && n.Args[0].Lit() == "return" {
				into[n.Pos().Offset()] = true
			}
		}
		return true
	})
}

// prefixWriter starts every line written to w with prefix(): the shell's
// own messages while a startup file runs.
type prefixWriter struct {
	mu     sync.Mutex
	w      io.Writer
	prefix func() string
	mid    bool // the last write did not end a line
}

func (p *prefixWriter) Write(b []byte) (int, error) {
	n := len(b)
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []byte
	for len(b) > 0 {
		if !p.mid {
			out = append(out, p.prefix()...)
		}
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			out = append(out, b...)
			p.mid = true
			break
		}
		out = append(out, b[:i+1]...)
		b = b[i+1:]
		p.mid = false
	}
	_, err := p.w.Write(out)
	return n, err
}

// flush ends a message that did not end its line.
func (p *prefixWriter) flush() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.mid {
		_, _ = p.w.Write([]byte("\n"))
		p.mid = false
	}
}

// where names the file and line of the command a start-up file's message
// is about. A command in another file (a sourced script, a function it
// defined) names that file when the interpreter keeps BASH_SOURCE;
// otherwise it is shown at the start-up file's statement that led to it,
// never at another file's line number.
func (so *sourcing) where(hc interp.HandlerContext) (string, int) {
	if vr := hc.Env.Get("BASH_SOURCE"); vr.Kind == expand.Indexed && len(vr.List) > 0 && vr.List[0] != "" {
		if f := vr.List[0]; f != so.path {
			return f, int(hc.Pos.Line())
		}
		return so.display, int(hc.Pos.Line())
	}
	if so.inStmt(hc.Pos) {
		return so.display, int(hc.Pos.Line())
	}
	return so.display, so.line
}

// inStmt reports whether pos is in the statement being run. Positions
// carry no file: one inside the statement, by offset and by line, is taken
// as the statement's own, not a sourced file's or a function's.
func (so *sourcing) inStmt(pos syntax.Pos) bool {
	st := so.stmt
	return st != nil && pos.Offset() >= st.Pos().Offset() && pos.Offset() <= st.End().Offset() &&
		pos.Line() >= st.Pos().Line() && pos.Line() <= st.End().Line()
}
