package core

import "testing"

func TestHistIgnored(t *testing.T) {
	tests := []struct {
		line, ignore string
		want         bool
	}{
		{"ls", "ls:pwd", true},
		{"ls -la", "ls:pwd", false},
		{"ls -la", "ls*:pwd", true},
		{"cat /etc/passwd", "cat *", true},
		{"echo a:b", `echo a\:b`, true},
		{"exit", "[ \t]*:&:exit", true},
		{"git push", "", false},
		{"gitx", "git?", true},
		{"git", "git?", false},
	}
	for _, tt := range tests {
		if got := histIgnored(tt.line, tt.ignore, ""); got != tt.want {
			t.Errorf("histIgnored(%q, %q) = %v", tt.line, tt.ignore, got)
		}
	}
}

func TestGlobLine(t *testing.T) {
	tests := []struct {
		pat, s string
		want   bool
	}{
		{"*", "", true}, {"a*b*c", "a/x/b/y/c", true}, {"a*b", "acb/", false},
		{"**", "x", true}, {"?", "", false}, {"*a*a*a*a*b", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", false},
	}
	for _, tt := range tests {
		if got := globLine(tt.pat, tt.s); got != tt.want {
			t.Errorf("globLine(%q, %q) = %v", tt.pat, tt.s, got)
		}
	}
}
