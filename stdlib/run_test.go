package stdlib

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lacy-sh/lacy/runtime/iostreams"
)

// isolate points the config and state directories at a temporary home.
func isolate(t *testing.T) string {
	t.Helper()
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
	t.Setenv("XDG_STATE_HOME", filepath.Join(home, ".state"))
	return home
}

func TestRunScript(t *testing.T) {
	home := isolate(t)
	t.Chdir(home)
	cfgDir := filepath.Join(home, ".config", "lacy")
	if err := os.MkdirAll(cfgDir, 0o777); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(cfgDir, "init.lua"), []byte(`FROM_CONFIG = "yes"; MOD = require("mymod")`), 0o666)
	os.MkdirAll(filepath.Join(cfgDir, "lua"), 0o777)
	os.WriteFile(filepath.Join(cfgDir, "lua", "mymod.lua"), []byte(`return "module"`), 0o666)

	for _, c := range []struct {
		name       string
		script     string // written to s.lua unless empty
		args       []string
		stdin      string
		status     int
		stdout     string
		stderrHas  []string
		stderrNone bool
	}{
		{name: "arg like lua(1)", script: `print(arg[0], arg[1], arg[2], #arg, ...)`, args: []string{"s.lua", "a", "b c"},
			stdout: "s.lua\ta\tb c\t2\ta\tb c\n", stderrNone: true},
		{name: "config loaded first", script: `print(FROM_CONFIG, MOD)`, args: []string{"s.lua"}, stdout: "yes\tmodule\n", stderrNone: true},
		{name: "shebang skipped, lines kept", script: "#!/usr/bin/env -S lacy run\n\nerror('here')", args: []string{"s.lua"},
			status: 1, stderrHas: []string{"lacy: s.lua:3: here\n", "stack traceback:"}},
		{name: "runtime error", script: "local t\nlocal function f() return t.x end\nf()", args: []string{"s.lua"},
			status: 1, stderrHas: []string{"lacy: s.lua:2: attempt to index a non-table object(nil) with key 'x'\nstack traceback:\n", "s.lua:3: in main chunk"}},
		{name: "stdlib error names function", script: "\nrequire('lacy').fs.read(42 > 1)", args: []string{"s.lua"},
			status: 1, stderrHas: []string{"lacy: s.lua:2: bad argument #1 to 'lacy.fs.read' (string expected, got boolean)"}},
		{name: "syntax error", script: "print(1)\nlocal = 2\n", args: []string{"s.lua"}, status: 1, stderrHas: []string{"lacy: s.lua:2: syntax error near '='"}},
		{name: "exit code", script: "os.exit(5)", args: []string{"s.lua"}, status: 5, stderrNone: true},
		{name: "exit inside pcall", script: "pcall(os.exit, 7); print('not reached')", args: []string{"s.lua"}, status: 7},
		{name: "exit true false", script: "os.exit(false)", args: []string{"s.lua"}, status: 1, stderrNone: true},
		{name: "exit true", script: "os.exit(true)", args: []string{"s.lua"}, status: 0},
		{name: "error with a table", script: "error({ code = 1 })", args: []string{"s.lua"}, status: 1, stderrHas: []string{"lacy: "}},
		{name: "missing script", args: []string{"nope.lua"}, status: 2, stderrHas: []string{"lacy: nope.lua: no such file or directory\n"}},
		{name: "a directory", args: []string{"."}, status: 2, stderrHas: []string{"lacy: .: is a directory"}},
		{name: "no script", status: 2, stderrHas: []string{"usage: lacy run file.lua"}},
		{name: "help", args: []string{"--help"}, stdout: RunUsage + "\n"},
		{name: "stdin script", args: []string{"-", "x"}, stdin: "print(arg[0], arg[1])", stdout: "stdin\tx\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.script != "" {
				os.WriteFile("s.lua", []byte(c.script), 0o666)
			}
			ios, out, errOut := iostreams.Test(c.stdin)
			status := RunScript(ios, c.args, Deps{})
			if status != c.status {
				t.Errorf("status %d, want %d (stderr %q)", status, c.status, errOut)
			}
			if c.stdout != "" && out.String() != c.stdout {
				t.Errorf("stdout %q, want %q", out, c.stdout)
			}
			for _, s := range c.stderrHas {
				if !strings.Contains(errOut.String(), s) {
					t.Errorf("stderr %q does not contain %q", errOut, s)
				}
			}
			if c.stderrNone && errOut.Len() > 0 {
				t.Errorf("stderr %q, want nothing", errOut)
			}
		})
	}
}

func TestSkipShebang(t *testing.T) {
	for in, want := range map[string]string{
		"#!/bin/lacy\nprint(1)": "\nprint(1)",
		"#!only":                "",
		"print(1)":              "print(1)",
		"":                      "",
	} {
		if got := string(skipShebang([]byte(in))); got != want {
			t.Errorf("skipShebang(%q) = %q, want %q", in, got, want)
		}
	}
}
