package render

import (
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/mattn/go-runewidth"
)

var sgr = regexp.MustCompile(`\x1b\[[0-9;]*[A-Za-z]`)

func strip(s string) string { return sgr.ReplaceAllString(s, "") }

func TestMarkdown(t *testing.T) {
	src := "# Title\n\nSome **bold** and `code` and *it* and [docs](https://x.y).\n\n- one\n- two\n  1. nested\n\n> quoted\n\n```go\nfunc main() { return \"s\" } // c\n```\n---\n"
	got := Markdown(src, 80)
	want := "Title\n\nSome bold and code and it and docs (https://x.y).\n\n• one\n• two\n  1. nested\n\n│ quoted\n\n  ── go ──\n  func main() { return \"s\" } // c\n" + strings.Repeat("─", 40) + "\n"
	if strip(got) != want {
		t.Fatalf("got\n%q\nwant\n%q", strip(got), want)
	}
	for _, styled := range []string{bold + underline + magenta + "Title", magenta + "func" + reset, green + `"s"` + reset, dim + "// c", cyan + "code" + reset} {
		if !strings.Contains(got, styled) {
			t.Errorf("missing %q in %q", styled, got)
		}
	}
}

func TestWrap(t *testing.T) {
	got := strip(Markdown("- "+strings.Repeat("word ", 10), 20))
	want := "• word word word\n  word word word\n  word word word\n  word\n"
	if got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
	if got := strip(Markdown("snake_case_name and 2*3*4", 80)); got != "snake_case_name and 2*3*4\n" {
		t.Fatalf("%q", got)
	}
}

func TestTerminalRedraws(t *testing.T) {
	var out strings.Builder
	term := NewTerminal(&out, 40, 24, true)
	term.Text("# Hi\n")
	term.Text("- a")
	term.Done(nil)
	got := out.String()
	// Raw text first, then: back to column 0, up 1 row, clear, rendered.
	if !strings.HasPrefix(got, "# Hi\n- a\r\x1b[1A\x1b[J") || !strings.HasSuffix(strip(got), "Hi\n• a\n") {
		t.Fatalf("%q", got)
	}
}

func TestTerminalNoColor(t *testing.T) {
	var out strings.Builder
	term := NewTerminal(&out, 40, 24, false)
	term.Waiting()
	term.Text("**x**")
	term.ToolCall("shell", "ls")
	term.ToolResult("shell", "exit 0", false)
	term.Done(errors.New("x"))
	if strings.Contains(out.String(), "\x1b") {
		t.Fatalf("escape sequence with color off: %q", out.String())
	}
	if out.String() != "**x**\n⚙ shell ls\n  ↳ exit 0\n" {
		t.Fatalf("%q", out.String())
	}
}

func TestSpinnerStops(t *testing.T) {
	var out syncBuf
	term := NewTerminal(&out, 40, 24, true)
	term.Waiting()
	term.Done(nil) // cancelled before any token
	s := out.String()
	if !strings.HasSuffix(s, "\r\x1b[K") {
		t.Fatalf("spinner line not cleared: %q", s)
	}
}

func TestPlain(t *testing.T) {
	var out, errOut strings.Builder
	p := &Plain{Out: &out, Err: &errOut}
	p.Text("a")
	p.ToolCall("shell", "ls\nmore")
	p.Text("b")
	p.Done(nil)
	if out.String() != "a\nb\n" || errOut.String() != "lacy: tool shell: ls …\n" {
		t.Fatalf("%q %q", out.String(), errOut.String())
	}
}

func TestRows(t *testing.T) {
	term := NewTerminal(nil, 10, 24, true)
	for _, c := range []struct {
		s    string
		want int
	}{{"abc", 1}, {"abc\n", 2}, {strings.Repeat("x", 10), 1}, {strings.Repeat("x", 11), 2}, {"\tab", 1}, {"界界界界界界", 2}} {
		if got := term.rows(c.s); got != c.want {
			t.Errorf("rows(%q) = %d, want %d", c.s, got, c.want)
		}
	}
}

func FuzzMarkdown(f *testing.F) {
	f.Add("# h\n- a\n```go\nx\n```\n**b** `c` [d](e)")
	f.Add("| a | b |\n|---|:-:|\n| **x** long words here | `y\\|z` |\nc | d\n--|--\n1|2")
	f.Fuzz(func(t *testing.T, s string) {
		Markdown(s, 30)
		for _, w := range []int{1, 7, 30} {
			if p := PlainMarkdown(s, w); strings.Contains(p, "\x1b[") && !strings.Contains(s, "\x1b") {
				t.Fatalf("escape sequence without colour: %q", p)
			}
		}
	})
}

