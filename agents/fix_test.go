package agents

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParseFixReply(t *testing.T) {
	tests := []struct {
		reply string
		want  []string
	}{
		{"```sh\npip install pyyaml && python3 app.py\n```", []string{"pip install pyyaml && python3 app.py"}},
		{"Try:\n```\n$ git status\n$ git log\n```\nThe first one lists changes.", []string{"git status", "git log"}},
		{"1. ls -la\n2. ls -A", []string{"ls -la", "ls -A"}},
		{"```\n```", nil},
		{"```\necho 'unclosed\nok\n```", []string{"ok"}},
		{"```\n# a comment\na\nb\nc\nd\na\n```", []string{"a", "b", "c"}},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, ParseFixReply(tt.reply)); diff != "" {
			t.Errorf("ParseFixReply(%q) (-want +got):\n%s", tt.reply, diff)
		}
	}
}

func FuzzParseFixReply(f *testing.F) {
	f.Add("```sh\nls\n```")
	f.Add("1. a | b\n2. `x`")
	f.Fuzz(func(t *testing.T, s string) {
		got := ParseFixReply(s)
		if len(got) > maxFixes {
			t.Fatalf("%d fixes", len(got))
		}
		for _, c := range got {
			if c == "" || !parses(c) {
				t.Fatalf("bad fix %q", c)
			}
		}
	})
}
