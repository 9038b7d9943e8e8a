package shell

import (
	"context"
	"strings"
)

// runDeclaration runs src, lacy's own declaration (`alias n=v`, `export
// n=v` from the Lua config), straight through the interpreter: a
// declaration starts no program and prints nothing when it succeeds, so it
// needs none of what Run does around a command line (a foreground job, the
// terminal's modes saved and mirrored, the stderr tap drained). Each of
// those cost about 0.1 ms, on the critical path of the first prompt for
// every alias of the config (docs/performance.md). A declaration that fails
// prints its error through the tap, which is then drained so the message
// lands before the prompt. The error returned is a syntax error's.
func (s *Shell) runDeclaration(ctx context.Context, src, name string) error {
	f, err := s.parser.Parse(strings.NewReader(src), name)
	if err != nil {
		s.printSyntaxError(err)
		s.lastStatus = 2
		return err
	}
	status := 0
	for _, st := range f.Stmts {
		status, err = statusOf(ctx, s.runner.RunInternal(ctx, st))
		if err != nil || status != 0 {
			break
		}
	}
	s.lastStatus = status
	if status != 0 && s.tap != nil {
		s.tap.drain()
	}
	return err
}
