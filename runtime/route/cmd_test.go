package route

import (
	"testing"

	"github.com/lacy-sh/lacy/runtime/iostreams"
)

func TestRunClassify(t *testing.T) {
	c := newTestClassifier(t, Words{})
	tests := []struct {
		name, stdin string
		args        []string
		status      int
		out         string
		errOut      bool
	}{
		{"args", "", []string{"git status", "find all files larger than 100MB"}, 0,
			"shell\tfirst-word-command\tgit status\nagent\tenglish\tfind all files larger than 100MB\n", false},
		{"stdin", "ls\n\n@hi there\r\n/clear\n", nil, 0,
			"shell\tlone-command\tls\nneutral\tempty\t\nagent\tprefix-agent\t@hi there\nslash\tslash\t/clear\n", false},
		{"mode", "", []string{"--mode", "agent", "ls -la"}, 0, "agent\tmode-agent\tls -la\n", false},
		{"mode=", "", []string{"--mode=shell", "--", "why?"}, 0, "shell\tmode-shell\twhy?\n", false},
		{"bad mode", "", []string{"--mode", "fast"}, 2, "", true},
		{"missing mode", "", []string{"-m"}, 2, "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ios, out, errOut := iostreams.Test(tt.stdin)
			if got := RunClassify(ios, tt.args, c); got != tt.status {
				t.Errorf("status = %d, want %d", got, tt.status)
			}
			if out.String() != tt.out {
				t.Errorf("stdout = %q, want %q", out.String(), tt.out)
			}
			if (errOut.Len() > 0) != tt.errOut {
				t.Errorf("stderr = %q", errOut.String())
			}
		})
	}
}
