package complete

import "testing"

func TestPrintable(t *testing.T) {
	for in, want := range map[string]string{
		"plain.txt":              "plain.txt",
		"\x1b[31mred\x1b[0m":     `\e[31mred\e[0m`,
		"a\nb\tc":                `a\nb\tc`,
		"\x9b2J":                 `\x9b2J`, // C1 CSI as a raw byte
		"\u009b2J":               `\x9b2J`, // C1 CSI as a rune
		"bell\x07":               `bell\x07`,
		"\x1b]0;title\x07":       `\e]0;title\x07`,
		"héllo wörld/":           "héllo wörld/",
		"\x1b]8;;http://x\x1b\\": `\e]8;;http://x\e\`,
	} {
		if got := Printable(in); got != want {
			t.Errorf("Printable(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestSafe(t *testing.T) {
	c := Safe("ev", Candidate{Value: "evil\x1b[2Jname", Display: "evil\x1b[2Jname"})
	if c.Display != `evil\e[2Jname` || c.Value != `ev$'il\E[2Jname'` && c.Value != `ev$'il\x1b[2Jname'` {
		t.Errorf("%+v", c)
	}
	c = Safe("", Candidate{Value: "d\x07/", Display: "d\x07/"})
	if c.Value != `$'d\a'/` && c.Value != `$'d\x07'/` {
		t.Errorf("%+v", c)
	}
	if c := Safe("x", Candidate{Value: "xyz", Display: "xyz"}); c.Value != "xyz" {
		t.Errorf("%+v", c)
	}
}

func FuzzPrintable(f *testing.F) {
	f.Add("\x1b[31m")
	f.Fuzz(func(t *testing.T, s string) {
		if p := Printable(s); needsEscape(p) {
			t.Errorf("Printable(%q) = %q still holds control characters", s, p)
		}
	})
}
