package render

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/mattn/go-runewidth"
)

// Terminal shows an answer on a terminal: a spinner while waiting, the raw
// text as it streams, then the same text redrawn as Markdown when the turn
// ends. It implements agents.Sink. Methods may be called from any one
// goroutine at a time; the spinner runs on its own.
type Terminal struct {
	w      io.Writer
	width  int
	height int
	color  bool

	mu      sync.Mutex // guards writes to w against the spinner
	seg     strings.Builder
	spin    chan struct{} // closed to stop the spinner
	spunOut chan struct{} // closed when the spinner has cleared its line
	wrote   bool          // something was written since the last newline
}

// NewTerminal returns a Terminal writing to w, a terminal width×height
// cells wide (0 means 80×24). With color false (NO_COLOR, dumb terminals)
// it writes no escape sequence: no spinner, no redraw.
func NewTerminal(w io.Writer, width, height int, color bool) *Terminal {
	if width <= 0 {
		width = 80
	}
	if height <= 0 {
		height = 24
	}
	return &Terminal{w: w, width: width, height: height, color: color}
}

// spinnerFrames are drawn in turn while waiting for the model.
var spinnerFrames = []string{"⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"}

// Waiting shows a spinner until the next text or event.
func (t *Terminal) Waiting() {
	if !t.color || t.spin != nil {
		return
	}
	stop, done := make(chan struct{}), make(chan struct{})
	t.spin, t.spunOut = stop, done
	go func() {
		defer close(done)
		tick := time.NewTicker(80 * time.Millisecond)
		defer tick.Stop()
		for i := 0; ; i++ {
			t.mu.Lock()
			fmt.Fprintf(t.w, "\r%s%s thinking…%s", dim, spinnerFrames[i%len(spinnerFrames)], reset)
			t.mu.Unlock()
			select {
			case <-stop:
				t.mu.Lock()
				io.WriteString(t.w, "\r\x1b[K")
				t.mu.Unlock()
				return
			case <-tick.C:
			}
		}
	}()
}

// Stop removes the spinner, if any, and waits until its line is clear. Call
// it before prompting the user.
func (t *Terminal) Stop() {
	if t.spin == nil {
		return
	}
	close(t.spin)
	<-t.spunOut
	t.spin, t.spunOut = nil, nil
}

// Text writes a piece of the answer as it arrives.
func (t *Terminal) Text(delta string) {
	if delta == "" {
		return
	}
	t.Stop()
	t.seg.WriteString(delta)
	t.mu.Lock()
	io.WriteString(t.w, delta)
	t.mu.Unlock()
	t.wrote = !strings.HasSuffix(delta, "\n")
}

// ToolCall announces a tool call, after redrawing the text before it.
func (t *Terminal) ToolCall(name, preview string) {
	t.Stop()
	t.flush()
	line := oneLine(preview, t.width-len(name)-6)
	t.printf("%s⚙ %s%s %s%s\n", t.sgr(dim), t.sgr(bold), name, t.sgr(reset+dim)+line, t.sgr(reset))
}

// ToolResult reports how a tool call ended.
func (t *Terminal) ToolResult(name, summary string, failed bool) {
	t.Stop()
	mark := "↳"
	if failed {
		mark = "✗"
	}
	t.printf("%s  %s %s%s\n", t.sgr(dim), mark, oneLine(summary, t.width-6), t.sgr(reset))
}

// Done ends the turn: it stops the spinner and redraws the text of the
// last segment as Markdown. err is the turn's error, if any (the caller
// reports it); what arrived is kept either way.
func (t *Terminal) Done(err error) {
	t.Stop()
	t.flush()
}

// flush redraws the current text segment as Markdown and starts a new one.
func (t *Terminal) flush() {
	raw := t.seg.String()
	t.seg.Reset()
	if raw == "" {
		return
	}
	rows := t.rows(raw)
	if !t.color || rows >= t.height {
		// Without colour there is nothing to add; a segment taller than the
		// screen cannot be erased, so it stays as it streamed.
		if t.wrote {
			t.printf("\n")
		}
		t.wrote = false
		return
	}
	var b strings.Builder
	b.WriteString("\r")
	if rows > 1 {
		fmt.Fprintf(&b, "\x1b[%dA", rows-1)
	}
	b.WriteString("\x1b[J")
	b.WriteString(Markdown(raw, t.width))
	t.printf("%s", b.String())
	t.wrote = false
}

// rows returns how many terminal rows text occupies when written from
// column 0, counting wrapped lines and tab stops.
func (t *Terminal) rows(text string) int {
	n := 0
	for _, line := range strings.Split(text, "\n") {
		w := 0
		for _, r := range line {
			if r == '\t' {
				w += 8 - w%8
			} else {
				w += runewidth.RuneWidth(r)
			}
		}
		n += max(1, (w+t.width-1)/t.width)
	}
	return n
}

// sgr returns the escape sequence, or "" when colour is off.
func (t *Terminal) sgr(seq string) string {
	if !t.color {
		return ""
	}
	return seq
}

func (t *Terminal) printf(format string, args ...any) {
	t.mu.Lock()
	defer t.mu.Unlock()
	fmt.Fprintf(t.w, format, args...)
}

// Plain writes an answer without any escape sequence: text to Out as it
// arrives, tool activity to Err (for `lacy ask` when stdout is a pipe).
// It implements agents.Sink.
type Plain struct {
	Out, Err io.Writer
	last     byte
}

// Waiting does nothing: there is no spinner off a terminal.
func (p *Plain) Waiting() {}

// Stop does nothing.
func (p *Plain) Stop() {}

// Text writes the piece of the answer.
func (p *Plain) Text(delta string) {
	if delta != "" {
		io.WriteString(p.Out, delta)
		p.last = delta[len(delta)-1]
	}
}

// ToolCall ends the text so far with a newline and writes one line about
// the call to Err.
func (p *Plain) ToolCall(name, preview string) {
	if p.last != 0 && p.last != '\n' {
		io.WriteString(p.Out, "\n")
		p.last = '\n'
	}
	if p.Err != nil {
		fmt.Fprintf(p.Err, "lacy: tool %s: %s\n", name, oneLine(preview, 200))
	}
}

// ToolResult writes one line about the result to Err.
func (p *Plain) ToolResult(name, summary string, failed bool) {
	if p.Err != nil {
		fmt.Fprintf(p.Err, "lacy: tool %s: %s\n", name, oneLine(summary, 200))
	}
}

// Done ends the answer with a newline if it lacks one.
func (p *Plain) Done(err error) {
	if p.last != 0 && p.last != '\n' {
		io.WriteString(p.Out, "\n")
	}
	p.last = 0
}

// oneLine shortens s to its first line, at most n cells.
func oneLine(s string, n int) string {
	s, _, cut := strings.Cut(strings.TrimSpace(s), "\n")
	if n < 10 {
		n = 10
	}
	if runewidth.StringWidth(s) > n {
		return runewidth.Truncate(s, n, "…")
	}
	if cut {
		s += " …"
	}
	return s
}
