package shell

import "testing"

// TestBashCompatSHD covers the interpreter patches 130-159 of
// third_party/sh (see its PATCHES.md) through lacy's shell: one or more
// cases per patch, each the output bash gives.
func TestBashCompatSHD(t *testing.T) {
	t.Setenv("HOME", "/tmp")
	cases := []bashCase{
		// 130: the directory stack.
		{"pushd-popd", "cd /; pushd /tmp; pwd; popd; pwd", "~ /\n/tmp\n/\n/\n", 0},
		{"cd-replaces-top", "cd /; pushd /tmp >/dev/null; cd /; dirs", "/ /\n", 0},
		{"dirs-v", "cd /; pushd /tmp >/dev/null; dirs -v; dirs -p", " 0  ~\n 1  /\n~\n/\n", 0},
		{"dirs-l", "cd /; pushd /tmp >/dev/null; dirs -l +0", "/tmp\n", 0},
		{"dirs-c", "cd /; pushd /tmp >/dev/null; dirs -c; dirs", "~\n", 0},
		{"dirstack", "cd /; pushd /tmp >/dev/null; echo ${DIRSTACK[@]}", "/tmp /\n", 0},
		{"pushd-rotate", "cd /; pushd /tmp >/dev/null; pushd /usr >/dev/null; pushd -l >/dev/null 2>&1; echo $?; pushd +2; popd +1", "2\n/ /usr ~\n/ ~\n", 0},
		{"dirs-bad-arg", "dirs a; echo $?; popd zzz; echo $?", "2\n2\n", 0},
		{"popd-empty", "popd; echo $?", "1\n", 0},
		// 131: declaration builtins run through builtin/command/a variable.
		{"builtin-export", "x='a b'; builtin export z=$x; echo $z; env | grep '^z='", "a\nz=a\n", 0},
		{"command-readonly", "command readonly c=1; c=2 2>/dev/null; echo $c", "1\n", 0},
		{"command-local", "f() { command local s=l; echo $s; }; f; echo ${s-unset}", "l\nunset\n", 0},
		{"dynamic-declare", "b=builtin; $b declare f=1; echo $f", "1\n", 0},
		// 133: command -v -V -p.
		{"command-v", "f() { :; }; command -v echo f for ZZZ sh | sed 's|.*/||'; echo $?", "echo\nf\nfor\nsh\n0\n", 0},
		{"command-v-none", "command -v ZZZ ''; echo $?", "1\n", 0},
		{"command-V", "command -V echo; command -V ZZZ 2>/dev/null; echo $?", "echo is a shell builtin\n1\n", 0},
		{"command-p", "PATH=/nonexistent; command -p sh -c 'echo hi'", "hi\n", 0},
		// lacy layer: umask's symbolic modes and -p; 134: redirections create 0666 less the umask.
		{"umask-symbolic", "o=$(umask); umask 0124; umask a-r; umask; umask u=rwx,u=,g=rwx; umask; umask =rx; umask; umask u+r,,u-r 2>/dev/null; echo $?; umask -p; umask $o", "0564\n0704\n0222\n1\numask 0222\n", 0},
		{"redirect-mode", "o=$(umask); umask 0002; d=$(mktemp -d); echo x >$d/f; stat -c %a $d/f; rm -r $d; umask $o", "664\n", 0},
		// 135: shift.
		{"shift-too-far", "set -- 1 2; shift 3; echo $? $#", "1 2\n", 0},
		{"shift-bad", "shift ZZZ 2>/dev/null; echo $?; shift -1 2>/dev/null; echo $?; shift 1 2 2>/dev/null; echo $?", "1\n1\n1\n", 0},
		// 136: startup variables, SECONDS.
		{"pwd-exported", "cd /; env | grep '^PWD='", "PWD=/\n", 0},
		{"ps4-hostname", "echo \"$PS4\" ${HOSTNAME:+set}", "+  set\n", 0},
		{"seconds", "SECONDS=100; echo $SECONDS", "100\n", 0},
		// 140: SHELL from /etc/passwd when unset.
		{"shell-set", "echo ${SHELL:+set}", "set\n", 0},
		// 137: test's operands are not expanded again.
		{"test-tilde-operand", "x='~'; test \"$x\" = \"$HOME\" && echo bug; [ \"$x\" = '~' ] && echo ok", "ok\n", 0},
		// 138: eval and source statuses.
		{"eval-syntax-error", "eval 'echo >' 2>/dev/null; echo $?; eval -z 2>/dev/null; echo $?", "2\n2\n", 0},
		{"source-dir", "d=$(mktemp -d); . $d 2>/dev/null; echo $?; rmdir $d", "1\n", 0},
		// lacy layer: history's arguments are checked without a history.
		{"history-args", "history; echo $?; history -5 2>/dev/null; echo $?; history f 2>/dev/null; echo $?; history a b 2>/dev/null; echo $?", "0\n2\n1\n1\n", 0},
		// 139: mapfile's options.
		{"mapfile-O-s-n", "arr=(x y z); printf '%s\\n' a0 a1 a2 a3 | mapfile -O 2 -s 1 -n 2 -t arr; echo ${arr[@]}", "x y a1 a2\n", 0},
		{"mapfile-nul", "printf '%s\\0' 1 3 | { mapfile -d '' arr; printf '[%s]' \"${arr[@]}\"; }", "[1][3]", 0},
		{"mapfile-n-leaves-rest", "printf 'a\\nb\\n' | { mapfile -n 1 -t x; read y; echo $x $y; }", "a b\n", 0},
		// 132: xtrace quotes each word as bash does.
		{"xtrace-words", "(set -x; echo a 'b c' '' \"it's\" a=b '#x') 2>&1", "+ echo a 'b c' '' 'it'\\''s' a=b '#x'\na b c  it's a=b #x\n", 0},
	}
	runBashCases(t, cases)
}
