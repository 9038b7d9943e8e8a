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
