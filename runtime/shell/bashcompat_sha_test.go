package shell

import "testing"

// TestBashCompatSHA covers the interpreter patches 032-059 of
// third_party/sh (see its PATCHES.md) through lacy's shell: one or more
// cases per patch, each the output bash gives.
func TestBashCompatSHA(t *testing.T) {
	t.Setenv("HOME", "/home/u")
	cases := []bashCase{
		// 032: tilde after ':' in assignments.
		{"tilde-path", "PATH2=/bin:~/bin:~; echo $PATH2", "/bin:/home/u/bin:/home/u\n", 0},
		{"tilde-export", "export X=a:~/b; echo $X", "a:/home/u/b\n", 0},
		{"tilde-arg", "echo x=~ --p=~", "x=/home/u --p=~\n", 0},
		// 033: the word of ${p:-word}.
		{"param-word-split", `set -- ${u:-"a b" c}; echo $#`, "2\n", 0},
		{"param-word-quoted", `echo "${u:-'b'}"`, "'b'\n", 0},
		{"param-word-tilde", `echo ${u:-~}`, "/home/u\n", 0},
		// 034: tilde after brace expansion; empty brace words.
		{"brace-tilde", "echo ~{/a,/b}", "/home/u/a /home/u/b\n", 0},
		{"brace-empty", "echo {X,,Y,}", "X Y\n", 0},
		// 035: aliases as text.
		{"alias-pipe", "shopt -s expand_aliases\nalias p='echo a | tr a b'\np", "b\n", 0},
		{"alias-list", "shopt -s expand_aliases\nalias two='echo 1; echo'\ntwo 2", "1\n2\n", 0},
		{"alias-and", "shopt -s expand_aliases\nalias t='false ||'\nt echo ok", "ok\n", 0},
		{"alias-same-line", "shopt -s expand_aliases\nalias q=echo; q x 2>/dev/null; echo $?", "127\n", 0},
		// 036: break in a block, errexit exemptions.
		{"break-in-if", "for i in 1 2; do if true; then break; echo no; fi; done; echo $i", "1\n", 0},
		{"break-in-cond", "while break; do echo no; done; echo out", "out\n", 0},
		{"errexit-and-in-group", "set -e; { false && true; }; echo ok", "ok\n", 0},
		{"errexit-func", "set -e; f() { false; }; f; echo no", "", 1},
		// lacy layer: bare set lists variables; shopt -o formats.
		{"set-lists", "x='a b'; a=(1 '2 3'); set | grep '^[xa]='", "a=([0]=\"1\" [1]=\"2 3\")\nx='a b'\n", 0},
		{"shopt-po", "shopt -po errexit; echo $?", "set +o errexit\n1\n", 0},
		{"shopt-invalid", "shopt -s nosuch 2>/dev/null; echo $?", "1\n", 0},
		// 042-049.
		{"quoted-at-affixes", `set -- "a 1" "b 2"; printf '[%s]' "-$@-"; echo`, "[-a 1][b 2-]\n", 0},
		{"dup-word-glob-split", `set -- '2 3' 'c d'; echo hi 1>& "$@"`, "", 1},
		{"ansi-c-control", `printf %s $'\cA' | od -An -c | tr -d ' '`, "001\n", 0},
		{"glob-escaped-dash", `case - in [C\-D]) echo y;; *) echo n;; esac`, "y\n", 0},
		{"time-stderr", "time true 2>/dev/null", "", 0},
		{"for-bad-name", "for - in a; do echo x; done 2>/dev/null; echo $?", "1\n", 0},
		{"brace-then-param", "a=A; echo {$a,b}_{c,d}", "b_c b_d\n", 0},
		{"failglob", "shopt -s failglob; echo /nonexistent-*; echo $?", "1\n", 0},
		{"globskipdots", "cd / && shopt -u globskipdots && echo .[.]", "..\n", 0},
		{"shopt-q-default", "shopt -q globskipdots; echo $?", "0\n", 0},
		{"dollar-continuation", "false; echo $\\\n?", "1\n", 0},
		// 037: no panics.
		{"assoc-negative-key", "declare -A A; A[-1]=x; echo ${A[-1]}", "x\n", 0},
	}
	runBashCases(t, cases)
}
