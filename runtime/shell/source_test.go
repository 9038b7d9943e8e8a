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
		{"shopt -s histappend; echo $?; shopt -q histappend; echo $?", "0\n1\n"},
		{"shopt -s globstar; shopt -q globstar && echo on; shopt -u globstar; shopt -q globstar || echo off", "on\noff\n"},
		{"shopt -s nullglob; echo none*; echo end", "\nend\n"},
		{"set -o vi -o nounset; echo ${undefined-ok}", "ok\n"},
		{"ulimit -Sn 256; ulimit -n; sh -c 'ulimit -n'", "256\n256\n"},
		{"bind 'set bell-style none'; complete -F _f f; compopt -o default; echo $?", "0\n"},
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
