package shell

import (
	"context"
	"strings"
	"testing"
)

// TestBashCompat runs scripts the way `lacy script.sh` does and checks the
// output and status bash gives (bash 5.2); each covers a patch of
// third_party/sh or lacy's own layer.
func TestBashCompat(t *testing.T) {
	tests := []struct {
		name, src, out string
		status         int
	}{
		{"zsh-only syntax in a dead branch", "if [ -n \"$ZSH_VERSION\" ]; then\n  echo ${(k)x} ${.sh.file}\nfi\necho ok", "ok\n", 0},
		{"bad substitution fails the line at run time", "echo ${(k)x}; echo same\necho next $?", "next 1\n", 0},
		{"lines before a syntax error run", "echo a\necho b; (\necho c", "a\n", 2},
		{"arithmetic on array elements", "a=(1 2); (( a[1]++ )); (( a[3] = 7 )); echo ${a[@]}", "1 3 7\n", 0},
		{"read -n -d", "read -n 3 x <<< abcdef; read -d , y <<< 'p,q'; echo $x $y", "abc p\n", 0},
		{"read splits as bash", "IFS='x ' read -a a <<< 'a b x x'; echo ${#a[@]}", "3\n", 0},
		{"printf -v and formats", "printf -v v '%05.1f|%X|%q' 3.14159 255 'a b'; echo \"$v\"", "003.1|FF|a\\ b\n", 0},
		{"printf reuses the format", "printf '%s-%s\\n' a b c", "a-b\nc-\n", 0},
		{"trap -p lists signals", "trap 'echo hi' INT TERM; trap -p INT; trap - INT; trap", "trap -- 'echo hi' SIGINT\ntrap -- 'echo hi' SIGTERM\n", 0},
		{"DEBUG trap", "trap 'echo dbg $LINENO' DEBUG\necho a", "dbg 2\na\n", 0},
		{"DEBUG trap before each pipeline element, in the shell", "n=0; trap 'n=$((n+1)); echo T$n' DEBUG\necho a | cat | cat", "T1\nT2\nT3\na\n", 0},
		{"BASH_COMMAND in the DEBUG trap", "trap 'echo \"<$BASH_COMMAND>\"' DEBUG\nx=1 y=$x; for i in 1; do :; done", "<x=1 y=$x>\n<for i in 1>\n<:>\n", 0},
		{"return in a trap's function", "f() { if true; then return; fi; echo no; }; trap f DEBUG\necho a", "a\n", 0},
		{"descriptors above 2", "exec 3>&1; echo to3 >&3; exec 3>&-; echo x 2>/dev/null >&3 || echo closed", "to3\nclosed\n", 0},
		{"read -u 3 from a here-document", "read -u 3 l 3<<EOF\nline\nEOF\necho $l", "line\n", 0},
		{"-- ends options", "f() { local -- x=1; echo $x; }; f; eval -- echo e; set -- a b; shift --; echo $1", "1\ne\nb\n", 0},
		{"type -t and -P", "type -t cd; type -P cd || echo none", "builtin\nnone\n", 0},
		{"kill -l", "kill -l 9 130 TERM", "KILL\nINT\n15\n", 0},
		{"$! is a PID and wait returns its status", "sh -c 'exit 3' & p=$!; case $p in [0-9]*) wait $p; echo $?;; esac", "3\n", 0},
		{"a [[ syntax error ends with the last status", "true\n[[ -z ]]\necho after", "", 0},
		{"noclobber", "set -C; echo a > f; echo b > f 2>/dev/null || echo refused; echo c >| f; cat f", "refused\nc\n", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut := &lockedBuffer{}, &lockedBuffer{} // a pipeline's programs write at once
			sh, err := New(Options{Stdin: strings.NewReader(""), Stdout: out, Stderr: errOut, Dir: t.TempDir(), Env: []string{"PATH=/usr/bin:/bin"}})
			if err != nil {
				t.Fatal(err)
			}
			defer sh.Close()
			status, _ := sh.RunScript(context.Background(), tt.src, "")
			if out.String() != tt.out || status != tt.status {
				t.Errorf("got status %d, stdout %q (stderr %q); want %d, %q", status, out.String(), errOut.String(), tt.status, tt.out)
			}
		})
	}
}
