package route

import (
	"strings"
	"testing"
)

func FuzzClassify(f *testing.F) {
	for _, s := range []string{
		"git status", "find all files larger than 100MB", "!rm -rf *", "#/agent x", "? list",
		"for f in *.go; do gofmt -w $f; done", `echo "unterminated`, "it's $(date", "a\\", "<x> 2>&1 |",
		"FOO=bar", "(GNU specific) Display", "/usr/bin/env", "caf\xc3\xa9 \xff\xfe", "`ls", "${x",
	} {
		f.Add(s, uint8(0))
	}
	c := newTestClassifier(f, Words{})
	f.Fuzz(func(t *testing.T, line string, m uint8) {
		mode := Mode(m % 3)
		d := c.Classify(line, mode)
		if d2 := c.Classify(line, mode); d2 != d {
			t.Fatalf("Classify(%q) not deterministic: %+v then %+v", line, d, d2)
		}
		if d.Rule == "" || d.Route > Slash {
			t.Fatalf("Classify(%q) = %+v: no rule or bad route", line, d)
		}
		if !strings.Contains(line, d.Text) {
			t.Fatalf("Classify(%q).Text = %q is not part of the line", line, d.Text)
		}
		if w := d.Word; w.Start < 0 || w.End < w.Start || w.End > len(line) {
			t.Fatalf("Classify(%q).Word = %v out of range", line, w)
		}
		c.ShouldReroute(line, mode, 1, "syntax error")
	})
}
