package render

import (
	"strings"

	"github.com/mattn/go-runewidth"
)

// tableAt returns how many lines of lines, from i, form a Markdown table
// (0 for none): rows that start with '|', or a row with a '|' followed by a
// delimiter row (|---|:--:|) and the rows with a '|' after it.
func tableAt(lines []string, i int) int {
	first := strings.TrimSpace(lines[i])
	n := 0
	switch {
	case strings.HasPrefix(first, "|"):
		for i+n < len(lines) && strings.HasPrefix(strings.TrimSpace(lines[i+n]), "|") {
			n++
		}
	case strings.Contains(first, "|") && i+1 < len(lines) && delimiterRow(lines[i+1]):
		n = 2
		for i+n < len(lines) && strings.Contains(lines[i+n], "|") && strings.TrimSpace(lines[i+n]) != "" {
			n++
		}
	}
	return n
}

// delimiterRow reports whether line is a table's delimiter row: cells of
// dashes, with a colon at either end for the alignment.
func delimiterRow(line string) bool {
	cells := splitRow(line)
	if len(cells) == 0 || !strings.Contains(line, "-") {
		return false
	}
	for _, c := range cells {
		c = strings.TrimSuffix(strings.TrimPrefix(c, ":"), ":")
		if c == "" || strings.Trim(c, "-") != "" {
			return false
		}
	}
	return true
}

// splitRow splits a table row into its cells, trimmed: '|' separates them
// except when escaped (\|) or inside `code`; the outer pipes are optional.
func splitRow(line string) []string {
	line = strings.TrimSpace(line)
	line = strings.TrimPrefix(line, "|")
	if strings.HasSuffix(line, "|") && !strings.HasSuffix(line, `\|`) {
		line = line[:len(line)-1]
	}
	var cells []string
	var cur strings.Builder
	code := false
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case c == '\\' && i+1 < len(line) && line[i+1] == '|':
			cur.WriteByte('|')
			i++
		case c == '`':
			code = !code
			cur.WriteByte(c)
		case c == '|' && !code:
			cells = append(cells, strings.TrimSpace(cur.String()))
			cur.Reset()
		default:
			cur.WriteByte(c)
		}
	}
	return append(cells, strings.TrimSpace(cur.String()))
}

// table draws the rows of a Markdown table with box-drawing lines, columns
// as wide as their widest cell; when that is wider than width, the widest
// columns give way and their cells wrap at word boundaries.
func table(lines []string, width int) string {
	var rows [][]string
	var align []byte // 'l', 'c' or 'r' per column
	header := false
	for i, l := range lines {
		if i == 1 && delimiterRow(l) {
			header = true
			for _, c := range splitRow(l) {
				switch {
				case strings.HasPrefix(c, ":") && strings.HasSuffix(c, ":"):
					align = append(align, 'c')
				case strings.HasSuffix(c, ":"):
					align = append(align, 'r')
				default:
					align = append(align, 'l')
				}
			}
			continue
		}
		rows = append(rows, splitRow(l))
	}
	cols := 0
	for _, r := range rows {
		cols = max(cols, len(r))
	}
	for len(align) < cols {
		align = append(align, 'l')
	}
	// Style the cells and measure them.
	styled := make([][]string, len(rows))
	widths := make([]int, cols)
	for i, r := range rows {
		styled[i] = make([]string, cols)
		for j := range cols {
			text := ""
			if j < len(r) {
				text = inline(r[j])
			}
			if i == 0 && header && text != "" {
				text = bold + text + reset
			}
			styled[i][j] = text
			widths[j] = max(widths[j], visible(text), 1)
		}
	}
	fitColumns(widths, width-3*cols-1)

	var b strings.Builder
	border := func(left, mid, right string) {
		b.WriteString(dim + left)
		for j, w := range widths {
			if j > 0 {
				b.WriteString(mid)
			}
			b.WriteString(strings.Repeat("─", w+2))
		}
		b.WriteString(right + reset + "\n")
	}
	border("┌", "┬", "┐")
	for i, r := range styled {
		cells := make([][]string, cols)
		height := 1
		for j, text := range r {
			cells[j] = wrapCell(text, widths[j])
			height = max(height, len(cells[j]))
		}
		for k := range height {
			b.WriteString(dim + "│" + reset)
			for j := range cols {
				part := ""
				if k < len(cells[j]) {
					part = cells[j][k]
				}
				b.WriteString(" " + pad(part, widths[j], align[j]) + " " + dim + "│" + reset)
			}
			b.WriteString("\n")
		}
		if i == 0 && header && len(styled) > 1 {
			border("├", "┼", "┤")
		}
	}
	border("└", "┴", "┘")
	return b.String()
}

// fitColumns narrows the widest columns, one cell at a time, until their
// sum is at most avail or every column is down to 6 cells (or its own
// width, if narrower).
func fitColumns(widths []int, avail int) {
	total := 0
	for _, w := range widths {
		total += w
	}
	for total > avail {
		j := 0
		for k, w := range widths {
			if w > widths[j] {
				j = k
			}
		}
		if widths[j] <= 6 {
			return
		}
		widths[j]--
		total--
	}
}

// pad aligns s, styled text, in a cell w cells wide.
func pad(s string, w int, align byte) string {
	gap := max(w-visible(s), 0)
	switch align {
	case 'r':
		return strings.Repeat(" ", gap) + s
	case 'c':
		return strings.Repeat(" ", gap/2) + s + strings.Repeat(" ", gap-gap/2)
	}
	return s + strings.Repeat(" ", gap)
}

// wrapCell wraps styled text at word boundaries into lines at most w cells
// wide; a word longer than w is broken.
func wrapCell(text string, w int) []string {
	var lines []string
	var cur strings.Builder
	col := 0
	for _, word := range strings.Fields(text) {
		ww := visible(word)
		if col > 0 && col+1+ww > w {
			lines = append(lines, cur.String())
			cur.Reset()
			col = 0
		}
		if col > 0 {
			cur.WriteByte(' ')
			col++
		}
		for ww > w-col && ww > 0 {
			head, rest := cutVisible(word, w-col)
			if head == "" { // not even one rune fits on this line
				lines = append(lines, cur.String())
				cur.Reset()
				col = 0
				head, rest = cutVisible(word, w)
				if head == "" {
					break
				}
			}
			cur.WriteString(head)
			lines = append(lines, cur.String())
			cur.Reset()
			col = 0
			word, ww = rest, visible(rest)
		}
		cur.WriteString(word)
		col += ww
	}
	if cur.Len() > 0 || len(lines) == 0 {
		lines = append(lines, cur.String())
	}
	return lines
}

// cutVisible splits styled text after at most n cells, escape sequences
// kept with the text they precede.
func cutVisible(s string, n int) (string, string) {
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
			i = min(j+1, len(s))
			continue
		}
		r, size := decodeRune(s[i:])
		rw := runewidth.RuneWidth(r)
		if w+rw > n {
			return s[:i], s[i:]
		}
		w += rw
		i += size
	}
	return s, ""
}
