// Package render shows an agent's answer: on a terminal it streams the raw
// text as it arrives, with a spinner until the first token, then redraws
// the answer as styled Markdown (headings, lists, quotes, highlighted code
// blocks); elsewhere it writes plain text. It is dependency-light on
// purpose: glamour and chroma cost ~15 ms of package init and ~5 MB.
package render

import (
	"strings"
	"unicode"

	"github.com/mattn/go-runewidth"
)

// SGR codes used by the renderer.
const (
	reset     = "\x1b[0m"
	bold      = "\x1b[1m"
	dim       = "\x1b[2m"
	italic    = "\x1b[3m"
	underline = "\x1b[4m"
	magenta   = "\x1b[35m"
	cyan      = "\x1b[36m"
	green     = "\x1b[32m"
	yellow    = "\x1b[33m"
	blue      = "\x1b[34m"
)

// Markdown renders src for a terminal of the given width with SGR colours.
// It handles the Markdown that models write: ATX headings, bullet and
// numbered lists, block quotes, rules, fenced code blocks (highlighted by
// language) and inline code, bold, italics and links. Paragraphs and list
// items wrap at width; code is never wrapped.
func Markdown(src string, width int) string { return markdown(src, width, true) }

// PlainMarkdown renders src as Markdown does, laid out the same way
// (wrapped paragraphs, bullets, quotes, code blocks, tables drawn with
// lines) but without any escape sequence: for NO_COLOR. Headings are
// underlined with ═ and ─ instead of coloured.
func PlainMarkdown(src string, width int) string { return markdown(src, width, false) }

func markdown(src string, width int, color bool) string {
	if width <= 0 {
		width = 80
	}
	var out strings.Builder
	lines := strings.Split(strings.TrimRight(src, "\n"), "\n")
	inCode, lang := false, ""
	var fence string
	for li := 0; li < len(lines); li++ {
		line := lines[li]
		trimmed := strings.TrimSpace(line)
		if inCode {
			if strings.HasPrefix(trimmed, fence) && strings.Trim(trimmed, fence[:1]) == "" {
				inCode = false
				continue
			}
			out.WriteString("  " + Highlight(line, lang) + "\n")
			continue
		}
		if f := fenceOf(trimmed); f != "" {
			inCode, fence = true, f
			lang = strings.ToLower(strings.TrimSpace(strings.TrimLeft(trimmed, f[:1])))
			label := lang
			if label == "" {
				label = "code"
			}
			out.WriteString(dim + "  ── " + label + " ──" + reset + "\n")
			continue
		}
		switch {
		case trimmed == "":
			out.WriteString("\n")
		case isRule(trimmed):
			out.WriteString(dim + strings.Repeat("─", min(width, 40)) + reset + "\n")
		case strings.HasPrefix(trimmed, "#"):
			level := len(trimmed) - len(strings.TrimLeft(trimmed, "#"))
			text := strings.TrimSpace(trimmed[level:])
			if level > 6 || (text != "" && trimmed[level] != ' ') {
				wrap(&out, inline(line), width, "", "")
				break
			}
			style := bold + cyan
			if level == 1 {
				style = bold + underline + magenta
			}
			out.WriteString(style + inline(text) + reset + "\n")
			if !color && level <= 2 {
				rule := "═"
				if level == 2 {
					rule = "─"
				}
				out.WriteString(strings.Repeat(rule, min(width, visible(inline(text)))) + "\n")
			}
		case strings.HasPrefix(trimmed, ">"):
			text := strings.TrimSpace(strings.TrimPrefix(trimmed, ">"))
			wrap(&out, italic+inline(text)+reset, width, dim+"│ "+reset, dim+"│ "+reset)
		default:
			indent := line[:len(line)-len(strings.TrimLeft(line, " \t"))]
			if marker, text, ok := listItem(trimmed); ok {
				pad := strings.Repeat(" ", runewidth.StringWidth(indent)+runewidth.StringWidth(marker)+1)
				wrap(&out, inline(text), width, indent+yellow+marker+reset+" ", pad)
				break
			}
			if n := tableAt(lines, li); n > 0 {
				out.WriteString(table(lines[li:li+n], width))
				li += n - 1
				break
			}
			wrap(&out, inline(trimmed), width, indent, indent)
		}
	}
	if !color {
		return stripSGR(out.String())
	}
	return out.String()
}

