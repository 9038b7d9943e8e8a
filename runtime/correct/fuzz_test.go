package correct_test

import (
	"strings"
	"testing"

	"github.com/lacy-sh/lacy/runtime/correct"
)

// FuzzFix feeds arbitrary lines and outputs to every rule's output
// parser: no panic, no empty fix, never the line itself.
func FuzzFix(f *testing.F) {
	f.Add("git push", "fatal: The current branch x has no upstream branch.\n    git push --set-upstream origin x\n", 128)
	f.Add("sed -e 's/\\/a/b'", "sed: -e expression #1, char 9: unterminated `s' command", 1)
	f.Add("fab a:b=c", "Warning: Command(s) not found:\n    a\n\nAvailable commands:\n\n    ab\n", 1)
	f.Add("git commit -m 'x\"", "", 1)
	f.Add("$ $ ls", "$: command not found", 127)
	f.Add("npm x", "Unknown command: \"x\"\n\nDid you mean this?\n    npm y # z\n", 1)
	f.Add("gti", "Command 'gti' not found, did you mean:\n  command 'git' from deb git\n", 127)
	f.Add("git log devlop..main", "fatal: ambiguous argument 'devlop..main': unknown revision", 128)
	f.Add("make tset", "make: *** No rule to make target 'tset'.  Stop.", 2)
	f.Add("ls --colour=auto", "ls: unrecognized option '--colour=auto'", 2)
	f.Add("docker imgaes", "docker: unknown command: docker imgaes", 1)
	c, err := correct.Default()
	if err != nil {
		f.Fatal(err)
	}
	// The general rules see a project's names and learned options.
	project := knowledge
	project.Names = func(dir, kind string) []string {
		return map[string][]string{"branch": {"main", "develop", "feature/login"}, "tag": {"v1.0.0"},
			"remote": {"origin", "upstream"}, "target": {"build", "test"}, "script": {"start", "test"}}[kind]
	}
	project.Options = func(prog, sub string) ([]string, []string, bool) {
		return []string{"--color", "--all", "--verbose", "-v"}, []string{"images", "ps", "run"}, true
	}
	f.Fuzz(func(t *testing.T, line, out string, exit int) {
		if exit == 0 {
			exit = 1
		}
		for _, k := range []correct.Knowledge{knowledge, project} {
			for _, x := range c.Fix(correct.Failure{Line: line, Output: out, Exit: exit}, k) {
				if strings.TrimSpace(x.Command) == "" || x.Command == strings.TrimSpace(line) || x.Rule == "" {
					t.Errorf("bad fix %+v for %q", x, line)
				}
			}
		}
	})
}

// FuzzParse checks the word splitter: spans lie in the line, in order.
func FuzzParse(f *testing.F) {
	for _, s := range []string{`a "b c" 'd'`, `x\`, `"unclosed`, `a&&b||c;d|e`, `sudo -u x FOO=1 env y`, "é 'ü"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l := correct.Parse(s)
		end := 0
		for _, w := range l.Words {
			if w.Start < end || w.End <= w.Start || w.End > len(s) {
				t.Fatalf("bad span %+v in %q", w, s)
			}
			end = w.End
		}
		if l.Prog > len(l.Words) {
			t.Fatalf("Prog %d > %d words", l.Prog, len(l.Words))
		}
		for i := range l.Words {
			_ = l.Replace(i, "x")
			_ = l.Remove(i)
			_ = l.InsertAfter(i, "y")
		}
	})
}

// FuzzParseRules checks the rule file parser never panics and that what
// it accepts can run.
func FuzzParseRules(f *testing.F) {
	f.Add("[a]\nprogram git\noutput x(?P<list>.*)\nsuggest list\n")
	f.Add("[b]\nscript ^(.*)$\nfix {{ .S 1 }}\n")
	f.Add("[c]\nexit 1 2\nneeds y\nfix {{ .Line | replace \"a\" \"b\" }}\n")
	f.Fuzz(func(t *testing.T, text string) {
		rules, err := correct.ParseRules("fuzz", text)
		if err != nil {
			return
		}
		rs := make([]correct.Rule, len(rules))
		for i, r := range rules {
			rs[i] = r
		}
		correct.New(rs...).Fix(correct.Failure{Line: "git x y", Output: "x y z", Exit: 1}, knowledge)
	})
}

// FuzzSplitWords checks the candidate splitter returns clean words.
func FuzzSplitWords(f *testing.F) {
	f.Add("`build`?")
	f.Add("blame, phase, rebase?)")
	f.Add("  * put-item\n  * get-item")
	f.Fuzz(func(t *testing.T, s string) {
		for _, w := range correct.SplitWords(s) {
			if w == "" || strings.ContainsAny(w, " \t\n,|") {
				t.Fatalf("bad word %q from %q", w, s)
			}
		}
	})
}
