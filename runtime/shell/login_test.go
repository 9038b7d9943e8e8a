package shell

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"
)

// A login shell's $0 is -lacy and `shopt -q login_shell` holds; SHLVL
// counts levels (issue 18, item 10).
func TestLoginShellAndLevel(t *testing.T) {
	tests := []struct {
		login bool
		src   string
		want  string
	}{
		{true, "echo $0", "-lacy\n"},
		{false, "echo $0", "lacy\n"},
		{true, "shopt -q login_shell && echo yes", "yes\n"},
		{false, "shopt -q login_shell || echo no", "no\n"},
		{false, "shopt -q login_shell expand_aliases || echo no", "no\n"},
		{true, "echo $SHLVL; bash -c 'echo $SHLVL'", "3\n4\n"},
	}
	for _, tt := range tests {
		var out bytes.Buffer
		sh, err := New(Options{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &out, Interactive: true,
			Login: tt.login, Env: NextLevel([]string{"PATH=" + os.Getenv("PATH"), "SHLVL=2"})})
		if err != nil {
			t.Fatal(err)
		}
		_, _ = sh.Run(context.Background(), tt.src, "")
		if out.String() != tt.want {
			t.Errorf("login=%v %q: %q, want %q", tt.login, tt.src, out.String(), tt.want)
		}
		sh.Close()
	}
}
