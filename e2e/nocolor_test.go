package e2e

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hinshun/vt10x"
)

// NO_COLOR removes colour from the ghost text too: it is drawn dim, in the
// terminal's own colour (issue 18, item 11).
func TestNoColorGhostText(t *testing.T) {
	tm, _ := start(t, nil, "NO_COLOR=1")
	tm.Line("echo ghost-colourless")
	tm.WaitText("\nghost-colourless\n")
	before := len(tm.Raw())
	tm.Type("echo gho")
	tm.WaitCount("echo ghost-colourless", 2) // the ghost text is shown
	// The ghost text's cells: on the last row.
	rows := strings.Split(tm.Screen(), "\n")
	last := len(rows) - 1
	x := strings.Index(rows[last], "st-colourless")
	if x < 0 {
		t.Fatalf("no ghost text:\n%s", tm.Screen())
	}
	x = len([]rune(rows[last][:x]))
	cell := tm.Cell(x, last)
	if cell.FG != vt10x.DefaultFG {
		t.Errorf("ghost text drawn in colour %d with NO_COLOR", cell.FG)
	}
	if c := colourSGR(string(tm.Raw()[before:])); c != "" {
		t.Errorf("colour sequence %q with NO_COLOR", c)
	}
}

var sgrRe = regexp.MustCompile(`\x1b\[([0-9;]*)m`)

// colourSGR returns the first SGR sequence in raw that sets a colour
// (foreground or background, 16, 256 or true colour), or "".
func colourSGR(raw string) string {
	for _, m := range sgrRe.FindAllStringSubmatch(raw, -1) {
		for _, p := range strings.Split(m[1], ";") {
			n, err := strconv.Atoi(p)
			if err == nil && (n >= 30 && n <= 38 || n >= 40 && n <= 48 || n >= 90 && n <= 97 || n >= 100 && n <= 107) {
				return m[0]
			}
		}
	}
	return ""
}

// NO_COLOR holds in the Tab menu too: the selection is in reverse video,
// not on a grey background.
func TestNoColorTabMenu(t *testing.T) {
	tm, _ := start(t, map[string]string{"alpha-dir/.keep": "", "alpha-file": "", "alpha-run": ""}, "NO_COLOR=1")
	before := len(tm.Raw())
	tm.Type("ls alp\t")
	tm.WaitText("▌ ls alpha-")
	tm.Type("\t")
	tm.WaitText("alpha-file")
	tm.Type("\t\t") // walks the menu: a candidate is selected
	tm.WaitFor("a selected candidate", 10*time.Second, func(s string) bool {
		return regexp.MustCompile(`▌ ls alpha-(dir/|file|run)`).MatchString(s)
	})
	raw := string(tm.Raw()[before:])
	if c := colourSGR(raw); c != "" {
		t.Errorf("colour %q in the Tab menu with NO_COLOR", c)
	}
	if !strings.Contains(raw, "\x1b[7m") {
		t.Errorf("the selection is not marked (reverse video): %q", raw)
	}
}
