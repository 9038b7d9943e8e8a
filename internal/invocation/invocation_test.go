package invocation

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParse(t *testing.T) {
	tests := []struct {
		args []string
		want Invocation
		err  string
	}{
		{nil, Invocation{}, ""},
		{[]string{"-c", "echo hi", "name", "a"}, Invocation{Command: true, Operands: []string{"echo hi", "name", "a"}}, ""},
		{[]string{"-l", "-c", "x"}, Invocation{Command: true, Login: true, Operands: []string{"x"}}, ""},
		{[]string{"--login", "-c", "x"}, Invocation{Command: true, Login: true, Operands: []string{"x"}}, ""},
		{[]string{"-lc", "x"}, Invocation{Command: true, Login: true, Operands: []string{"x"}}, ""},
		{[]string{"-c", "-l", "x"}, Invocation{Command: true, Login: true, Operands: []string{"x"}}, ""},
		{[]string{"-il"}, Invocation{Interactive: true, Login: true, Operands: []string{}}, ""},
		{[]string{"-s", "a", "-b"}, Invocation{Stdin: true, Operands: []string{"a", "-b"}}, ""},
		{[]string{"script.sh", "-x"}, Invocation{Operands: []string{"script.sh", "-x"}}, ""},
		{[]string{"-e", "+x", "-o", "pipefail", "s"}, Invocation{SetOptions: []string{"-e", "+x", "-o", "pipefail"}, Operands: []string{"s"}}, ""},
		{[]string{"--noprofile", "--norc", "--", "-c"}, Invocation{NoProfile: true, NoRC: true, Operands: []string{"-c"}}, ""},
		{[]string{"-", "a"}, Invocation{Operands: []string{"a"}}, ""},
		{[]string{"--rcfile", "rc", "-i", "-c", "x"}, Invocation{RCFile: "rc", Interactive: true, Command: true, Operands: []string{"x"}}, ""},
		{[]string{"--init-file", "rc"}, Invocation{RCFile: "rc", Operands: []string{}}, ""},
		{[]string{"-O", "nullglob", "+O", "dotglob", "-c", "x"}, Invocation{Shopts: []string{"-s", "nullglob", "-u", "dotglob"}, Command: true, Operands: []string{"x"}}, ""},
		{[]string{"--rcfile"}, Invocation{}, "--rcfile: option requires an argument"},
		{[]string{"-c"}, Invocation{}, "-c: option requires an argument"},
		{[]string{"-o"}, Invocation{}, "-o: option requires an argument"},
		{[]string{"-Z"}, Invocation{}, "-Z: invalid option"},
		{[]string{"+l"}, Invocation{}, "+l: invalid option"},
		{[]string{"--bogus"}, Invocation{}, "--bogus: invalid option"},
	}
	for _, tt := range tests {
		got, err := Parse(tt.args)
		if tt.err != "" {
			if err == nil || err.Error() != tt.err {
				t.Errorf("Parse(%q) error %v, want %q", tt.args, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.args, err)
			continue
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("Parse(%q) (-want +got):\n%s", tt.args, diff)
		}
	}
}

func FuzzParse(f *testing.F) {
	f.Add("-lc\x00echo hi\x00name")
	f.Add("--login\x00-o\x00pipefail\x00script")
	f.Fuzz(func(t *testing.T, joined string) {
		args := splitNUL(joined)
		inv, err := Parse(args)
		if err != nil {
			return
		}
		// Operands are a suffix of the arguments, and -c always has one.
		if len(inv.Operands) > len(args) || !slices.Equal(inv.Operands, args[len(args)-len(inv.Operands):]) {
			t.Fatalf("operands %q are not a suffix of %q", inv.Operands, args)
		}
		if inv.Command && len(inv.Operands) == 0 {
			t.Fatalf("-c without a command string: %q", args)
		}
	})
}

func splitNUL(s string) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); i++ {
		if s[i] == 0 {
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

func TestProfiles(t *testing.T) {
	home := t.TempDir()
	if got := Profiles(home); len(got) != 1 || got[0][0] != "/etc/profile" {
		t.Fatalf("no profile: %q", got)
	}
	for _, name := range []string{".profile", ".lacy_profile"} {
		if err := os.WriteFile(filepath.Join(home, name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got := Profiles(home)
	if len(got) != 2 || got[1] != [2]string{filepath.Join(home, ".lacy_profile"), "~/.lacy_profile"} {
		t.Fatalf("with both: %q", got)
	}
}
