package app

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lacy-sh/lacy/internal/invocation"
	"github.com/lacy-sh/lacy/runtime/iostreams"
)

// The running lacy's folder joins PATH only when no lacy is on it
// (issue 18, item 12).
func TestPathWithSelf(t *testing.T) {
	withLacy, without := t.TempDir(), t.TempDir()
	if err := os.WriteFile(filepath.Join(withLacy, "lacy"), []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(without, "lacy"), []byte("not a program"), 0o644); err != nil {
		t.Fatal(err)
	}
	self := "/opt/src/lacy/bin/lacy"
	tests := []struct{ path, want string }{
		{"/usr/bin:" + without, "/usr/bin:" + without + ":/opt/src/lacy/bin"},
		{"/usr/bin:" + withLacy, "/usr/bin:" + withLacy},
		{"", "/opt/src/lacy/bin"},
	}
	for _, tt := range tests {
		if got := pathWithSelf(tt.path, self); got != tt.want {
			t.Errorf("pathWithSelf(%q) = %q, want %q", tt.path, got, tt.want)
		}
	}
}

// Main turns what a command returns into one exit status and one message.
func TestMainExitCodes(t *testing.T) {
	tests := []struct {
		name    string
		err     error
		code    int
		errText string
	}{
		{"nil", nil, 0, ""},
		{"plain error", errors.New("boom"), 1, "lacy: ask: boom\n"},
		{"silent status", Status(3), 3, ""},
		{"status 0", Status(0), 0, ""},
		{"usage", UsageError(errors.New("no command given")), 2, "lacy: ask: no command given\n"},
		{"wrapped", fmt.Errorf("ctx: %w", &ExitError{Code: 130, Err: errors.New("interrupted")}), 130, "lacy: ask: ctx: interrupted\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut strings.Builder
			f := &Factory{IO: &iostreams.IO{In: strings.NewReader(""), Out: &out, ErrOut: &errOut}}
			var got []string
			cmds := map[string]Command{"ask": func(_ *Factory, args []string) error { got = args; return tt.err }}
			if code := Main([]string{"ask", "x", "y"}, f, cmds); code != tt.code {
				t.Errorf("exit %d, want %d", code, tt.code)
			}
			if errOut.String() != tt.errText {
				t.Errorf("stderr %q, want %q", errOut.String(), tt.errText)
			}
			if strings.Join(got, " ") != "x y" {
				t.Errorf("args %q", got)
			}
		})
	}
}

// A table name without code is one clear line, not a script run.
func TestMainMissingCommand(t *testing.T) {
	var errOut strings.Builder
	f := &Factory{IO: &iostreams.IO{In: strings.NewReader(""), Out: io.Discard, ErrOut: &errOut}}
	if code := Main([]string{"doctor"}, f, nil); code != 127 || !strings.Contains(errOut.String(), "doctor: not in this build") {
		t.Errorf("exit %d, %q", code, errOut.String())
	}
}

// Anything not in the table reaches the shell: a script, -c, stdin.
func TestMainShell(t *testing.T) {
	var ran []string
	f := &Factory{
		IO:       &iostreams.IO{In: strings.NewReader(""), Out: io.Discard, ErrOut: io.Discard},
		RunBatch: func(_ *iostreams.IO, inv invocation.Invocation) int { ran = append(ran, inv.Operands...); return 7 },
	}
	if code := Main([]string{"deploy", "arg"}, f, map[string]Command{}); code != 7 || strings.Join(ran, " ") != "deploy arg" {
		t.Errorf("exit %d, ran %q", code, ran)
	}
}
