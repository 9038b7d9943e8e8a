package shell

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// RunScript runs src as bash runs a script: it reads and runs it one
// complete command line at a time, so the lines before a syntax error run,
// and the error then ends the script with status 2. (mvdan/sh parses a
// whole file before running any of it.) In an interactive session it is
// Run.
func (s *Shell) RunScript(ctx context.Context, src, name string) (status int, err error) {
	return s.runScript(ctx, src, name, 0)
}

// runScript is RunScript; retries counts the times aliases were expanded
// as text at a syntax error (see aliasRetry), which ends at maxAliasRetries.
func (s *Shell) runScript(ctx context.Context, src, name string, retries int) (status int, err error) {
	defer func() {
		// A bug in the interpreter ends the script with an error, never a
		// crash with a Go stack trace.
		if p := recover(); p != nil {
			fmt.Fprintf(s.opts.Stderr, "%s: internal error: %v\n", s.opts.Name, p)
			s.lastStatus = 2
			status, err = 2, fmt.Errorf("internal error: %v", p)
		}
	}()
	if s.opts.Interactive {
		return s.Run(ctx, src, name)
	}
	if name != "" {
		// A script file is the bottom of the call stack (FUNCNAME's
		// "main", BASH_SOURCE's last element), as in bash.
		s.runner.SetScript(name)
	}
	f, err := s.parser.Parse(strings.NewReader(src), name)
	if err == nil {
		return s.RunFile(ctx, f)
	}
	var pe syntax.ParseError
	if !errors.As(err, &pe) {
		s.printSyntaxError(err)
		s.lastStatus = 2
		return 2, err
	}
	// The statements that end on a line before the error's ran in bash
	// before it read the bad line.
	errLine := pe.Pos.Line()
	var good []*syntax.Stmt
	done := false
	// Never break out of this loop: mvdan/sh's iterators may go on after
	// the body returned false, which panics (see NeedsMore).
	for st, err := range syntax.NewParser().StmtsSeq(strings.NewReader(src)) {
		if done || err != nil || st.End().Line() >= errLine {
			done = true
			continue
		}
		good = append(good, st)
	}
	if len(good) > 0 {
		status, rerr := s.RunFile(ctx, &syntax.File{Name: name, Stmts: good})
		if rerr != nil || s.exited {
			return status, rerr
		}
	}
	from := uint(1)
	if len(good) > 0 {
		from = good[len(good)-1].End().Line() + 1
	}
	if src2, ok := s.aliasRetry(src, from, errLine); ok && retries < maxAliasRetries {
		return s.runScript(ctx, src2, name, retries+1)
	}
	s.printSyntaxError(err)
	if condSyntaxError(src, from, errLine) {
		// bash 5.2 ends a script at a syntax error inside [[ ]] with the
		// status of the last command, not 2.
		return s.lastStatus, err
	}
	s.lastStatus = 2
	return 2, err
}

// condSyntaxError reports whether the syntax error found on line to (lines
// are 1-based), in a statement that starts on line from or later, is in a
// [[ ]] conditional, as far as the lines show.
func condSyntaxError(src string, from, to uint) bool {
	lines := strings.Split(src, "\n")
	if from == 0 || to < from || int(to) > len(lines) {
		return false
	}
	for _, l := range lines[from-1 : to] {
		if strings.Contains(l, "[[") {
			return true
		}
	}
	return false
}
