package bashprompt

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

var testInfo = Info{
	User: "ann", Host: "box.example.org", Cwd: "/home/ann/src/app", Home: "/home/ann",
	Now: time.Date(2026, 3, 7, 14, 5, 9, 0, time.UTC), Jobs: 2, HistNum: 41, CmdNum: 7,
	Shell: "lacy", Version: "5.2", Release: "5.2.15", TTY: "pts/3",
}

func TestDecode(t *testing.T) {
	tests := []struct {
		ps, want string
		mod      func(*Info)
	}{
		{ps: `\u@\h:\w\$ `, want: "ann@box:~/src/app$ "},
		{ps: `\H \W`, want: "box.example.org app"},
		{ps: `\W`, want: "~", mod: func(i *Info) { i.Cwd = "/home/ann" }},
		{ps: `\W`, want: "/", mod: func(i *Info) { i.Cwd = "/" }},
		{ps: `\w`, want: "/etc", mod: func(i *Info) { i.Cwd = "/etc" }},
		{ps: `\w`, want: "/home/annie", mod: func(i *Info) { i.Cwd = "/home/annie" }},
		{ps: `\w`, want: "~/.../c/d", mod: func(i *Info) { i.Cwd = "/home/ann/a/b/c/d"; i.DirTrim = 2 }},
		{ps: `\$`, want: "#", mod: func(i *Info) { i.Root = true }},
		{ps: `\t|\T|\@|\A|\d`, want: "14:05:09|02:05:09|02:05 PM|14:05|Sat Mar 07"},
		{ps: `\D{%Y-%m-%d %H:%M}`, want: "2026-03-07 14:05"},
		{ps: `\D{`, want: `\D{`},
		{ps: `\j \! \# \s-\v \V \l`, want: "2 41 7 lacy-5.2 5.2.15 pts/3"},
		{ps: `\[\e[32m\]x\[\033[0m\]`, want: "\x01\x1b[32m\x02x\x01\x1b[0m\x02"},
		{ps: `a\nb\r\a`, want: "a\nb\r\a"},
		{ps: `\\ \q \`, want: `\ \q \`},
		{ps: `\101\0`, want: "A\x00"},
		{ps: `no escapes $(x)`, want: `no escapes $(x)`},
		// For the expansions after: inserted text is protected, the rest is not.
		{ps: `\w \$ $(git)`, want: "/tmp/$x`y $ $(git)", mod: func(i *Info) { i.Cwd = "/tmp/$x`y"; i.ForExpand = false }},
		{ps: `\w \$ $(git)`, want: "/tmp/\\$x\\`y \\$ $(git)", mod: func(i *Info) { i.Cwd = "/tmp/$x`y"; i.ForExpand = true }},
	}
	for _, tt := range tests {
		in := testInfo
		if tt.mod != nil {
			tt.mod(&in)
		}
		if got := Decode(tt.ps, &in); got != tt.want {
			t.Errorf("Decode(%q) = %q, want %q", tt.ps, got, tt.want)
		}
	}
}

func TestSplit(t *testing.T) {
	tests := []struct{ in, prompt, before string }{
		{"plain", "plain", ""},
		{"\x01\x1b[32m\x02x\x01\x1b[0m\x02", "\x1b[32mx\x1b[0m", ""},
		{"\x01\x1b]0;ann@box: ~\a\x02ann$ ", "ann$ ", "\x1b]0;ann@box: ~\a"},
		{"a\x01unclosed", "a", "unclosed"},
		{"a\x02b", "ab", ""},
	}
	for _, tt := range tests {
		p, b := Split(tt.in)
		if p != tt.prompt || b != tt.before {
			t.Errorf("Split(%q) = %q, %q; want %q, %q", tt.in, p, b, tt.prompt, tt.before)
		}
	}
}

func TestStrftime(t *testing.T) {
	tm := time.Date(2026, 3, 7, 0, 5, 9, 0, time.UTC)
	if got, want := Strftime("%F %T %I%p %a %b %e %% %Q", tm), "2026-03-07 00:05:09 12AM Sat Mar  7 % %Q"; got != want {
		t.Errorf("Strftime = %q, want %q", got, want)
	}
}

func FuzzDecode(f *testing.F) {
	for _, s := range []string{`\u@\h:\w\$ `, `\[\e[1m\]\D{%T}\]\[`, `\0777\18\`, `\D{%`, "x\x01y\x02"} {
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, ps string, forExpand bool) {
		in := testInfo
		in.ForExpand = forExpand
		out := Decode(ps, &in)
		if !strings.ContainsRune(ps, '\\') && out != ps {
			t.Fatalf("no escapes, yet changed: %q -> %q", ps, out)
		}
		p, b := Split(out)
		if strings.ContainsAny(p, "\x01\x02") || strings.ContainsAny(b, "\x01\x02") {
			t.Fatalf("markers left: %q %q", p, b)
		}
		if utf8.ValidString(ps) && !strings.Contains(ps, `\0`) && !strings.ContainsAny(ps, "1234567") && !utf8.ValidString(out) {
			t.Fatalf("valid input, invalid output: %q -> %q", ps, out)
		}
	})
}

// BenchmarkDecode is the escapes of a typical PS1 (Debian's, with colour
// and a title).
func BenchmarkDecode(b *testing.B) {
	ps := `\[\e]0;\u@\h: \w\a\]\[\033[01;32m\]\u@\h\[\033[00m\]:\[\033[01;34m\]\w\[\033[00m\]\$ `
	in := testInfo
	in.ForExpand = true
	b.ReportAllocs()
	for b.Loop() {
		p, _ := Split(Decode(ps, &in))
		_ = p
	}
}
