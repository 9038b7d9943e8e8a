package stdlib

import (
	"context"
	"errors"
	"testing"
	"time"

	lacylua "github.com/lacy-sh/lacy/lua"
)

func TestSh(t *testing.T) {
	t.Setenv("LACY_TEST_VAR", "from-process")
	dir := t.TempDir()
	runCases(t, plainEnv, []luaCase{
		{name: "streams kept apart",
			code: `local r = lacy.sh.run("echo out; echo err >&2; exit 3")
				print(r.stdout == "out\n", r.stderr == "err\n", r.code, r.ok)`,
			want: "true\ttrue\t3\tfalse\n"},
		{name: "callable module", code: `print(lacy.sh("printf hi").stdout)`, want: "hi\n"},
		{name: "bash syntax", code: `print(lacy.sh("x=2; if [[ $x == 2 ]]; then for i in a b; do printf $i; done; fi").stdout)`, want: "ab\n"},
		{name: "word list is quoted", code: `print(lacy.sh({"printf", "%s|", "a b", "$HOME", "*"}).stdout)`, want: "a b|$HOME|*|\n"},
		{name: "stdin", code: `print(lacy.sh.run("tr a-z A-Z", { stdin = "abc" }).stdout)`, want: "ABC\n"},
		{name: "no stdin means empty", code: `print(lacy.sh.run("cat").code)`, want: "0\n"},
		{name: "cwd", code: `print(lacy.sh.run("pwd", { cwd = "` + dir + `" }).stdout)`, want: dir + "\n\n"},
		{name: "env added and removed",
			code: `print(lacy.sh.run('echo "$A-${LACY_TEST_VAR:-unset}"', { env = { A = 1, LACY_TEST_VAR = false } }).stdout)`,
			want: "1-unset\n\n"},
		{name: "process env and lacy.env",
			code: `lacy.env.LACY_TEST_VAR = "from-lua"; print(lacy.sh("echo $LACY_TEST_VAR").stdout)`,
			want: "from-lua\n\n"},
		{name: "command not found", code: `local r = lacy.sh.run("nosuchcmd-xyz"); print(r.code, r.stderr)`,
			want: "127\tlacy: nosuchcmd-xyz: command not found\n\n"},
		{name: "syntax error", code: `print(lacy.sh.run("echo 'x").code)`, want: "2\n"},
		{name: "timeout", code: `local r = lacy.sh.run("sleep 5; echo late", { timeout = 0.1 }); print(r.code, r.stdout)`, want: "124\t\n"},
		{name: "exec returns the status", code: `print(lacy.sh.exec("echo to-terminal; exit 4"))`, want: "to-terminal\n4\n"},
		{name: "bad command", code: `lacy.sh.run(nil)`, wantErr: "test.lua:1: bad argument #1 to 'lacy.sh.run' (string expected, got nil)"},
		{name: "bad exec command", code: `lacy.sh.exec(true)`, wantErr: "bad argument #1 to 'lacy.sh.exec' (string expected, got boolean)"},
		{name: "bad word list", code: `lacy.sh.run({})`, wantErr: "bad argument #1 to 'lacy.sh.run' (a command string or a non-empty list of strings expected)"},
		{name: "bad options", code: `lacy.sh.run("true", "x")`, wantErr: "bad argument #2 to 'lacy.sh.run' (table expected, got string)"},
		{name: "unknown option", code: `lacy.sh.run("true", { cdw = "/" })`, wantErr: "unknown field 'cdw' (known: cwd, env, stdin, timeout)"},
		{name: "bad option type", code: `lacy.sh.run("true", { timeout = "1s" })`, wantErr: "field 'timeout': number expected, got string"},
		{name: "bad env value", code: `lacy.sh.run("true", { env = { A = {} } })`, wantErr: "field 'env': A: string or false expected, got table"},
	})
}

// TestShInterrupt checks that cancelling the script stops a running
// command promptly.
func TestShInterrupt(t *testing.T) {
	e := plainEnv(t)
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	start := time.Now()
	err := e.vm.Exec(ctx, lacylua.Source{Name: "t.lua", Code: []byte(`require("lacy").sh.run("sleep 10"); while true do end`)})
	if d := time.Since(start); d > 3*time.Second {
		t.Fatalf("took %v", d)
	}
	var le *lacylua.Error
	if !errors.As(err, &le) || le.Message != "interrupted" {
		t.Fatalf("err = %v, want interrupted", err)
	}
}
