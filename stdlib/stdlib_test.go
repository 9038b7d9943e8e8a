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
