package termmarks

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestParseConfig(t *testing.T) {
	for _, tc := range []struct {
		in   any
		want Config
		err  string
	}{
		{nil, DefaultConfig, ""},
		{map[string]any{}, DefaultConfig, ""},
		{map[string]any{"marks": false}, Config{Marks: false, Title: true}, ""},
		{map[string]any{"title": false}, Config{Marks: true, Title: false}, ""},
		{map[string]any{"marks": "no"}, DefaultConfig, "marks: want true or false"},
		{map[string]any{"colour": true}, DefaultConfig, `unknown key "colour"`},
		{"off", DefaultConfig, "want a table"},
	} {
		got, err := ParseConfig(tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%v: error %v, want %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("%v: %+v %v, want %+v", tc.in, got, err, tc.want)
		}
	}
}

func TestSequences(t *testing.T) {
	m := New(DefaultConfig, "xterm-256color", "box")
	for _, tc := range []struct{ got, want string }{
		{m.PromptStart("/home/me/my dir", "~/my dir"), "\x1b]133;A\x07\x1b]7;file://box/home/me/my%20dir\x07\x1b]2;lacy ~/my dir\x07"},
		{m.InputStart(), "\x1b]133;B\x07"},
		{m.CommandStart("make test"), "\x1b]133;C\x07\x1b]2;make test\x07"},
		{m.CommandEnd(2), "\x1b]133;D;2\x07"},
		{m.NoCommand(), "\x1b]133;D\x07"},
		{New(Config{Marks: true}, "xterm", "box").CommandStart("ls"), "\x1b]133;C\x07"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
	for _, off := range []Marks{New(DefaultConfig, "dumb", "box"), New(Config{Marks: false, Title: true}, "xterm", "box"), {}} {
		if off.On() || off.PromptStart("/", "/")+off.InputStart()+off.CommandStart("ls")+off.CommandEnd(0)+off.NoCommand() != "" {
			t.Errorf("%+v writes marks", off)
		}
	}
}

func TestTitle(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"ls -l", "ls -l"},
		{"echo a\nb", "echo a b"},
		{"printf '\x1b]0;evil\x07'", "printf ' ]0;evil '"},
		{"  spaced   out  ", "spaced out"},
		{strings.Repeat("x", 100), strings.Repeat("x", 80) + "…"},
		{"caf\u00e9 \u009b1m", "café 1m"},
	} {
		if got := Title(tc.in); got != "\x1b]2;"+tc.want+"\x07" {
			t.Errorf("Title(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// FuzzTitle checks that no command can end the title sequence early or
// put a control character on the terminal.
func FuzzTitle(f *testing.F) {
	for _, s := range []string{"ls", "a\x07b", "\x1b\\", "\u009c", "x\ty"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := Title(s)
		body := strings.TrimSuffix(strings.TrimPrefix(got, "\x1b]2;"), "\x07")
		if len(body) != len(got)-5 {
			t.Fatalf("framing lost: %q", got)
		}
		for _, r := range body {
			if r < 0x20 || r == 0x7f || r >= 0x80 && r < 0xa0 {
				t.Fatalf("control character %U in %q", r, got)
			}
		}
		if utf8.RuneCountInString(body) > maxTitle+1 {
			t.Fatalf("too long: %q", got)
		}
	})
}