// stripSGR removes the SGR sequences the renderer writes.
func stripSGR(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == 0x1b && i+1 < len(s) && s[i+1] == '[' {
			j := i + 2
			for j < len(s) && !(s[j] >= 0x40 && s[j] <= 0x7e) {
				j++
			}
			i = j
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// fenceOf returns the fence that opens a code block on this line, or "".
func fenceOf(s string) string {
	for _, f := range []string{"```", "~~~"} {
		if strings.HasPrefix(s, f) {
			return s[:len(s)-len(strings.TrimLeft(s, f[:1]))]
		}
	}
	return ""
}

func isRule(s string) bool {
	s = strings.ReplaceAll(s, " ", "")
	return len(s) >= 3 && (strings.Trim(s, "-") == "" || strings.Trim(s, "*") == "" || strings.Trim(s, "_") == "")
}

// listItem splits "- text", "* text", "+ text" and "12. text" items; bullets
// become •.
func listItem(s string) (marker, text string, ok bool) {
	if len(s) >= 2 && strings.ContainsRune("-*+", rune(s[0])) && s[1] == ' ' {
		return "•", strings.TrimSpace(s[2:]), true
	}
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i > 0 && i+1 < len(s) && (s[i] == '.' || s[i] == ')') && s[i+1] == ' ' {
		return s[:i+1], strings.TrimSpace(s[i+2:]), true
	}
	return "", "", false
}

// inline styles `code`, **bold**, *italic*, _italic_ and [text](url).
func inline(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '`':
			if j := strings.IndexByte(s[i+1:], '`'); j >= 0 {
				b.WriteString(cyan + s[i+1:i+1+j] + reset)
				i += j + 2
				continue
			}
		case c == '*' && strings.HasPrefix(s[i:], "**") || c == '_' && strings.HasPrefix(s[i:], "__"):
			if j := strings.Index(s[i+2:], s[i:i+2]); j > 0 {
				b.WriteString(bold + inline(s[i+2:i+2+j]) + reset)
				i += j + 4
				continue
			}
		case (c == '*' || c == '_') && i+1 < len(s) && s[i+1] != ' ' && (i == 0 || !isWord(s[i-1])):
			if j := strings.IndexByte(s[i+1:], c); j > 0 && s[i+j] != ' ' && (i+j+2 >= len(s) || !isWord(s[i+j+2])) {
				b.WriteString(italic + s[i+1:i+1+j] + reset)
				i += j + 2
				continue
			}
		case c == '[':
			if j := strings.Index(s[i:], "]("); j > 0 {
				if k := strings.IndexByte(s[i+j:], ')'); k > 0 {
					text, url := s[i+1:i+j], s[i+j+2:i+j+k]
					b.WriteString(underline + blue + text + reset)
					if url != text {
						b.WriteString(dim + " (" + url + ")" + reset)
					}
					i += j + k + 1
					continue
				}
			}
		}
		b.WriteByte(c)
		i++
	}
	return b.String()
}

func isWord(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// wrap writes styled text word-wrapped at width, with first and rest as the
// prefixes of the first and following lines.
func wrap(out *strings.Builder, text string, width int, first, rest string) {
	prefix := first
	avail := width - visible(first)
	col := 0
	out.WriteString(prefix)
	for i, word := range strings.Fields(text) {
		w := visible(word)
		if i > 0 {
			if col+1+w > avail && col > 0 {
				out.WriteString("\n" + rest)
				avail, col = width-visible(rest), 0
			} else {
				out.WriteByte(' ')
				col++
			}
		}
		out.WriteString(word)
		col += w
	}
	out.WriteString("\n")
}

// visible returns the display width of s without its escape sequences.
func visible(s string) int {
	w := 0
	for i := 0; i < len(s); {
		if s[i] == 0x1b {
			j := i + 1
			if j < len(s) && s[j] == '[' {
				j++
				for j < len(s) && !(s[j] >= 0x40 && s[j] <= 0x7e) {
					j++
				}
			}
			i = j + 1
			continue
		}
		r, n := decodeRune(s[i:])
		if unicode.IsPrint(r) {
			w += runewidth.RuneWidth(r)
		}
		i += n
	}
	return w
}
