package correct_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lacy-sh/lacy/runtime/correct"
	"github.com/lacy-sh/lacy/runtime/learn"
	"github.com/lacy-sh/lacy/runtime/route"
	"github.com/lacy-sh/lacy/runtime/session"
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

// BenchmarkFix is the general rules on the held-out project, in turn: a
// mistyped branch, remote, make target, npm script (read from the
// repository, the Makefile and package.json on every failure, as the
// session does), a long option among learned options, and a path. The
// budget is 5 ms per correction.
func BenchmarkFix(b *testing.B) {
	benchFix(b, false)
}

// BenchmarkFixLearned is BenchmarkFix with the user's learned rules in
// front (500 of them, the store's bound), every other failure hitting one.
func BenchmarkFixLearned(b *testing.B) {
	benchFix(b, true)
}

func benchFix(b *testing.B, learned bool) {
	dir := benchProject(b)
	c, err := correct.Default()
	if err != nil {
		b.Fatal(err)
	}
	cases := []correct.Failure{
		{Line: "git switch devlop", Exit: 128, Output: "fatal: invalid reference: devlop\n"},
		{Line: "git push orgin main", Exit: 128, Output: "fatal: 'orgin' does not appear to be a git repository\nfatal: Could not read from remote repository.\n"},
		{Line: "make tset", Exit: 2, Output: "make: *** No rule to make target 'tset'.  Stop.\n"},
		{Line: "npm run biuld", Exit: 1, Output: "npm error Missing script: \"biuld\"\nnpm error\nnpm error To see a list of scripts, run:\nnpm error   npm run\n"},
		{Line: "ls --colour=auto", Exit: 2, Output: "ls: unrecognized option '--colour=auto'\nTry 'ls --help' for more information.\n"},
		{Line: "cat READNE.md", Exit: 1, Output: "cat: READNE.md: No such file or directory\n"},
	}
	if learned {
		s, err := learn.Open("")
		if err != nil {
			b.Fatal(err)
		}
		for i := 0; i < 500; i++ {
			for j := 0; j < 2; j++ {
				s.Ran(fmt.Sprintf("tool%d run", i), dir, 1, true)
				s.Ran(fmt.Sprintf("tool%d run --fixed", i), dir, 0, true)
			}
		}
		c.Add(session.LearnedRule{Store: s})
		var mixed []correct.Failure
		for i, f := range cases {
			mixed = append(mixed, f, correct.Failure{Line: fmt.Sprintf("tool%d run", i*7), Exit: 1})
		}
		cases = mixed
	}
	names := append(strings.Fields("git make npm ls cat"), route.NewPathIndex(os.Getenv("PATH")).Names()...)
	k := session.CorrectKnowledge(names, nil)
	opts := map[string][]string{"ls": {"--all", "--almost-all", "--color", "--classify", "--reverse", "--size", "--sort"}}
	k.Options = func(prog, sub string) ([]string, []string, bool) {
		o, ok := opts[prog]
		return o, nil, ok && sub == ""
	}
	for i := range cases {
		cases[i].Cwd = dir
		if len(c.Fix(cases[i], k)) == 0 {
			b.Fatalf("no fix for %q", cases[i].Line)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c.Fix(cases[i%len(cases)], k)
	}
}

// benchProject is a git repository with branches, remotes, a Makefile
// and a package.json, made without git (its files written directly).
func benchProject(b *testing.B) string {
	dir := b.TempDir()
	files := map[string]string{
		".git/HEAD":                     "ref: refs/heads/main\n",
		".git/config":                   "[core]\n\tbare = false\n[remote \"origin\"]\n\turl = x\n[remote \"upstream\"]\n\turl = y\n",
		".git/refs/heads/main":          "0000000000000000000000000000000000000000\n",
		".git/refs/heads/develop":       "0000000000000000000000000000000000000000\n",
		".git/refs/heads/feature/login": "0000000000000000000000000000000000000000\n",
		".git/packed-refs":              "# pack-refs with: peeled fully-peeled sorted\n0000000000000000000000000000000000000000 refs/tags/v1.0.0\n",
		"Makefile":                      "build:\n\techo\ntest:\n\techo\nlint:\n\techo\n",
		"package.json":                  `{"scripts":{"build":"x","test":"y"}}`,
		"README.md":                     "x\n",
	}
	for name, body := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	return dir
}
