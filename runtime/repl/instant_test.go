package repl

import (
	"slices"
	"testing"

	"github.com/lacy-sh/lacy/internal/invocation"
)

// The instant prompt's key names the files the session reads: the Lua
// config, the login profiles of a login shell, ~/.lacyrc or --rcfile.
func TestInstantKeyNamesTheStartupFiles(t *testing.T) {
	home := t.TempDir()
	env := map[string]string{"HOME": home, "XDG_CONFIG_HOME": home + "/cfg"}
	getenv := func(k string) string { return env[k] }
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", home+"/cfg")
	tests := []struct {
		name      string
		inv       invocation.Invocation
		want, not []string
	}{
		{"interactive", invocation.Invocation{}, []string{home + "/cfg/lacy/init.lua", home + "/.lacyrc.lua", home + "/.lacyrc"}, []string{"/etc/profile"}},
		{"login", invocation.Invocation{Login: true}, []string{"/etc/profile", home + "/.lacyrc"}, nil},
		{"login --noprofile", invocation.Invocation{Login: true, NoProfile: true}, []string{home + "/.lacyrc"}, []string{"/etc/profile"}},
		{"--norc", invocation.Invocation{NoRC: true}, []string{home + "/.lacyrc.lua"}, []string{home + "/.lacyrc"}},
		{"--rcfile", invocation.Invocation{RCFile: "/x/rc"}, []string{"/x/rc"}, []string{home + "/.lacyrc"}},
	}
	for _, tc := range tests {
		in := instantKeyInputs(tc.inv, getenv, home, 80)
		for _, f := range tc.want {
			if !slices.Contains(in.Files, f) {
				t.Errorf("%s: %s missing from %v", tc.name, f, in.Files)
			}
		}
		for _, f := range tc.not {
			if slices.Contains(in.Files, f) {
				t.Errorf("%s: %s in %v", tc.name, f, in.Files)
			}
		}
		if in.Login != tc.inv.Login {
			t.Errorf("%s: login %v", tc.name, in.Login)
		}
	}
}

func TestPartialLineMark(t *testing.T) {
	if got := partialLineMark(4, false); got != "%   \r\x1b[K" {
		t.Errorf("plain: %q", got)
	}
	if got := partialLineMark(2, true); got != "\x1b[7m%\x1b[0m \r\x1b[K" {
		t.Errorf("colour: %q", got)
	}
	if got := partialLineMark(0, false); got != "%\r\x1b[K" {
		t.Errorf("no width: %q", got)
	}
}
