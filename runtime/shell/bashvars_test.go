package shell

import (
	"os"
	"strings"
	"testing"
)

// TestBashVars: scripts and the interactive shell see bash's identity
// variables, BASH_VERSINFO is read-only, and none of them is exported.
func TestBashVars(t *testing.T) {
	self, _ := os.Executable()
	host, _ := os.Hostname()
	for _, interactive := range []bool{false, true} {
		cases := []struct{ src, want string }{
			{`echo "$BASH_VERSION"`, BashVersion + "\n"},
			{`echo "${BASH_VERSINFO[0]}.${BASH_VERSINFO[1]} ${#BASH_VERSINFO[@]} ${BASH_VERSINFO[4]}"`, "5.2 6 release\n"},
			{`[ "$BASH" = "` + self + `" ] && echo same`, "same\n"},
			{`echo "$MACHTYPE" | grep -c -- -`, "1\n"},
			{`env | grep -c '^BASH'`, "0\n"},
			{`(( BASH_VERSINFO[0] > 5 || (BASH_VERSINFO[0] == 5 && BASH_VERSINFO[1] >= 1) )) && echo array-prompt-command`, "array-prompt-command\n"},
			{`BASH_VERSINFO=1 2>/dev/null; echo "${BASH_VERSINFO[0]}"`, "5\n"},
			{`[ "$HOSTNAME" = "` + host + `" ] && env | grep -c '^HOSTNAME='`, "0\n"},
		}
		for _, c := range cases {
			_, out, errOut := run(t, c.src, func(o *Options) { o.Interactive = interactive })
			if out != c.want {
				t.Errorf("interactive=%v %s: got %q (stderr %q), want %q", interactive, c.src, out, errOut, c.want)
			}
		}
	}
}

func TestBashVarsKeepsEnvironmentsOSTYPE(t *testing.T) {
	_, out, _ := run(t, `echo "$OSTYPE $HOSTTYPE"; env | grep -c '^OSTYPE=mine$'`, func(o *Options) {
		o.Env = []string{"OSTYPE=mine", "PATH=" + os.Getenv("PATH")}
	})
	if !strings.HasPrefix(out, "mine ") || !strings.HasSuffix(out, "\n1\n") || strings.Contains(out, "mine \n") {
		t.Fatalf("got %q", out)
	}
}

// TestBashVarsLeavePipestatus: nothing runs before the first command, so
// PIPESTATUS starts empty, as in bash.
func TestBashVarsLeavePipestatus(t *testing.T) {
	if _, out, _ := run(t, `echo "[${PIPESTATUS[@]}]"`); out != "[]\n" {
		t.Fatalf("got %q", out)
	}
}
