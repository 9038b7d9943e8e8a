package stdlib

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestFs(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	t.Setenv("HOME", dir)
	runCases(t, plainEnv, []luaCase{
		{name: "write read append",
			code: `lacy.fs.write("a.txt", "one\n"); lacy.fs.append("a.txt", "two\n"); lacy.fs.append("new.txt", "x")
				print(lacy.fs.read("a.txt") .. lacy.fs.read("new.txt"))`,
			want: "one\ntwo\nx\n"},
		{name: "read back", code: `lacy.fs.write("b.txt", "hello"); print(lacy.fs.read("b.txt"), lacy.fs.read("~/b.txt"))`, want: "hello\thello\n"},
		{name: "write truncates", code: `lacy.fs.write("c.txt", "long text"); lacy.fs.write("c.txt", "s"); print(lacy.fs.read("c.txt"))`, want: "s\n"},
		{name: "exists", code: `lacy.fs.write("d.txt", ""); print(lacy.fs.exists("d.txt"), lacy.fs.exists("missing"), lacy.fs.exists("."))`, want: "true\tfalse\ttrue\n"},
		{name: "mkdir with parents, twice", code: `lacy.fs.mkdir("m/n/o"); lacy.fs.mkdir("m/n/o"); print(lacy.fs.stat("m/n/o").is_dir)`, want: "true\n"},
		{name: "list sorted",
			code: `lacy.fs.mkdir("l"); lacy.fs.write("l/b", ""); lacy.fs.write("l/a", ""); lacy.fs.mkdir("l/c")
				print(table.concat(lacy.fs.list("l"), ","), #lacy.fs.list("m/n/o"))`,
			want: "a,b,c\t0\n"},
		{name: "glob",
			code: `lacy.fs.mkdir("g/x/y"); lacy.fs.write("g/1.go", ""); lacy.fs.write("g/x/2.go", ""); lacy.fs.write("g/x/y/3.go", ""); lacy.fs.write("g/x/y/4.txt", "")
				print(table.concat(lacy.fs.glob("g/*.go"), ","))
				print(table.concat(lacy.fs.glob("g/**/*.go"), ","))
				print(table.concat(lacy.fs.glob("g/x/**"), ","))
				print(#lacy.fs.glob("g/*.rs"))`,
			want: "g/1.go\ng/1.go,g/x/2.go,g/x/y/3.go\ng/x/2.go,g/x/y,g/x/y/3.go,g/x/y/4.txt\n0\n"},
		{name: "stat",
			code: `lacy.fs.write("s.txt", "12345"); local s = lacy.fs.stat("s.txt")
				print(s.name, s.size, s.is_file, s.is_dir, s.is_link, s.mode:sub(1, 1), s.mtime > 0, lacy.fs.stat("nope"))`,
			want: "s.txt\t5\ttrue\tfalse\tfalse\t-\ttrue\tnil\n"},
		{name: "remove", code: `lacy.fs.write("r.txt", ""); lacy.fs.remove("r.txt"); print(lacy.fs.exists("r.txt"))`, want: "false\n"},
		{name: "remove recursive",
			code: `lacy.fs.mkdir("t/u"); lacy.fs.write("t/u/f", ""); lacy.fs.remove("t", { recursive = true }); lacy.fs.remove("t", { recursive = true }); print(lacy.fs.exists("t"))`,
			want: "false\n"},
		{name: "remove non-empty dir fails", code: `lacy.fs.mkdir("v/w"); lacy.fs.remove("v")`, wantErr: "lacy.fs.remove: v: directory not empty"},
		{name: "read missing", code: `lacy.fs.read("missing.txt")`, wantErr: "test.lua:1: lacy.fs.read: missing.txt: no such file or directory"},
		{name: "read a directory", code: `lacy.fs.read(".")`, wantErr: "lacy.fs.read: .: is a directory"},
		{name: "list missing", code: `lacy.fs.list("nodir")`, wantErr: "lacy.fs.list: nodir: no such file or directory"},
		{name: "bad glob", code: `lacy.fs.glob("[")`, wantErr: "lacy.fs.glob: [: syntax error in pattern"},
		{name: "read no argument", code: `lacy.fs.read()`, wantErr: "bad argument #1 to 'lacy.fs.read' (string expected, got no value)"},
		{name: "write bad data", code: `lacy.fs.write("x", {})`, wantErr: "bad argument #2 to 'lacy.fs.write' (string expected, got table)"},
		{name: "append bad path", code: `lacy.fs.append(nil, "x")`, wantErr: "bad argument #1 to 'lacy.fs.append' (string expected, got nil)"},
		{name: "empty path", code: `lacy.fs.exists("")`, wantErr: "bad argument #1 to 'lacy.fs.exists' (path expected, got an empty string)"},
		{name: "mkdir bad", code: `lacy.fs.mkdir(false)`, wantErr: "bad argument #1 to 'lacy.fs.mkdir' (string expected, got boolean)"},
		{name: "remove bad option", code: `lacy.fs.remove("x", { recursiv = true })`, wantErr: "bad argument #2 to 'lacy.fs.remove' (unknown field 'recursiv' (known: recursive))"},
		{name: "stat bad", code: `lacy.fs.stat({})`, wantErr: "bad argument #1 to 'lacy.fs.stat' (string expected, got table)"},
		{name: "glob bad", code: `lacy.fs.glob()`, wantErr: "bad argument #1 to 'lacy.fs.glob' (string expected, got no value)"},
		{name: "list bad", code: `lacy.fs.list(1 == 1)`, wantErr: "bad argument #1 to 'lacy.fs.list' (string expected, got boolean)"},
	})
	if b, err := os.ReadFile(filepath.Join(dir, "a.txt")); err != nil || string(b) != "one\ntwo\n" {
		t.Errorf("a.txt = %q, %v", b, err)
	}
}

func TestMatchParts(t *testing.T) {
	for _, c := range []struct {
		pat, name string
		want      bool
	}{
		{"**", "a", true},
		{"**", "a/b/c", true},
		{"**/*.go", "x.go", true},
		{"**/*.go", "a/b/x.go", true},
		{"**/*.go", "a/b/x.txt", false},
		{"a/**/b", "a/b", true},
		{"a/**/b", "a/x/y/b", true},
		{"a/**/b", "a/x/y/c", false},
		{"*/b", "a/b", true},
		{"*/b", "a/c/b", false},
	} {
		got := matchParts(strings.Split(c.pat, "/"), strings.Split(c.name, "/"))
		if got != c.want {
			t.Errorf("matchParts(%q, %q) = %v, want %v", c.pat, c.name, got, c.want)
		}
	}
}
