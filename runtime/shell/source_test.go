package shell

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSourceRunsStatementByStatement(t *testing.T) {
	tests := []struct {
		name, rc string
		status   int
		out      string   // what the file and then `probe` print
		errLines []string // stderr, line by line
	}{
		{
			name:     "syntax error keeps what came before",
			rc:       "alias hi='echo one'\nX=2\necho 'open\necho never\n",
			status:   2,
			out:      "one 2\n",
			errLines: []string{"lacy: ~/.lacyrc:3: syntax error: reached EOF without closing quote `'`"},
		},
		{
			name:   "failing statements name their line",
			rc:     "no-such-cmd-xyz\ncd /no/such/dir\nalias hi='echo one'\nX=2\n",
			status: 0,
			out:    "one 2\n",
			errLines: []string{
				"lacy: ~/.lacyrc:1: no-such-cmd-xyz: command not found",
				`lacy: ~/.lacyrc:2: cd: /no/such/dir: No such file or directory`,
			},
		},
		{
			name:     "programs write without the prefix",
			rc:       "sh -c 'echo from-a-program >&2'\nalias hi='echo one'\nX=2\n",
			out:      "one 2\n",
			errLines: []string{"from-a-program"},
		},
		{
			name:   "top-level return ends the file",
			rc:     "alias hi='echo one'\nX=2\nif true; then\n  return 0\nfi\nX=3\n",
			status: 0,
			out:    "one 2\n",
		},
		{
			name:   "nothing after a return is parsed or run",
			rc:     "alias hi='echo one'\nX=2\nreturn 5\necho 'open\n",
			status: 5,
			out:    "one 2\n",
		},
		{
			name:   "the interactive test of a .bashrc passes",
			rc:     "case $- in\n  *i*) ;;\n  *) return;;\nesac\nalias hi='echo one'\nX=2\n",
			status: 0,
			out:    "one 2\n",
		},
		{
			name:   "return in a function stays a function's",
			rc:     "f() { return 3; }\nf\nalias hi='echo one'\nX=$?\n",
			status: 0,
			out:    "one 0\n",
		},
		{
			name: "bash-only builtins are quiet",
			rc: "shopt -s histappend checkwinsize globstar\nset -o vi\nbind 'set bell-style none'\n" +
				"complete -F _git git\n. /usr/share/bash-completion/bash_completion\nulimit -c 0\nalias hi='echo one'\nX=2\n",
			status: 0,
			out:    "one 2\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			rc := filepath.Join(dir, ".lacyrc")
			if err := os.WriteFile(rc, []byte(tt.rc), 0o644); err != nil {
				t.Fatal(err)
			}
			var out, errb bytes.Buffer
			sh, err := New(Options{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, Dir: dir, Interactive: true})
			if err != nil {
				t.Fatal(err)
			}
			defer sh.Close()
			status, err := sh.Source(context.Background(), rc, "~/.lacyrc")
			if err != nil || status != tt.status {
				t.Errorf("Source = %d, %v; want %d", status, err, tt.status)
			}
			_, _ = sh.Run(context.Background(), "hi $X", "")
			if out.String() != tt.out {
				t.Errorf("stdout %q, want %q", out.String(), tt.out)
			}
			var lines []string
			if e := strings.TrimSuffix(errb.String(), "\n"); e != "" {
				lines = strings.Split(e, "\n")
			}
			if strings.Join(lines, "\n") != strings.Join(tt.errLines, "\n") {
				t.Errorf("stderr:\n%s\nwant:\n%s", strings.Join(lines, "\n"), strings.Join(tt.errLines, "\n"))
			}
			// After the file, messages are the shell's own again.
			errb.Reset()
			_, _ = sh.Run(context.Background(), "no-such-cmd-xyz", "")
			if errb.String() != "lacy: no-such-cmd-xyz: command not found\n" {
				t.Errorf("after Source: %q", errb.String())
			}
		})
	}
}

func TestSourceMissingFile(t *testing.T) {
	sh, err := New(Options{Stdin: strings.NewReader(""), Stdout: &bytes.Buffer{}, Stderr: &bytes.Buffer{}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sh.Source(context.Background(), filepath.Join(t.TempDir(), "none"), "none"); !os.IsNotExist(err) {
		t.Fatalf("err %v, want not-exist", err)
	}
}

func TestBashCompatBuiltins(t *testing.T) {
	tests := []struct {
		src, out string
	}{
		{"shopt -s histappend; echo $?; shopt -q histappend; echo $?", "0\n0\n"}, // on, as in bash: lacy always appends
		{"shopt -s globstar; shopt -q globstar && echo on; shopt -u globstar; shopt -q globstar || echo off", "on\noff\n"},
		{"shopt -s nullglob; echo none*; echo end", "\nend\n"},
		{"set -o vi -o nounset; echo ${undefined-ok}", "ok\n"},
		{"ulimit -Sn 256; ulimit -n; sh -c 'ulimit -n'", "256\n256\n"},
		{"bind 'set bell-style none'; complete -F _f f; compopt -o default git; echo $?", "0\n"}, // compopt without a name: bash's error, see TestCompoptOutsideCompletion
		{"logout 3; echo never", ""},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			_, out, errOut := run(t, tt.src)
			if out != tt.out || errOut != "" {
				t.Errorf("out %q err %q, want %q", out, errOut, tt.out)
			}
		})
	}
}