// Tables are drawn as tables: columns as wide as their cells, a rule under
// the header, alignment from the delimiter row (issue 18, item 11).
func TestTable(t *testing.T) {
	src := "Sizes:\n\n| name | size | note |\n|------|-----:|:----:|\n| a.go | 12 | `x\\|y` |\n| main | 1024 | ok |\n\nafter"
	got := strip(Markdown(src, 80))
	want := "Sizes:\n\n" +
		"┌──────┬──────┬──────┐\n" +
		"│ name │ size │ note │\n" +
		"├──────┼──────┼──────┤\n" +
		"│ a.go │   12 │ x|y  │\n" +
		"│ main │ 1024 │  ok  │\n" +
		"└──────┴──────┴──────┘\n" +
		"\nafter\n"
	if got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
	// Without outer pipes, and too wide for the terminal: cells wrap at
	// word boundaries and no line is wider than the terminal.
	src = "command | what it does\n---|---\nls -la | lists every file in the directory, hidden ones too, with sizes\n"
	got = strip(Markdown(src, 40))
	for _, l := range strings.Split(strings.TrimRight(got, "\n"), "\n") {
		if w := runewidth.StringWidth(l); w > 40 {
			t.Errorf("line %d cells wide: %q", w, l)
		}
	}
	if !strings.Contains(got, "│ ls -la  │ lists every file in the    │\n│         │ directory, hidden ones     │\n│         │ too, with sizes            │") {
		t.Fatalf("not wrapped at words:\n%s", got)
	}
}

// Without colour the answer keeps its layout and has no escape sequence.
func TestPlainMarkdown(t *testing.T) {
	src := "# Title\n\nSome **bold** and `code`.\n\n## Sub\n\n- one\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"
	got := PlainMarkdown(src, 80)
	if strings.Contains(got, "\x1b") {
		t.Fatalf("escape sequence: %q", got)
	}
	want := "Title\n═════\n\nSome bold and code.\n\nSub\n───\n\n• one\n\n┌───┬───┐\n│ a │ b │\n├───┼───┤\n│ 1 │ 2 │\n└───┴───┘\n"
	if got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
}

// Streamed text wraps at word boundaries as it arrives: a word that would
// cross the edge moves to the next row (issue 18, item 11).
func TestTerminalWrapsWhileStreaming(t *testing.T) {
	var out strings.Builder
	term := NewTerminal(&out, 10, 24, false) // no redraw: what streamed stays
	term.SetCursorControl(true)
	term.height = 1 // taller than the screen: never redrawn
	for _, d := range []string{"hello wor", "ld again and", " more 界界界界界界"} {
		term.Text(d)
	}
	if got, want := string(term.shown), "hello \nworld \nagain and \nmore 界界\n界界界界"; got != want {
		t.Fatalf("shown %q, want %q", got, want)
	}
	term.Done(nil)
	if got := out.String(); !strings.HasPrefix(got, "hello wor") || !strings.Contains(got, "l\x1b[4D\x1b[K\r\nworld ") {
		t.Fatalf("the partly written word is not moved: %q", got)
	}
	// Replayed on a 10-column screen, no row is cut inside a word.
	screen := replay(out.String(), 10)
	for _, row := range screen {
		if strings.HasPrefix(row, "orld") || strings.HasPrefix(row, "gain") {
			t.Fatalf("a word was cut at the edge: %q", screen)
		}
	}
}

// replay interprets text, \r, \n, ESC[nD and ESC[K on a screen cols wide
// (enough of a terminal for wrapText's output) and returns its rows.
func replay(s string, cols int) []string {
	rows := [][]rune{{}}
	x := 0
	put := func(r rune) {
		y := len(rows) - 1
		if x >= cols {
			rows = append(rows, []rune{})
			y, x = y+1, 0
		}
		for len(rows[y]) <= x {
			rows[y] = append(rows[y], ' ')
		}
		rows[y][x] = r
		x += runewidth.RuneWidth(r)
	}
	for i := 0; i < len(s); {
		switch {
		case strings.HasPrefix(s[i:], "\x1b["):
			j := i + 2
			for s[j] >= '0' && s[j] <= '9' {
				j++
			}
			n := 0
			for _, c := range s[i+2 : j] {
				n = n*10 + int(c-'0')
			}
			y := len(rows) - 1
			switch s[j] {
			case 'D':
				x = max(min(x, cols-1)-n, 0)
			case 'K':
				rows[y] = rows[y][:min(x, len(rows[y]))]
			}
			i = j + 1
		case s[i] == '\r':
			x = 0
			i++
		case s[i] == '\n':
			rows = append(rows, []rune{})
			x = 0
			i++
		default:
			r, n := decodeRune(s[i:])
			put(r)
			i += n
		}
	}
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = strings.TrimRight(string(r), " ")
	}
	return out
}

// With NO_COLOR (colour off, cursor control on) the answer is redrawn as
// Markdown without colour, not left raw.
func TestTerminalRedrawsWithoutColour(t *testing.T) {
	var out strings.Builder
	term := NewTerminal(&out, 40, 24, false)
	term.SetCursorControl(true)
	term.Text("# Hi\n")
	term.Text("- **a**\n\n| x | y |\n|---|---|\n| 1 | 2 |")
	term.Done(nil)
	got := out.String()
	if !strings.HasPrefix(got, "# Hi\n- **a**\n\n| x | y |\n|---|---|\n| 1 | 2 |\r\x1b[5A\x1b[J") {
		t.Fatalf("not redrawn: %q", got)
	}
	rendered := got[strings.Index(got, "\x1b[J")+3:]
	if rendered != PlainMarkdown("# Hi\n- **a**\n\n| x | y |\n|---|---|\n| 1 | 2 |", 40) || strings.Contains(rendered, "\x1b") {
		t.Fatalf("redraw %q", rendered)
	}
}
