package stdlib

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	lacylua "github.com/lacy-sh/lacy/lua"
	"github.com/lacy-sh/lacy/runtime/iostreams"
)

func TestUI(t *testing.T) {
	cases := []struct {
		luaCase
		input  string
		prompt string // what stderr shows
	}{
		{luaCase{name: "confirm yes", code: `print(lacy.ui.confirm("Go on?"))`, want: "true\n"}, "y\n", "Go on? [y/N] "},
		{luaCase{name: "confirm no", code: `print(lacy.ui.confirm("Go on?"))`, want: "false\n"}, "No\n", "Go on? [y/N] "},
		{luaCase{name: "confirm default", code: `print(lacy.ui.confirm("Go on?", { default = true }))`, want: "true\n"}, "\n", "Go on? [Y/n] "},
		{luaCase{name: "confirm asks again", code: `print(lacy.ui.confirm("Go on?"))`, want: "true\n"}, "maybe\nyes\n", "Go on? [y/N] Please answer y or n.\nGo on? [y/N] "},
		{luaCase{name: "confirm end of input", code: `lacy.ui.confirm("Go on?")`, wantErr: "lacy.ui.confirm: end of input"}, "", ""},
		{luaCase{name: "select by number", code: `print(lacy.ui.select("Pick", { "red", "green" }))`, want: "green\t2\n"}, "2\n", "Pick\n  1) red\n  2) green\nChoose 1-2: "},
		{luaCase{name: "select by text", code: `print(lacy.ui.select("Pick", { "red", "green" }))`, want: "red\t1\n"}, "RED\n", ""},
		{luaCase{name: "select default", code: `print(lacy.ui.select("Pick", { "red", "green" }, { default = 2 }))`, want: "green\t2\n"}, "\n", "Pick\n  1) red\n  2) green\nChoose 1-2 [2]: "},
		{luaCase{name: "select asks again", code: `print(lacy.ui.select("Pick", { "a" }))`, want: "a\t1\n"}, "5\n1\n", ""},
		{luaCase{name: "input", code: `print(lacy.ui.input("Name: "))`, want: "Ada Lovelace\n"}, "Ada Lovelace\r\n", "Name: "},
		{luaCase{name: "input default", code: `print(lacy.ui.input("Name:", { default = "x" }))`, want: "x\n"}, "\n", "Name: [x] "},
		{luaCase{name: "input last line without newline", code: `print(lacy.ui.input("? "))`, want: "abc\n"}, "abc", ""},
		{luaCase{name: "spinner without a terminal on stderr", code: `print(lacy.ui.spinner("working", function(a, b) return a + b, "x" end, 1, 2))`, want: "3\tx\n"}, "", ""},
		{luaCase{name: "spinner error goes through", code: `lacy.ui.spinner("working", function() error("inner") end)`, wantErr: "test.lua:1: inner"}, "", ""},
		{luaCase{name: "confirm bad argument", code: `lacy.ui.confirm()`, wantErr: "bad argument #1 to 'lacy.ui.confirm' (string expected, got no value)"}, "", ""},
		{luaCase{name: "select bad options", code: `lacy.ui.select("q", {})`, wantErr: "bad argument #2 to 'lacy.ui.select' (a non-empty list of strings expected)"}, "", ""},
		{luaCase{name: "select bad default", code: `lacy.ui.select("q", { "a" }, { default = 3 })`, wantErr: "bad argument #3 to 'lacy.ui.select' (field 'default': an index from 1 to 1 expected, got 3)"}, "", ""},
		{luaCase{name: "input bad option", code: `lacy.ui.input("q", { secret = 1 })`, wantErr: "bad argument #2 to 'lacy.ui.input' (field 'secret': boolean expected, got number)"}, "", ""},
		{luaCase{name: "spinner bad function", code: `lacy.ui.spinner("q", "f")`, wantErr: "bad argument #2 to 'lacy.ui.spinner' (function expected, got string)"}, "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ios, _, errOut := iostreams.Test(c.input)
			ios.SetTTY(true, false, false)
			e := newEnv(t, "", Deps{IO: ios})
			err := e.run(c.code)
			out := e.out
			if c.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), c.wantErr) {
					t.Fatalf("error = %v, want %q", err, c.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if out.String() != c.want {
				t.Errorf("output %q, want %q", out.String(), c.want)
			}
			if c.prompt != "" && errOut.String() != c.prompt {
				t.Errorf("stderr %q, want %q", errOut.String(), c.prompt)
			}
		})
	}
}

// TestUINoTerminal checks that prompts fail at once without a terminal.
func TestUINoTerminal(t *testing.T) {
	runCases(t, plainEnv, []luaCase{
		{name: "confirm", code: `lacy.ui.confirm("ok?")`, wantErr: "test.lua:1: lacy.ui.confirm: no terminal (stdin is not a tty)"},
		{name: "select", code: `lacy.ui.select("ok?", { "a" })`, wantErr: "lacy.ui.select: no terminal (stdin is not a tty)"},
		{name: "input", code: `lacy.ui.input("name")`, wantErr: "lacy.ui.input: no terminal (stdin is not a tty)"},
		{name: "spinner runs anyway", code: `print(lacy.ui.spinner("x", function() return 1 end))`, want: "1\n"},
	})
}

// TestUIInterrupt checks that Ctrl-C stops a prompt that waits for input.
func TestUIInterrupt(t *testing.T) {
	r, w := io.Pipe()
	defer w.Close()
	ios, _, _ := iostreams.Test("")
	ios.In = r
	ios.SetTTY(true, false, false)
	e := newEnv(t, "", Deps{IO: ios})
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(50*time.Millisecond, cancel)
	err := e.vm.Exec(ctx, lacylua.Source{Name: "t.lua", Code: []byte(`require("lacy").ui.confirm("wait?")`)})
	var le *lacylua.Error
	if !errors.As(err, &le) || !strings.Contains(le.Message, "interrupted") {
		t.Fatalf("err = %v, want interrupted", err)
	}
}

func TestSpin(t *testing.T) {
	var b strings.Builder
	stop := spin(&b, "busy")
	time.Sleep(150 * time.Millisecond)
	stop()
	s := b.String()
	if !strings.Contains(s, "⠋ busy") || !strings.HasSuffix(s, "\r\x1b[K") {
		t.Errorf("spinner wrote %q", s)
	}
}