func TestSetEditingMode(t *testing.T) {
	sh, err := New(Options{Stdin: strings.NewReader(""), Stdout: &bytes.Buffer{}, Stderr: &bytes.Buffer{}})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ src, mode string }{{"true", ""}, {"set -o vi", "vi"}, {"set -o emacs", "emacs"}, {"set -o vi; set +o vi", "emacs"}} {
		_, _ = sh.Run(context.Background(), tt.src, "")
		if got := sh.EditingMode(); got != tt.mode {
			t.Errorf("after %q: mode %q, want %q", tt.src, got, tt.mode)
		}
	}
}

// A command that fails in a file the rc sources is never shown at the rc
// with the other file's line number.
func TestSourceErrorsNameTheRightFile(t *testing.T) {
	dir := t.TempDir()
	other := filepath.Join(dir, "other.sh")
	if err := os.WriteFile(other, []byte("# other\n\nmissing-in-other-xyz\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	rc := filepath.Join(dir, ".lacyrc")
	if err := os.WriteFile(rc, []byte(". "+other+"\nf() {\n  missing-in-f-xyz\n}\nf\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var errb bytes.Buffer
	sh, err := New(Options{Stdin: strings.NewReader(""), Stdout: &bytes.Buffer{}, Stderr: &errb, Dir: dir, Interactive: true})
	if err != nil {
		t.Fatal(err)
	}
	defer sh.Close()
	_, _ = sh.Source(context.Background(), rc, "~/.lacyrc")
	lines := strings.Split(strings.TrimSpace(errb.String()), "\n")
	okOther := map[string]bool{ // the sourcing line, or the file itself once BASH_SOURCE is kept
		"lacy: ~/.lacyrc:1: missing-in-other-xyz: command not found":     true,
		"lacy: " + other + ":3: missing-in-other-xyz: command not found": true,
	}
	okF := map[string]bool{
		"lacy: ~/.lacyrc:5: missing-in-f-xyz: command not found": true,
		"lacy: ~/.lacyrc:3: missing-in-f-xyz: command not found": true,
	}
	if len(lines) != 2 || !okOther[lines[0]] || !okF[lines[1]] {
		t.Errorf("stderr:\n%s", errb.String())
	}
}

// A builtin's message in a start-up file is prefixed once, with the file
// and line.
func TestSourceBuiltinMessagesPrefixedOnce(t *testing.T) {
	dir := t.TempDir()
	rc := filepath.Join(dir, ".lacyrc")
	if err := os.WriteFile(rc, []byte("true\nshopt -s nosuch\ncomplete -p nothing\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var errb bytes.Buffer
	sh, err := New(Options{Stdin: strings.NewReader(""), Stdout: &bytes.Buffer{}, Stderr: &errb, Dir: dir, Interactive: true})
	if err != nil {
		t.Fatal(err)
	}
	defer sh.Close()
	_, _ = sh.Source(context.Background(), rc, "~/.lacyrc")
	want := "lacy: ~/.lacyrc:2: shopt: nosuch: invalid shell option name\nlacy: ~/.lacyrc:3: complete: nothing: no completion specification\n"
	if errb.String() != want {
		t.Errorf("stderr %q, want %q", errb.String(), want)
	}
}

// A `return` in a file the rc sources ends that file only, even at the
// offset of one of the rc's own top-level returns.
func TestSourcedReturnIsTheSourcedFiles(t *testing.T) {
	dir := t.TempDir()
	// The rc's return and the sourced file's return sit at the same offset.
	rc := "[ -n \"$never\" ] && return\n. ./other.sh; X=after\nY=end\n"
	at := strings.Index(rc, "return")
	other := strings.Repeat("#", at-1) + "\nreturn 0\nZ=not-reached\n"
	if err := os.WriteFile(filepath.Join(dir, "other.sh"), []byte(other), 0o644); err != nil {
		t.Fatal(err)
	}
	if strings.Index(other, "return") != at {
		t.Fatal("offsets differ")
	}
	if err := os.WriteFile(filepath.Join(dir, ".lacyrc"), []byte(rc), 0o644); err != nil {
		t.Fatal(err)
	}
	out := &lockedBuffer{}
	sh, err := New(Options{Stdin: strings.NewReader(""), Stdout: out, Stderr: out, Dir: dir, Interactive: true})
	if err != nil {
		t.Fatal(err)
	}
	defer sh.Close()
	_, _ = sh.Source(context.Background(), filepath.Join(dir, ".lacyrc"), "~/.lacyrc")
	_, _ = sh.Run(context.Background(), `echo "$X $Y [$Z]"`, "t")
	if got := out.String(); got != "after end []\n" {
		t.Errorf("got %q", got)
	}
}
