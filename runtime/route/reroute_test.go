package route

import "testing"

func TestShouldReroute(t *testing.T) {
	c := newTestClassifier(t, Words{})
	tests := []struct {
		line   string
		mode   Mode
		status int
		stderr string
		want   bool // the line ends with the agent: at once, or after the failure
	}{
		// Seed 000's reference examples (most go to the agent at once).
		{"find out how the auth system works", ModeAuto, 1, "find: out: unknown primary or operator", true},
		{"make sure the tests pass", ModeAuto, 2, "make: *** No rule to make target 'sure'.  Stop.", true},
		{"git me the latest changes", ModeAuto, 1, "git: 'me' is not a git command. See 'git --help'.", true},
		{"go ahead and fix the tests", ModeAuto, 2, "go ahead: unknown command\nRun 'go help' for usage.", true},
		{"go for it and deploy", ModeAuto, 2, "go for: unknown command", true},
		{"cargo ahead with the release", ModeAuto, 101, "error: no such command: `ahead`", true},
		{"docker is not working properly", ModeAuto, 1, "docker: unknown command: docker is", true},
		{"find the file", ModeAuto, 1, "find: the: No such file or directory", true},
		{"kill -9 my process", ModeAuto, 1, "kill: my: arguments must be process or job IDs", true},
		// Lines the classifier leaves to the shell.
		{"find files changed today", ModeAuto, 1, "find: files: No such file or directory", true},
		{"git undo last commit", ModeAuto, 1, "git: 'undo' is not a git command. See 'git --help'.", true},
		{"check disk space", ModeAuto, 1, "check: unknown option disk", true},
		// No reroute: success, signals, no error pattern, no English.
		{"find files changed today", ModeAuto, 0, "", false},
		{"find files changed today", ModeAuto, 130, "find: files: No such file or directory", false},
		{"grep -r foo", ModeAuto, 1, "grep: warning: recursive search of stdin", false},
		{"ls foo", ModeAuto, 1, "ls: foo: No such file or directory", false},
		{"ls -la /nonexistent", ModeAuto, 1, "ls: /nonexistent: No such file or directory", false},
		{"cd /tmp", ModeAuto, 1, "cd: too many arguments", false},
		{"git log --oneline", ModeAuto, 128, "fatal: not a git repository", false},
		{"npm install", ModeAuto, 1, "npm ERR! code ENOENT", false},
		{"cat file.txt bar.txt baz.txt", ModeAuto, 1, "some other output", false},
		{"ls", ModeAuto, 1, "command not found", false},
		// The line's program is simply missing: "command not found" says so.
		{"sudo echo two", ModeAuto, 127, "lacy: sudo: command not found", false},
		{"htop please", ModeAuto, 127, "lacy: htop: command not found", false},
		{"kubectl get pods", ModeAuto, 127, "lacy: kubectl: command not found", false},
		{"doas echo two", ModeAuto, 127, "lacy: doas: command not found", false},
		{"echo level; lacy -c true", ModeAuto, 127, "lacy: lacy: command not found", false},
		// Only the classifier's own shell decisions in auto mode.
		{"make sure the tests pass", ModeShell, 2, "No rule to make target 'sure'", false},
		{"!find files changed today", ModeAuto, 1, "find: files: No such file or directory", false},
		{"git stauts", ModeAuto, 1, "git: 'stauts' is not a git command. See 'git --help'.", false},
		{"./run the tests", ModeAuto, 1, "./run: the: No such file or directory", false},
	}
	for _, tt := range tests {
		got, reason := c.ShouldReroute(tt.line, tt.mode, tt.status, tt.stderr)
		if d := c.Classify(tt.line, tt.mode); d.Route == Agent {
			if got {
				t.Errorf("ShouldReroute(%q) = true for a line that went to the agent", tt.line)
			}
			got, reason = true, "classified"
		}
		if got != tt.want {
			t.Errorf("ShouldReroute(%q, %s, %d, %q) = %v (%s), want %v", tt.line, tt.mode, tt.status, tt.stderr, got, reason, tt.want)
		}
		if got && reason == "" {
			t.Errorf("ShouldReroute(%q) gave no reason", tt.line)
		}
	}
}
