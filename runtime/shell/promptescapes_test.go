package shell

import (
	"os/user"
	"testing"
)

// ${var@P} decodes prompt escapes as bash does (interpreter patch 160), in
// the shell and in a command substitution (oh-my-posh's PS1 runs it so).
func TestPromptEscapesAtP(t *testing.T) {
	u, err := user.Current()
	if err != nil {
		t.Skip(err)
	}
	tests := []struct{ src, want string }{
		{`p='\u'; echo "${p@P}"`, u.Username + "\n"},
		{`p='a\[\e[1m\]b'; echo "${p@P}"`, "a\x1b[1mb\n"},
		{`p='x\\y'; echo "${p@P}"`, "x\\y\n"},
		{`p='OMP[0]\u'; x=$(echo "${p@P}"); echo "$x"`, "OMP[0]" + u.Username + "\n"},
	}
	for _, tt := range tests {
		if _, out, errs := run(t, tt.src); out != tt.want {
			t.Errorf("%s: got %q (%s), want %q", tt.src, out, errs, tt.want)
		}
	}
}
