package render

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

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
	cursor bool // may move the cursor and erase: redraw without colour too

	// What the current segment put on screen, soft line breaks included
	// (see wrapText), and where the cursor is in its last row.
	shown []byte
	col   int
	word  int // bytes of shown that hold the word being written (no blank yet)

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
	return &Terminal{w: w, width: width, height: height, color: color, cursor: color}
}

// SetCursorControl says whether the terminal may move the cursor and erase
// (true unless it is dumb; by default, the colour setting). With colour off
// and cursor control on (NO_COLOR), the answer is still redrawn as
// Markdown, without colour.
func (t *Terminal) SetCursorControl(on bool) { t.cursor = on }

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
	io.WriteString(t.w, t.wrapText(delta))
	t.mu.Unlock()
	t.wrote = !strings.HasSuffix(delta, "\n")
}

// wrapText returns what to write for delta so that the streamed text wraps
// at word boundaries, as the Markdown redraw does, rather than wherever the
// terminal's edge falls: a word that would cross the edge starts the next
// row. A word already partly written there is taken back (cursor control)
// and written again on the next row. It records in t.shown what the screen
// holds. A word wider than the terminal is left to the terminal's own wrap.
func (t *Terminal) wrapText(delta string) string {
	var out strings.Builder
	for _, r := range delta {
		switch {
		case r == '\n':
			out.WriteByte('\n')
			t.shown = append(t.shown, '\n')
			t.col, t.word = 0, 0
		case r == ' ' || r == '\t':
			w := 1
			if r == '\t' {
				w = 8 - t.col%8
			}
			t.word = 0
			if t.col+w > t.width {
				// A blank at the edge ends the row instead.
				out.WriteString("\r\n")
				t.shown = append(t.shown, '\n')
				t.col = 0
				continue
			}
			out.WriteRune(r)
			t.shown = utf8.AppendRune(t.shown, r)
			t.col += w
		default:
			w := runewidth.RuneWidth(r)
			if t.col+w > t.width {
				start := len(t.shown) - t.word
				wordCols := t.col - t.rowStartCol(start)
				if t.word > 0 && wordCols < t.col && wordCols+w <= t.width && t.cursor {
					// Move the word to the next row.
					word := string(t.shown[start:])
					fmt.Fprintf(&out, "\x1b[%dD\x1b[K\r\n%s", wordCols, word)
					t.shown = append(append(t.shown[:start], '\n'), word...)
					t.col = wordCols
				} else if t.word == 0 && t.col > 0 {
					out.WriteString("\r\n")
					t.shown = append(t.shown, '\n')
					t.col = 0
				} else {
					t.col = 0 // the terminal wraps this one itself
				}
			}
			out.WriteRune(r)
			t.shown = utf8.AppendRune(t.shown, r)
			t.col += w
			if w > 1 {
				t.word = 0 // a wide character is a word of its own (CJK)
			} else {
				t.word += utf8.RuneLen(r)
			}
		}
	}
	return out.String()
}

// rowStartCol returns the column, in the row being written, where byte
// offset start of t.shown falls: t.col minus the width of what follows it.
func (t *Terminal) rowStartCol(start int) int {
	return t.col - runewidth.StringWidth(string(t.shown[start:]))
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
	rows := t.rows(string(t.shown))
	t.shown, t.col, t.word = t.shown[:0], 0, 0
	if !t.cursor || rows >= t.height {
		// A dumb terminal cannot redraw; a segment taller than the screen
		// cannot be erased: it stays as it streamed, wrapped at words.
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
	if t.color {
		b.WriteString(Markdown(raw, t.width))
	} else {
		b.WriteString(PlainMarkdown(raw, t.width))
	}
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
