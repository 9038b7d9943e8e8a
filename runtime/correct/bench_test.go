package correct_test

import (
	"os"
	"testing"

	"github.com/lacy-sh/lacy/runtime/correct"
	"github.com/lacy-sh/lacy/runtime/route"
)

// BenchmarkFixOffline is one correction of each kind, in turn: a program
// typo searched over this machine's PATH (plus a synthetic 1,400 names so
// the search is never trivially small), git's own suggestion, git push
// without upstream, a package manager, a permission error, and failures
// with no fix. The budget (DESIGN §7) is 5 ms per correction.
func BenchmarkFixOffline(b *testing.B) {
	c, err := correct.Default()
	if err != nil {
		b.Fatal(err)
	}
	names := route.NewPathIndex(os.Getenv("PATH")).Names()
	for i := 0; len(names) < 1400; i++ {
		names = append(names, "prog"+string(rune('a'+i%26))+string(rune('a'+i/26%26))+string(rune('a'+i/676%26)))
	}
	k := correct.Knowledge{Commands: append(names, "git", "python3", "apt"), Freq: func(string) int { return 0 }}
	cases := []correct.Failure{
		{Line: "gti status", Exit: 127, Output: "bash: gti: command not found"},
		{Line: "git stauts", Exit: 1, Output: "git: 'stauts' is not a git command. See 'git --help'.\n\nThe most similar command is\n\tstatus"},
		{Line: "git push", Exit: 128, Output: "fatal: The current branch main has no upstream branch.\nTo push the current branch and set the remote as upstream, use\n\n    git push --set-upstream origin main\n"},
		{Line: "apt-get instal htop", Exit: 100, Output: "E: Invalid operation instal"},
		{Line: "npm isntall express", Exit: 1, Output: "Unknown command: \"isntall\"\n\nDid you mean this?\n    npm install # Install a package\n"},
		{Line: "cat /etc/shadow", Exit: 1, Output: "cat: /etc/shadow: Permission denied"},
		{Line: "make test", Exit: 2, Output: "go test ./...\n--- FAIL: TestX (0.00s)\n    x_test.go:12: got 1, want 2\nFAIL\nmake: *** [Makefile:3: test] Error 1"},
		{Line: "python3 app.py", Exit: 1, Output: "Traceback (most recent call last):\n  File \"app.py\", line 3, in <module>\n    main()\nValueError: bad value"},
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c.Fix(cases[i%len(cases)], k)
	}
}
