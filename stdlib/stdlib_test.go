package stdlib

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	lacylua "github.com/lacy-sh/lacy/lua"
	"github.com/lacy-sh/lacy/runtime/iostreams"
)

// env is a Lua VM with the library and its output.
type env struct {
	vm  *lacylua.VM
	lib *lib
	out *bytes.Buffer // print, and the terminal's stdout unless Deps.IO is given
}

// newEnv makes a VM with the library on a test terminal whose stdin is in.
func newEnv(t *testing.T, in string, deps Deps) *env {
	t.Helper()
	ios, out, _ := iostreams.Test(in)
	if deps.IO == nil {
		deps.IO = ios
	}
	e := &env{lib: newLib(deps), out: out}
	e.vm = lacylua.New(lacylua.Options{Print: out, Extend: e.lib.extend, SetEnv: setProcessEnv})
	t.Cleanup(e.vm.Close)
	return e
}

// run runs code as test.lua, with the local lacy set (on line 1), and
// returns its error (nil, *lua.Error, *lua.ExitError).
func (e *env) run(code string, args ...string) error {
	code = `local lacy = require("lacy"); ` + code
	return e.vm.Exec(context.Background(), lacylua.Source{Name: "test.lua", Code: []byte(code)}, args...)
}

// luaCase is a snippet that must print want, or fail with an error
// containing wantErr.
type luaCase struct {
	name    string
	code    string
	want    string // printed output
	wantErr string // substring of the error ("" = no error)
}

func runCases(t *testing.T, newE func(t *testing.T) *env, cases []luaCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := newE(t)
			err := e.run(c.code)
			if c.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), c.wantErr) {
					t.Fatalf("error = %v, want it to contain %q", err, c.wantErr)
				}
				return
			}
			if err != nil {
				var le *lacylua.Error
				if errors.As(err, &le) {
					t.Fatalf("error: %v\n%s", err, le.Traceback)
				}
				t.Fatal(err)
			}
			if got := e.out.String(); got != c.want {
				t.Errorf("output:\n%s\nwant:\n%s", got, c.want)
			}
		})
	}
}

func plainEnv(t *testing.T) *env { return newEnv(t, "", Deps{}) }

// TestRequireSubmodules: require("lacy.sh") and its siblings return the
// very tables of the lacy module's fields, in scripts and in config files.
func TestRequireSubmodules(t *testing.T) {
	code := `for _, name in ipairs({ "sh", "fs", "json", "env", "ui", "log", "agent" }) do
  local m = require("lacy." .. name)
  print(name, type(m), m == lacy[name])
end
local sh = require("lacy.sh")
print(sh.run("echo via-require").stdout)`
	want := "sh\ttable\ttrue\nfs\ttable\ttrue\njson\ttable\ttrue\nenv\ttable\ttrue\n" +
		"ui\ttable\ttrue\nlog\ttable\ttrue\nagent\ttable\ttrue\nvia-require\n\n"
	e := newEnv(t, "", Deps{})
	if err := e.run(code); err != nil {
		t.Fatal(err)
	}
	if got := e.out.String(); got != want {
		t.Errorf("script:\n%s\nwant:\n%s", got, want)
	}

	// A config file (sandboxed) gets them too.
	var out bytes.Buffer
	lib := newLib(Deps{IO: e.lib.io})
	vm := lacylua.New(lacylua.Options{Print: &out, Sandbox: true, Extend: lib.extend})
	defer vm.Close()
	if _, errs := vm.LoadConfig(lacylua.Source{Name: "init.lua", Code: []byte(`print(require("lacy.json").encode({ a = 1 }), require("lacy.fs") == require("lacy").fs)`)}); len(errs) > 0 {
		t.Fatal(errs)
	}
	if out.String() != "{\"a\":1}\ttrue\n" {
		t.Errorf("config: %q", out.String())
	}
}
