package outcap

import (
	"strings"
	"testing"
)

func TestClean(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"plain\ntext\n", "plain\ntext\n"},
		{"\x1b[1;31merror:\x1b[0m bad\r\n", "error: bad\n"},
		{"10%\r50%\r100%\ndone", "100%\ndone"},
		{"\x1b]0;title\x07shown\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\", "shownlink"},
		{"abc\bX", "abX"},
		{"a\tb", "a       b"},
		{"\x1b(Bok\x1b=", "ok"},
		{"long line\rshort", "shortline"},
		{"cut \x1b[", "cut"},
		{"bell\x07 \u009b2Kx", "bell x"},
		{"\x1bPq#0;2;0;0;0\x1b\\after", "after"},
	} {
		if got := Clean(tc.in); got != tc.want {
			t.Errorf("Clean(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// FuzzClean checks that no escape or control character survives and that
// the text never grows beyond what tabs explain.
func FuzzClean(f *testing.F) {
	for _, s := range []string{"a\x1b[31mb", "\x1b]0;t\x07", "x\ry", "\x1b", "\x1bP", "\t\t"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := Clean(s)
		for _, r := range got {
			if r != '\n' && (r < 0x20 || r == 0x7f || r >= 0x80 && r < 0xa0) {
				t.Fatalf("control %U left in %q (from %q)", r, got, s)
			}
		}
		if n := len([]rune(got)); n > len([]rune(s))+7*strings.Count(s, "\t") {
			t.Fatalf("grew: %q from %q", got, s)
		}
	})
}
