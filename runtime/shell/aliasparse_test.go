package shell

import (
	"context"
	"strings"
	"testing"
)

func TestExpandAliasesInLine(t *testing.T) {
	aliases := map[string]string{
		"e_": "for i in 1 2 3; do echo ", "LEFT": "{", "a": "",
		"FOR1": "for ", "FOR2": "FOR1 ", "eye1": "i ", "eye2": "eye1 ", "IN": "in ",
		"onetwo": `$one "2" `, "loop": "loop x", "ll": "ls -l",
	}
	value := func(w string) (string, bool) { v, ok := aliases[w]; return v, ok }
	cases := []struct{ in, out string }{
		{"e_ $i; done", "for i in 1 2 3; do echo  $i; done"},
		{"LEFT echo one; echo two; }", "{ echo one; echo two; }"},
		{"a (( var = 0 ))", " (( var = 0 ))"},
		{"FOR2 eye2 IN onetwo 3; do echo $i; done", `for   i   in  $one "2"  3; do echo $i; done`},
		{"  loop y", "  loop x y"},
		{"ll", "ls -l"},
		{"echo ll", ""},
	}
	for _, c := range cases {
		got, ok := expandAliasesInLine(c.in, value)
		if !ok {
			got = ""
		}
		if got != c.out {
			t.Errorf("%q: got %q, want %q", c.in, got, c.out)
		}
	}
}

func FuzzExpandAliasesInLine(f *testing.F) {
	f.Add("e_ x; done")
	f.Add("a a a b")
	value := func(w string) (string, bool) {
		switch w {
		case "a":
			return "a b ", true
		case "b":
			return "", true
		case "e_":
			return "for i in 1; do echo ", true
		}
		return "", false
	}
	f.Fuzz(func(t *testing.T, line string) {
		expandAliasesInLine(line, value)
	})
}

// TestScriptAliasOpensCompound: in a script, an alias can open a loop or a
// group that the rest of its line closes, as bash expands aliases while it
// parses; an alias that keeps expanding to itself ends in the syntax error.
func TestScriptAliasOpensCompound(t *testing.T) {
	cases := []struct {
		src, out string
		status   int
	}{
		{"shopt -s expand_aliases\nalias e_='for i in 1 2; do echo '\ne_ $i; done\n", "1\n2\n", 0},
		{"shopt -s expand_aliases\nalias LEFT='{'\nLEFT echo one; echo two; }\n", "one\ntwo\n", 0},
		{"shopt -s expand_aliases\nalias a=\na (( v = 0 ))\necho done\n", "done\n", 0},
		{"shopt -s expand_aliases\nalias x='x {'\nx; }\necho no\n", "", 2},
		{"alias LEFT='{'\nLEFT echo one; }\n", "", 2}, // expand_aliases is off
	}
	for _, c := range cases {
		var out, errb lockedBuffer
		sh, err := New(Options{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, Dir: t.TempDir()})
		if err != nil {
			t.Fatal(err)
		}
		status, _ := sh.RunScript(context.Background(), c.src, "s")
		sh.Close()
		if status != c.status || out.String() != c.out {
			t.Errorf("%q: status %d, out %q (stderr %q); want %d, %q", c.src, status, out.String(), errb.String(), c.status, c.out)
		}
	}
}
