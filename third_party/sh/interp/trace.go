package interp

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// tracer prints expressions like a shell would do if its
// options '-o' is set to either 'xtrace' or its shorthand, '-x'.
type tracer struct {
	buf       bytes.Buffer
	printer   *syntax.Printer
	output    io.Writer
	needsPlus bool
}

func (r *Runner) tracer() *tracer {
	if !r.opts[optXTrace] || r.runsInternal() {
		return nil
	}

	out := r.stderr
	if r.traceErr != nil {
		// lacy patch: a command's trace goes where stderr was before the
		// command's own redirections, as in bash (`cmd 2>f` traces to the
		// shell's stderr).
		out = r.traceErr
	}
	return &tracer{
		printer:   syntax.NewPrinter(),
		output:    out,
		needsPlus: true,
	}
}

// string writes s to tracer.buf if tracer is non-nil,
// prepending "+" if tracer.needsPlus is true.
func (t *tracer) string(s string) {
	if t == nil {
		return
	}

	if t.needsPlus {
		t.buf.WriteString("+ ")
	}
	t.needsPlus = false
	t.buf.WriteString(s)
}

func (t *tracer) stringf(f string, a ...any) {
	if t == nil {
		return
	}

	t.string(fmt.Sprintf(f, a...))
}

// expr prints x to tracer.buf if tracer is non-nil,
// prepending "+" if tracer.isFirstPrint is true.
func (t *tracer) expr(x syntax.Node) {
	if t == nil {
		return
	}

	if t.needsPlus {
		t.buf.WriteString("+ ")
	}
	t.needsPlus = false
	if err := t.printer.Print(&t.buf, x); err != nil {
		panic(err)
	}
}

// flush writes the contents of tracer.buf to the tracer.stdout.
func (t *tracer) flush() {
	if t == nil {
		return
	}

	t.output.Write(t.buf.Bytes())
	t.buf.Reset()
}

// newLineFlush is like flush, but with extra new line before tracer.buf gets flushed.
func (t *tracer) newLineFlush() {
	if t == nil {
		return
	}

	t.buf.WriteString("\n")
	t.flush()
	// reset state
	t.needsPlus = true
}

// quoteBash quotes a string so that it can be traced as a single Bash word.
func quoteBash(s string) string {
	qs, err := syntax.Quote(s, syntax.LangBash)
	if err != nil { // should never happen
		panic(err)
	}
	return qs
}

// call prints a command and its arguments, each quoted as bash's xtrace does.
func (t *tracer) call(cmd string, args ...string) {
	if t == nil {
		return
	}

	// lacy patch: each word quoted as bash's xtrace does (`echo a 'b c'`),
	// for builtins and programs alike.
	var sb strings.Builder
	sb.WriteString(xtraceQuote(cmd))
	for _, a := range args {
		sb.WriteString(" ")
		sb.WriteString(xtraceQuote(a))
	}
	t.string(sb.String())
}
