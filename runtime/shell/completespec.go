package shell

import (
	"fmt"
	"io"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// builtinComplete records a `complete` line (bash's programmable
// completion, common in a .bashrc copied to ~/.lacyrc) for the line editor's
// bash-completion bridge, which replays it in its own bash. The functions
// the line names with -F or -C go with it, as bash source. `complete -p`
// and a bare `complete` print what was recorded.
func (s *Shell) builtinComplete(stdout, stderr io.Writer, args []string) int {
	if len(args) == 0 || args[0] == "-p" {
		s.mu.Lock()
		specs := strings.Join(s.compSpec, "\n")
		s.mu.Unlock()
		if specs != "" {
			fmt.Fprintln(stdout, specs)
		}
		return 0
	}
	var src strings.Builder
	for i := 0; i+1 < len(args); i++ {
		if args[i] != "-F" && args[i] != "-C" {
			continue
		}
		if body, ok := s.runner.Funcs[args[i+1]]; ok {
			src.WriteString(args[i+1] + "() ")
			if err := syntax.NewPrinter().Print(&src, body); err != nil {
				fmt.Fprintf(stderr, "complete: %s: %v\n", args[i+1], err)
				return 1
			}
			src.WriteString("\n")
		}
	}
	src.WriteString("complete")
	for _, a := range args {
		q, err := syntax.Quote(a, syntax.LangBash)
		if err != nil {
			fmt.Fprintf(stderr, "complete: %q: cannot be quoted\n", a)
			return 1
		}
		src.WriteString(" " + q)
	}
	s.mu.Lock()
	s.compSpec = append(s.compSpec, src.String())
	s.mu.Unlock()
	return 0
}

// CompleteSpecs returns the `complete` lines run so far (with the functions
// they name), as bash source for the completion bridge.
func (s *Shell) CompleteSpecs() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.compSpec...)
}
