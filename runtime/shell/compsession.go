package shell

import (
	"context"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// RunCompletion runs the completion function fn in the session, as bash
// runs a `complete -F` function: COMP_WORDS, COMP_CWORD, COMP_LINE,
// COMP_POINT, COMP_TYPE and COMP_KEY set, called with the command, the word
// and the word before it. It returns COMPREPLY and the options compopt set
// (-o NAME: true, +o NAME: false). lacy's completion bridge runs completion
// functions in a bash of its own; a function that runs an interactive
// program (fzf's ** completion) is run here instead, so the program gets
// the terminal. The function's standard output is discarded (fzf prints
// a redraw request there); $? is kept. The variables are unset afterwards
// (bash-preexec tells completion from commands by COMP_POINT).
func (s *Shell) RunCompletion(ctx context.Context, fn string, words []string, cword int, line string, point int) ([]string, map[string]bool) {
	if len(words) == 0 || cword < 0 || cword >= len(words) || !syntax.ValidName(strings.ReplaceAll(fn, "-", "_")) {
		return nil, nil
	}
	if _, ok := s.runner.Funcs[fn]; !ok {
		return nil, nil
	}
	status := s.lastStatus
	q := func(v string) string {
		out, err := syntax.Quote(v, syntax.LangBash)
		if err != nil {
			return "''"
		}
		return out
	}
	var set strings.Builder
	set.WriteString("COMP_WORDS=(")
	for i, w := range words {
		if i > 0 {
			set.WriteByte(' ')
		}
		set.WriteString(q(w))
	}
	set.WriteString(")\nCOMPREPLY=()\nCOMP_CWORD=" + strconv.Itoa(cword) + "\nCOMP_LINE=" + q(line) +
		"\nCOMP_POINT=" + strconv.Itoa(point) + "\nCOMP_TYPE=9\nCOMP_KEY=9\n")
	s.runInternalSource(ctx, set.String())

	prev := ""
	if cword > 0 {
		prev = words[cword-1]
	}
	s.mu.Lock()
	s.compOpts = map[string]bool{}
	s.mu.Unlock()
	_, _ = s.Run(ctx, q(fn)+" "+q(words[0])+" "+q(words[cword])+" "+q(prev)+" >/dev/null", "completion")

	var values []string
	vr, ok := s.runner.Vars["COMPREPLY"]
	if ok && vr.IsSet() {
		switch vr.Kind {
		case expand.Indexed:
			values = append(values, vr.List...)
		case expand.String:
			values = []string{vr.Str}
		}
	}
	s.mu.Lock()
	opts := s.compOpts
	s.compOpts = nil
	s.mu.Unlock()
	s.runInternalSource(ctx, "unset COMP_WORDS COMP_CWORD COMP_LINE COMP_POINT COMP_TYPE COMP_KEY COMPREPLY")
	s.setStatus(ctx, status)
	return values, opts
}

// runInternalSource runs src as the shell's own work (no DEBUG trap).
func (s *Shell) runInternalSource(ctx context.Context, src string) {
	f, err := s.parser.Parse(strings.NewReader(src), "")
	if err != nil {
		return
	}
	for _, st := range f.Stmts {
		_ = s.runner.RunInternal(ctx, st)
	}
}
