package complete

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// tree makes a directory to complete in: files, directories, hidden ones,
// an executable, a symlink to a directory and awkward names.
func tree(t testing.TB) string {
	t.Helper()
	dir := t.TempDir()
	for _, d := range []string{"My Documents", "it's", "dir1/sub", ".config"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for name, mode := range map[string]os.FileMode{
		"a.txt": 0o644, "ab.txt": 0o644, ".hidden": 0o644, "script.sh": 0o755,
		"we$ird": 0o644, "new\nline": 0o644, "dir1/file.go": 0o644, "x y*": 0o644,
	} {
		if err := os.WriteFile(filepath.Join(dir, name), nil, mode); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("dir1", filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestComplete(t *testing.T) {
	dir := tree(t)
	cmds := func() []string { return []string{"git", "gist", "go", "git", "grep", "ls"} }
	vars := func() []string { return []string{"HOME", "HOSTNAME", "PATH", "not-a-name"} }
	getenv := func(n string) string {
		if n == "D" {
			return dir
		}
		return ""
	}
	type want struct {
		kind   Kind
		prefix string
		values []string // "/" suffix for directories; Space is checked against it
	}
	tests := []struct {
		line string
		want want
	}{
		{"ls a", want{Path, "a", []string{"a.txt", "ab.txt"}}},
		{"ls ab", want{Path, "ab", []string{"ab.txt"}}},
		{"ls ", want{Path, "", []string{`My\ Documents/`, "a.txt", "ab.txt", "dir1/", `it\'s/`, "link/", "$'new\\nline'", "script.sh", `we\$ird`, `x\ y\*`}}},
		{"ls .", want{Path, ".", []string{".config/", ".hidden"}}},
		{"ls My", want{Path, "My", []string{`My\ Documents/`}}},
		{`ls My\ D`, want{Path, `My\ D`, []string{`My\ Documents/`}}},
		{`ls "My`, want{Path, `"My`, []string{`"My Documents/`}}},
		{`ls 'it`, want{Path, `'it`, []string{`'it'\''s/`}}},
		{`ls "a`, want{Path, `"a`, []string{`"a.txt"`, `"ab.txt"`}}},
		{`ls 'a.t`, want{Path, `'a.t`, []string{`'a.txt'`}}},
		{`ls "we`, want{Path, `"we`, []string{`"we\$ird"`}}},
		{"ls x", want{Path, "x", []string{`x\ y\*`}}},
		{"ls dir1/", want{Path, "dir1/", []string{"dir1/file.go", "dir1/sub/"}}},
		{"ls dir1/s", want{Path, "dir1/s", []string{"dir1/sub/"}}},
		{`ls "dir1/"s`, want{Path, `"dir1/"s`, []string{`"dir1/"sub/`}}},
		{"ls lin", want{Path, "lin", []string{"link/"}}},
		{"ls " + dir + "/a", want{Path, dir + "/a", []string{dir + "/a.txt", dir + "/ab.txt"}}},
		{"ls ~/a", want{Path, "~/a", []string{"~/a.txt", "~/ab.txt"}}},
		{"ls ~", want{Path, "~", []string{"~/", "~bob/", "~root/", "~rosa/"}}},
		{"ls ~ro", want{Path, "~ro", []string{"~root/", "~rosa/"}}},
		{"cd ~b", want{Dir, "~b", []string{"~bob/"}}},
		{"ls ~nobody-here", want{Path, "~nobody-here", nil}},
		{"ls $D/a", want{Path, "$D/a", []string{"$D/a.txt", "$D/ab.txt"}}},
		{"ls ${D}/a", want{Path, "${D}/a", []string{"${D}/a.txt", "${D}/ab.txt"}}},
		{"ls --file=a", want{Path, "a", []string{"a.txt", "ab.txt"}}},
		{"FOO=a", want{Path, "a", []string{"a.txt", "ab.txt"}}},
		{"ls > a", want{Path, "a", []string{"a.txt", "ab.txt"}}},
		{"ls 2>a", want{Path, "a", []string{"a.txt", "ab.txt"}}},
		{"cd ", want{Dir, "", []string{`My\ Documents/`, "dir1/", `it\'s/`, "link/"}}},
		{"cd d", want{Dir, "d", []string{"dir1/"}}},
		{"gi", want{Command, "gi", []string{"gist", "git"}}},
		{"g", want{Command, "g", []string{"gist", "git", "go", "grep"}}},
		{"ls | gr", want{Command, "gr", []string{"grep"}}},
		{"ls|gr", want{Command, "gr", []string{"grep"}}},
		{"true && gi", want{Command, "gi", []string{"gist", "git"}}},
		{"a; b || l", want{Command, "l", []string{"ls"}}},
		{"echo $(gi", want{Command, "gi", []string{"gist", "git"}}},
		{"echo \"$(gi", want{Command, "gi", []string{"gist", "git"}}},
		{"echo `gi", want{Command, "gi", []string{"gist", "git"}}},
		{"echo $(ls) a", want{Path, "a", []string{"a.txt", "ab.txt"}}},
		{"(gi", want{Command, "gi", []string{"gist", "git"}}},
		{"if true; then gi", want{Command, "gi", []string{"gist", "git"}}},
		{"sudo gi", want{Command, "gi", []string{"gist", "git"}}},
		{"sudo -E gi", want{Command, "gi", []string{"gist", "git"}}},
		{"time env FOO=1 gi", want{Command, "gi", []string{"gist", "git"}}},
		{"FOO=1 gi", want{Command, "gi", []string{"gist", "git"}}},
		{"sudo -", want{None, "-", nil}},
		// The wrappers' options take their arguments and fixed operands
		// (defaults/safety/wrappers.tsv) before the command.
		{"sudo -u root gi", want{Command, "gi", []string{"gist", "git"}}},
		{"sudo --user=root gi", want{Command, "gi", []string{"gist", "git"}}},
		{"timeout 10 gi", want{Command, "gi", []string{"gist", "git"}}},
		{"nice -n 5 xargs -I{} gi", want{Command, "gi", []string{"gist", "git"}}},
		{"sudo -u a", want{Path, "a", []string{"a.txt", "ab.txt"}}},
		{"timeout a", want{Path, "a", []string{"a.txt", "ab.txt"}}},
		{"ssh host gi", want{Path, "gi", nil}},
		{"\"gi", want{Command, "\"gi", []string{`"gist"`, `"git"`}}},
		{"./scr", want{Command, "./scr", []string{"./script.sh"}}},
		{"./", want{Command, "./", []string{`./My\ Documents/`, "./dir1/", `./it\'s/`, "./link/", "./script.sh"}}},
		{"git status\ngi", want{Command, "gi", []string{"gist", "git"}}},
		{"echo $HO", want{Variable, "$HO", []string{"$HOME", "$HOSTNAME"}}},
		{"echo \"$HOS", want{Variable, "$HOS", []string{"$HOSTNAME"}}},
		{"echo ${PA", want{Variable, "${PA", []string{"${PATH}"}}},
		{"echo x$P", want{Variable, "$P", []string{"$PATH"}}},
		{"echo '$HO", want{Path, "'$HO", nil}},
		{"# ls a", want{None, "", nil}},
		{"ls # a", want{None, "", nil}},
		{"ls a#", want{Path, "a#", nil}},
		{"ls $(pwd)/a", want{None, "$(pwd)/a", nil}},
		{"ls $1/a", want{None, "$1/a", nil}},
		{`ls a\`, want{None, `a\`, nil}},
		{"ls $NOPE/a", want{Path, "$NOPE/a", nil}}, // expands to /a
		{"zzz", want{Command, "zzz", nil}},
	}
	for _, tc := range tests {
		r := Complete(Request{
			Line: tc.line, Cursor: len(tc.line), Dir: dir, Home: dir,
			Commands: cmds, Vars: vars, Getenv: getenv,
			Users: func() []string { return []string{"root", "rosa", "bob", "we ird", "root"} },
		})
		var values []string
		for _, c := range r.Candidates {
			values = append(values, c.Value)
			if c.Space == strings.HasSuffix(c.Value, "/") {
				t.Errorf("%q: candidate %q has Space=%v", tc.line, c.Value, c.Space)
			}
			if !strings.HasPrefix(c.Value, r.Prefix) {
				t.Errorf("%q: candidate %q does not start with prefix %q", tc.line, c.Value, r.Prefix)
			}
		}
		got := want{r.Kind, r.Prefix, values}
		if diff := cmp.Diff(tc.want, got, cmp.AllowUnexported(want{})); diff != "" {
			t.Errorf("Complete(%q) (-want +got):\n%s", tc.line, diff)
		}
		if tc.line[r.Start:] != r.Prefix {
			t.Errorf("%q: Start %d does not match Prefix %q", tc.line, r.Start, r.Prefix)
		}
	}
}

func TestCompleteCursorAndDisplay(t *testing.T) {
	dir := tree(t)
	line := "cat a.txt | wc"
	r := Complete(Request{Line: line, Cursor: len("cat a"), Dir: dir})
	if r.Kind != Path || r.Start != 4 || r.Prefix != "a" || len(r.Candidates) != 2 {
		t.Fatalf("mid-line completion: %+v", r)
	}
	r = Complete(Request{Line: "ls di", Cursor: 99, Dir: dir})
	if len(r.Candidates) != 1 || r.Candidates[0].Display != "dir1/" || r.Candidates[0].Value != "dir1/" {
		t.Errorf("display of a directory: %+v", r.Candidates)
	}
	r = Complete(Request{Line: "ls ~/a", Cursor: 6, Dir: dir})
	if len(r.Candidates) != 0 {
		t.Errorf("~ without Home completed: %+v", r.Candidates)
	}
	if r := Complete(Request{Line: "gi", Cursor: 2}); r.Kind != Command || r.Candidates != nil {
		t.Errorf("nil Commands: %+v", r)
	}
}

func TestKindString(t *testing.T) {
	for k, want := range map[Kind]string{None: "none", Command: "command", Path: "path", Dir: "dir", Variable: "variable"} {
		if k.String() != want {
			t.Errorf("%d.String() = %q", k, k.String())
		}
	}
}

// FuzzScan checks that any line yields a consistent result and never
// panics, in a directory with awkward names.
func FuzzScan(f *testing.F) {
	for _, s := range []string{"ls a", `ls "My D`, "echo $(gi", "a | b && c; d", "sudo -u x y", "echo ${H", "ls 'it'\\''s", "# x", "a\\\nb", "cat <(ls) > f", "`a `b"} {
		f.Add(s, len(s))
	}
	dir := tree(f)
	f.Fuzz(func(t *testing.T, line string, cursor int) {
		r := Complete(Request{
			Line: line, Cursor: cursor, Dir: dir, Home: dir,
			Commands: func() []string { return []string{"git", "ls"} },
			Vars:     func() []string { return []string{"HOME"} },
			Getenv:   func(string) string { return dir },
		})
		cursor = min(max(cursor, 0), len(line))
		if r.Start < 0 || r.Start > cursor || line[r.Start:cursor] != r.Prefix {
			t.Fatalf("Start %d / Prefix %q do not match line %q cursor %d", r.Start, r.Prefix, line, cursor)
		}
		for _, c := range r.Candidates {
			if !strings.HasPrefix(c.Value, r.Prefix) {
				t.Fatalf("candidate %q does not start with %q", c.Value, r.Prefix)
			}
		}
	})
}

// FuzzExtend checks the quoting of completed names against mvdan/sh's
// parser and expander: the completed word must mean the name.
func FuzzExtend(f *testing.F) {
	for _, s := range []string{"My Documents", "it's", "we$ird", "new\nline", "x y*", "a\\b", `q"q`, "~x", "#x", "é"} {
		f.Add(s, "")
		f.Add(s, `"`)
		f.Add(s, "'")
	}
	f.Fuzz(func(t *testing.T, name, raw string) {
		if name == "" || strings.ContainsAny(name, "/\x00") || (raw != "" && raw != `"` && raw != "'") {
			return
		}
		w := parseWord(raw, "", nil)
		if !w.ok {
			t.Fatalf("parseWord(%q) failed", raw)
		}
		v, ok := extend(raw, w, name, false)
		if !ok {
			return
		}
		file, err := syntax.NewParser().Parse(strings.NewReader("x "+v), "")
		if err != nil {
			t.Fatalf("%q completed to %q, which does not parse: %v", name, v, err)
		}
		call, ok := file.Stmts[0].Cmd.(*syntax.CallExpr)
		if !ok || len(file.Stmts) != 1 || len(call.Args) != 2 {
			t.Fatalf("%q completed to %q, not one word", name, v)
		}
		fields, err := expand.Fields(nil, call.Args[1])
		if err != nil || len(fields) != 1 || fields[0] != name {
			t.Fatalf("%q completed to %q, which expands to %q (%v)", name, v, fields, err)
		}
	})
}

// BenchmarkComplete measures one Tab: the package's own completion, and a
// round trip through the bash-completion bridge (benchBridge).
func BenchmarkComplete(b *testing.B) {
	b.Run("bridge", benchBridge)
	dir := tree(b)
	names := make([]string, 3000)
	for i := range names {
		names[i] = "cmd" + strings.Repeat("x", i%7) + string(rune('a'+i%26))
	}
	for _, line := range []string{"gi", "echo $(ls | cmdx", "ls dir1/s", `ls "My`} {
		b.Run(line, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Complete(Request{Line: line, Cursor: len(line), Dir: dir, Commands: func() []string { return names }})
			}
		})
	}
}
