package route

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// testPrograms are installed as stubs on the test PATH. Several are English
// words on purpose (find, sort, make, which, yes, who, nice, hello, restart).
var testPrograms = []string{
	"git", "ls", "find", "make", "docker", "kubectl", "npm", "go", "cargo", "which", "yes",
	"who", "nice", "hello", "sort", "grep", "cat", "vim", "python", "python3", "ssh", "curl", "tar",
	"sudo", "node", "rm", "mkdir", "chmod", "top", "list", "show", "print", "open", "restart",
}

func newTestClassifier(t testing.TB, w Words, defined ...string) *Classifier {
	t.Helper()
	dir := t.TempDir()
	for _, p := range testPrograms {
		if err := os.WriteFile(filepath.Join(dir, p), []byte("#!/bin/sh\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	k := &Knowledge{Path: NewPathIndex(dir), Builtins: []string{"jobs", "fg", "bg", "history"}}
	if len(defined) > 0 {
		k.Defined = func(name string) bool {
			for _, d := range defined {
				if d == name {
					return true
				}
			}
			return false
		}
	}
	c, err := New(Config{Words: w, Knowledge: k})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestClassify(t *testing.T) {
	c := newTestClassifier(t, Words{}, "ll", "deploy-all")
	tests := []struct {
		line  string
		mode  Mode
		route Route
		rule  string
		text  string // "" means the trimmed line
	}{
		// Empty lines show the mode.
		{"", Auto, Neutral, RuleEmpty, ""},
		{"   ", Auto, Neutral, RuleEmpty, ""},
		{"", ShellMode, Shell, RuleModeShell, ""},
		{"", AgentMode, Agent, RuleModeAgent, ""},
		// Prefixes win in every mode.
		{"!rm /tmp/test", Auto, Shell, RuleBang, "rm /tmp/test"},
		{"  !rm -rf *", AgentMode, Shell, RuleBang, "rm -rf *"},
		{"@fix the bug", Auto, Agent, RuleAt, "fix the bug"},
		{"@ make sure the tests pass", ShellMode, Agent, RuleAt, "make sure the tests pass"},
		{"#why is it slow", Auto, Agent, RuleAt, "why is it slow"},
		{"#/agent reviewer", Auto, Slash, RuleSlash, "/agent reviewer"},
		{"#/clear", ShellMode, Slash, RuleSlash, "/clear"},
		{"? find files bigger than 100mb", Auto, Translate, RuleTranslate, "find files bigger than 100mb"},
		{"?", Auto, Translate, RuleTranslate, ""},
		{"?foo", ShellMode, Shell, RuleModeShell, "?foo"},
		{"/agent reviewer", Auto, Slash, RuleSlash, "/agent reviewer"},
		{"/agents", AgentMode, Slash, RuleSlash, "/agents"},
		{"/mode", Auto, Slash, RuleSlash, "/mode"},
		{"/model gpt", Auto, Slash, RuleSlash, "/model gpt"},
		{"/context", Auto, Slash, RuleSlash, "/context"},
		{"/help", Auto, Slash, RuleSlash, "/help"},
		{"/usr/bin/env python3", Auto, Shell, RulePath, ""},
		{"/agentsmith", Auto, Shell, RulePath, ""},
		// Modes.
		{"what files", ShellMode, Shell, RuleModeShell, ""},
		{"ls -la", AgentMode, Agent, RuleModeAgent, ""},
		// Shape rules.
		{"(cd src && make)", Auto, Shell, RuleSyntax, ""},
		{"| grep x", Auto, Shell, RuleSyntax, ""},
		{"FOO=bar", Auto, Shell, RuleAssignment, ""},
		{"FOO=bar BAZ=qux", Auto, Shell, RuleAssignment, ""},
		{"CC=gcc make -j4", Auto, Shell, RuleCommand, ""},
		{"./script.sh", Auto, Shell, RulePath, ""},
		{"../bin/run --fast", Auto, Shell, RulePath, ""},
		{"~/bin/tool", Auto, Shell, RulePath, ""},
		{"$EDITOR main.go", Auto, Shell, RulePath, ""},
		{"$(which python3) app.py", Auto, Shell, RulePath, ""},
		{"git log | head", Auto, Shell, RuleSyntax, ""},
		{"make && make install", Auto, Shell, RuleSyntax, ""},
		{"sort the lines > out.txt", Auto, Shell, RuleSyntax, ""},
		{"for f in *.go; do gofmt -w $f; done", Auto, Shell, RuleKeyword, ""},
		{"for i in 1 2 3; do echo $i; done", Auto, Shell, RuleKeyword, ""},
		{"while true; do date; sleep 1; done", Auto, Shell, RuleKeyword, ""},
		{"if [ -f .env ]\nthen source .env\nfi", Auto, Shell, RuleKeyword, ""},
		{"make test # run the tests", Auto, Shell, RuleCommand, ""},
		{"[[ $variable =~ pattern ]]", Auto, Shell, RuleKeyword, ""},
		{"{ echo a; echo b; } > out", Auto, Shell, RuleKeyword, ""},
		// Reserved words start no command.
		{"do we have a way to uninstall?", Auto, Agent, RuleReserved, ""},
		{"in the codebase where is auth?", Auto, Agent, RuleReserved, ""},
		{"then what happens next", Auto, Agent, RuleReserved, ""},
		{"do?", Auto, Agent, RuleReserved, ""},
		// Lone words.
		{"ls", Auto, Shell, RuleLoneCommand, ""},
		{"make", Auto, Shell, RuleLoneCommand, ""},
		{"help", Auto, Shell, RuleLoneBuiltin, ""},
		{"jobs", Auto, Shell, RuleLoneBuiltin, ""},
		{"ll", Auto, Shell, RuleLoneBuiltin, ""},
		{"if", Auto, Shell, RuleLoneBuiltin, ""},
		{"thanks", Auto, Agent, RuleAgentWord, ""},
		{"why?", Auto, Agent, RuleAgentWord, ""},
		{"YES", Auto, Agent, RuleAgentWord, ""},
		{"which", Auto, Agent, RuleAgentWord, ""},
		{"asdfgh", Auto, Shell, RuleLoneUnknown, ""},
		{"cd..", Auto, Shell, RuleLoneUnknown, ""},
		// Conversational lines.
		{"yes please", Auto, Agent, RuleAgentWord, ""},
		{"ok, thanks!", Auto, Agent, RuleAgentWord, ""},
		{"nice work", Auto, Agent, RuleAgentWord, ""},
		{"who am i", Auto, Agent, RuleAgentWord, ""},
		{"which python3", Auto, Shell, RuleCommand, ""},
		{"which -a git", Auto, Shell, RuleCommand, ""},
		{"yes | rm -i x", Auto, Shell, RuleSyntax, ""},
		{"nice -n 10 make", Auto, Shell, RuleCommand, ""},
		// Free-text commands stay shell.
		{"echo the quick brown fox", Auto, Shell, RuleFreeText, ""},
		{"printf what is this", Auto, Shell, RuleFreeText, ""},
		// The model: shape against English.
		{"git status", Auto, Shell, RuleCommand, ""},
		{"git push origin main", Auto, Shell, RuleCommand, ""},
		{"git commit -m \"fix the bug in the parser\"", Auto, Shell, RuleCommand, ""},
		{"find . -name '*.go'", Auto, Shell, RuleCommand, ""},
		{"kubectl get all", Auto, Shell, RuleCommand, ""},
		{"vim main.go", Auto, Shell, RuleCommand, ""},
		{"ssh user@example.com", Auto, Shell, RuleCommand, ""},
		{"python3 app.py", Auto, Shell, RuleCommand, ""},
		{"gti status", Auto, Shell, RuleUnknown, ""},
		{"kubeclt get pods -n kube-system", Auto, Shell, RuleUnknown, ""},
		{"find all files larger than 100MB", Auto, Agent, RuleEnglish, ""},
		{"Find all files larger than 100MB", Auto, Agent, RuleEnglish, ""},
		{"sort the lines of data.txt by the second column", Auto, Agent, RuleEnglish, ""},
		{"list all docker containers that are running", Auto, Agent, RuleEnglish, ""},
		{"why is the build failing?", Auto, Agent, RuleAgentWord, ""},
		{"the build is failing, why?", Auto, Agent, RuleEnglish, ""},
		{"how do I undo the last commit", Auto, Agent, RuleAgentWord, ""},
		{"fix the bug", Auto, Agent, RuleEnglish, ""},
		{"what files are here", Auto, Agent, RuleAgentWord, ""},
		{"can you refactor this module", Auto, Agent, RuleEnglish, ""},
		{"(GNU specific) Display the CPU usage of all processes.", Auto, Agent, RuleEnglish, ""},
		{"that didn't work", Auto, Agent, RuleEnglish, ""},
	}
	for _, tt := range tests {
		d := c.Classify(tt.line, tt.mode)
		text := tt.text
		if text == "" && tt.route != Translate {
			text = strings.TrimSpace(tt.line)
		}
		if d.Route != tt.route || d.Rule != tt.rule || d.Text != text {
			t.Errorf("Classify(%q, %s) = %s %s %q (score %.2f), want %s %s %q",
				tt.line, tt.mode, d.Route, d.Rule, d.Text, d.Score, tt.route, tt.rule, text)
		}
	}
}

func TestClassifyWordSpan(t *testing.T) {
	c := newTestClassifier(t, Words{})
	tests := []struct {
		line, word string
	}{
		{"git status", "git"},
		{"   ls -la", "ls"},
		{"FOO=1 make", "make"},
		{"!  rm x", "rm"},
		{"(cd src && make)", "cd"},
		{"/agent x", "/agent"},
		{"#/clear", "/clear"},
		{"gti status", "gti"},
		{"", ""},
		{"@hi", ""},
	}
	for _, tt := range tests {
		d := c.Classify(tt.line, Auto)
		if got := tt.line[d.Word.Start:d.Word.End]; got != tt.word {
			t.Errorf("Classify(%q).Word = %v (%q), want %q", tt.line, d.Word, got, tt.word)
		}
	}
}

func TestConfigWords(t *testing.T) {
	c := newTestClassifier(t, Words{Agent: []string{"Merci"}, Reserved: []string{"alors"}, Shell: []string{"mytool"}})
	tests := []struct {
		line  string
		route Route
		rule  string
	}{
		{"merci", Agent, RuleAgentWord},
		{"alors on fait quoi", Agent, RuleReserved},
		{"mytool", Shell, RuleLoneCommand},
		{"mytool build --fast", Shell, RuleCommand},
	}
	for _, tt := range tests {
		if d := c.Classify(tt.line, Auto); d.Route != tt.route || d.Rule != tt.rule {
			t.Errorf("Classify(%q) = %s %s, want %s %s", tt.line, d.Route, d.Rule, tt.route, tt.rule)
		}
	}
}

func TestSlashExtra(t *testing.T) {
	c, err := New(Config{Slash: []string{"/undo"}})
	if err != nil {
		t.Fatal(err)
	}
	if d := c.Classify("/undo", Auto); d.Route != Slash {
		t.Errorf("Classify(/undo) = %s, want slash", d.Route)
	}
	if d := c.Classify("/usr/bin/x", Auto); d.Route != Shell {
		t.Errorf("Classify(/usr/bin/x) = %s, want shell", d.Route)
	}
}

func TestParseMode(t *testing.T) {
	for _, m := range []Mode{Auto, ShellMode, AgentMode} {
		if got, ok := ParseMode(m.String()); !ok || got != m {
			t.Errorf("ParseMode(%q) = %v, %v", m.String(), got, ok)
		}
	}
	if _, ok := ParseMode("fast"); ok {
		t.Error("ParseMode(fast) succeeded")
	}
}

func TestWeightsComplete(t *testing.T) {
	c := newTestClassifier(t, Words{})
	w := c.Weights()
	if len(w) != len(FeatureNames())+1 {
		t.Fatalf("Weights has %d entries, want %d features + threshold", len(w), len(FeatureNames()))
	}
	if _, err := parseWeights([]string{"bias\t1"}); err == nil {
		t.Error("parseWeights accepted a file missing features")
	}
	if _, err := parseWeights([]string{"nonsense\t1"}); err == nil {
		t.Error("parseWeights accepted an unknown feature")
	}
}
