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
	"who", "nice", "hello", "sort", "grep", "cat", "vim", "python", "python3", "cp", "touch", "ssh", "curl", "tar",
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
		{"", ModeAuto, Neutral, RuleEmpty, ""},
		{"   ", ModeAuto, Neutral, RuleEmpty, ""},
		{"", ModeShell, Shell, RuleModeShell, ""},
		{"", ModeAgent, Agent, RuleModeAgent, ""},
		// Prefixes win in every mode.
		{"!rm /tmp/test", ModeAuto, Shell, RuleBang, "rm /tmp/test"},
		{"  !rm -rf *", ModeAgent, Shell, RuleBang, "rm -rf *"},
		// "! cmd" is bash's negation: the line runs as typed, in every mode.
		{"! false && echo ok", ModeAuto, Shell, RuleNegation, ""},
		{"! grep -q x file", ModeAgent, Shell, RuleNegation, ""},
		{"!  rm x", ModeShell, Shell, RuleNegation, ""},
		{"@fix the bug", ModeAuto, Agent, RuleAt, "fix the bug"},
		{"@ make sure the tests pass", ModeShell, Agent, RuleAt, "make sure the tests pass"},
		{"#why is it slow", ModeAuto, Agent, RuleAt, "why is it slow"},
		{"# install the tools\nmake deps\n", ModeAuto, Shell, RuleShellCode, "# install the tools\nmake deps"},
		{"#!/bin/bash\necho hi", ModeAgent, Shell, RuleShellCode, "#!/bin/bash\necho hi"},
		{"#! /usr/bin/env sh", ModeAuto, Shell, RuleShellCode, "#! /usr/bin/env sh"},
		{"#!important: why is it slow", ModeAuto, Agent, RuleAt, "!important: why is it slow"},
		{"#/agent reviewer", ModeAuto, Slash, RuleSlash, "/agent reviewer"},
		{"#/clear", ModeShell, Slash, RuleSlash, "/clear"},
		{"? find files bigger than 100mb", ModeAuto, Translate, RuleTranslate, "find files bigger than 100mb"},
		{"?", ModeAuto, Translate, RuleTranslate, ""},
		{"?foo", ModeShell, Shell, RuleModeShell, "?foo"},
		{"/agent reviewer", ModeAuto, Slash, RuleSlash, "/agent reviewer"},
		{"/agents", ModeAgent, Slash, RuleSlash, "/agents"},
		{"/mode", ModeAuto, Slash, RuleSlash, "/mode"},
		{"/model gpt", ModeAuto, Slash, RuleSlash, "/model gpt"},
		{"/context", ModeAuto, Slash, RuleSlash, "/context"},
		{"/help", ModeAuto, Slash, RuleSlash, "/help"},
		{"/usr/bin/env python3", ModeAuto, Shell, RulePath, ""},
		{"/agentsmith", ModeAuto, Shell, RulePath, ""},
		// Modes.
		{"what files", ModeShell, Shell, RuleModeShell, ""},
		{"ls -la", ModeAgent, Agent, RuleModeAgent, ""},
		// Agent mode traps nobody: exit, logout, cd and clear stay the shell's.
		{"exit", ModeAgent, Shell, RuleAgentShell, ""},
		{"exit 1", ModeAgent, Shell, RuleAgentShell, ""},
		{"logout", ModeAgent, Shell, RuleAgentShell, ""},
		{"cd", ModeAgent, Shell, RuleAgentShell, ""},
		{"cd ~/src/lacy", ModeAgent, Shell, RuleAgentShell, ""},
		{"cd .. && ls", ModeAgent, Shell, RuleAgentShell, ""},
		{"clear", ModeAgent, Shell, RuleAgentShell, ""},
		{"clear the cache for me", ModeAgent, Agent, RuleModeAgent, ""},
		{"cd into the repo and run the tests", ModeAgent, Agent, RuleModeAgent, ""},
		{"exit", ModeShell, Shell, RuleModeShell, ""},
		// Shape rules.
		{"(cd src && make)", ModeAuto, Shell, RuleSyntax, ""},
		{"| grep x", ModeAuto, Shell, RuleSyntax, ""},
		{"FOO=bar", ModeAuto, Shell, RuleAssignment, ""},
		{"FOO=bar BAZ=qux", ModeAuto, Shell, RuleAssignment, ""},
		{"CC=gcc make -j4", ModeAuto, Shell, RuleCommand, ""},
		{"./script.sh", ModeAuto, Shell, RulePath, ""},
		{"../bin/run --fast", ModeAuto, Shell, RulePath, ""},
		{"~/bin/tool", ModeAuto, Shell, RulePath, ""},
		{"$EDITOR main.go", ModeAuto, Shell, RulePath, ""},
		{"$(which python3) app.py", ModeAuto, Shell, RulePath, ""},
		{"git log | head", ModeAuto, Shell, RuleSyntax, ""},
		{"make && make install", ModeAuto, Shell, RuleSyntax, ""},
		{"sort the lines > out.txt", ModeAuto, Shell, RuleSyntax, ""},
		{"for f in *.go; do gofmt -w $f; done", ModeAuto, Shell, RuleKeyword, ""},
		{"for i in 1 2 3; do echo $i; done", ModeAuto, Shell, RuleKeyword, ""},
		{"while true; do date; sleep 1; done", ModeAuto, Shell, RuleKeyword, ""},
		{"if [ -f .env ]\nthen source .env\nfi", ModeAuto, Shell, RuleKeyword, ""},
		{"make test # run the tests", ModeAuto, Shell, RuleCommand, ""},
		{"cp a b", ModeAuto, Shell, RuleCommand, ""},
		{"touch a b c", ModeAuto, Shell, RuleCommand, ""},
		{"[[ $variable =~ pattern ]]", ModeAuto, Shell, RuleKeyword, ""},
		{"{ echo a; echo b; } > out", ModeAuto, Shell, RuleKeyword, ""},
		// Reserved words start no command.
		{"do we have a way to uninstall?", ModeAuto, Agent, RuleReserved, ""},
		{"in the codebase where is auth?", ModeAuto, Agent, RuleReserved, ""},
		{"then what happens next", ModeAuto, Agent, RuleReserved, ""},
		{"do?", ModeAuto, Agent, RuleReserved, ""},
		// Lone words.
		{"ls", ModeAuto, Shell, RuleLoneCommand, ""},
		{"make", ModeAuto, Shell, RuleLoneCommand, ""},
		{"help", ModeAuto, Shell, RuleLoneBuiltin, ""},
		{"jobs", ModeAuto, Shell, RuleLoneBuiltin, ""},
		{"ll", ModeAuto, Shell, RuleDefined, ""},
		// A user's function or alias keeps English arguments in the shell.
		{"deploy-all to the staging servers please", ModeAuto, Shell, RuleDefined, ""},
		{"if", ModeAuto, Shell, RuleLoneBuiltin, ""},
		{"thanks", ModeAuto, Agent, RuleAgentWord, ""},
		{"why?", ModeAuto, Agent, RuleAgentWord, ""},
		{"YES", ModeAuto, Agent, RuleAgentWord, ""},
		{"which", ModeAuto, Agent, RuleAgentWord, ""},
		{"asdfgh", ModeAuto, Shell, RuleLoneUnknown, ""},
		{"cd..", ModeAuto, Shell, RuleLoneUnknown, ""},
		// Conversational lines.
		{"yes please", ModeAuto, Agent, RuleAgentWord, ""},
		{"ok, thanks!", ModeAuto, Agent, RuleAgentWord, ""},
		{"nice work", ModeAuto, Agent, RuleAgentWord, ""},
		{"who am i", ModeAuto, Agent, RuleAgentWord, ""},
		{"which python3", ModeAuto, Shell, RuleCommand, ""},
		{"which -a git", ModeAuto, Shell, RuleCommand, ""},
		{"yes | rm -i x", ModeAuto, Shell, RuleSyntax, ""},
		{"nice -n 10 make", ModeAuto, Shell, RuleCommand, ""},
		// Free-text commands stay shell.
		{"echo the quick brown fox", ModeAuto, Shell, RuleFreeText, ""},
		{"printf what is this", ModeAuto, Shell, RuleFreeText, ""},
		// The model: shape against English.
		{"git status", ModeAuto, Shell, RuleCommand, ""},
		{"git push origin main", ModeAuto, Shell, RuleCommand, ""},
		{"git commit -m \"fix the bug in the parser\"", ModeAuto, Shell, RuleCommand, ""},
		{"find . -name '*.go'", ModeAuto, Shell, RuleCommand, ""},
		{"kubectl get all", ModeAuto, Shell, RuleCommand, ""},
		{"vim main.go", ModeAuto, Shell, RuleCommand, ""},
		{"ssh user@example.com", ModeAuto, Shell, RuleCommand, ""},
		{"python3 app.py", ModeAuto, Shell, RuleCommand, ""},
		{"gti status", ModeAuto, Shell, RuleUnknown, ""},
		{"kubeclt get pods -n kube-system", ModeAuto, Shell, RuleUnknown, ""},
		{"find all files larger than 100MB", ModeAuto, Agent, RuleEnglish, ""},
		{"Find all files larger than 100MB", ModeAuto, Agent, RuleEnglish, ""},
		{"sort the lines of data.txt by the second column", ModeAuto, Agent, RuleEnglish, ""},
		{"list all docker containers that are running", ModeAuto, Agent, RuleEnglish, ""},
		{"why is the build failing?", ModeAuto, Agent, RuleAgentWord, ""},
		{"the build is failing, why?", ModeAuto, Agent, RuleEnglish, ""},
		{"how do I undo the last commit", ModeAuto, Agent, RuleAgentWord, ""},
		{"fix the bug", ModeAuto, Agent, RuleEnglish, ""},
		{"what files are here", ModeAuto, Agent, RuleAgentWord, ""},
		{"can you refactor this module", ModeAuto, Agent, RuleEnglish, ""},
		{"(GNU specific) Display the CPU usage of all processes.", ModeAuto, Agent, RuleEnglish, ""},
		{"that didn't work", ModeAuto, Agent, RuleEnglish, ""},
		// Apostrophes inside English words are prose, not quotes.
		{"what's using port 8080", ModeAuto, Agent, RuleAgentWord, ""},
		{"why doesn't this work", ModeAuto, Agent, RuleAgentWord, ""},
		{"what’s using port 8080", ModeAuto, Agent, RuleAgentWord, ""},
		{"what's up?", ModeAuto, Agent, RuleAgentWord, ""},
		{"don't do that", ModeAuto, Agent, RuleReserved, ""},
		{"it's broken", ModeAuto, Agent, RuleEnglish, ""},
		{"the users' files are gone", ModeAuto, Agent, RuleEnglish, ""},
		{"grep 'foo", ModeAuto, Shell, RuleCommand, ""},
		{"git commit -m 'fix the bug", ModeAuto, Shell, RuleCommand, ""},
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

// TestClassifyLanguages covers issue 15: other scripts and languages, short
// requests, pasted output and commands of programs that are not installed.
func TestClassifyLanguages(t *testing.T) {
	c := newTestClassifier(t, Words{})
	tests := []struct {
		line  string
		route Route
		rule  string
	}{
		// A sentence of a script written without spaces is one word, but
		// no command and no typo.
		{"显示当前目录下的所有文件", Agent, RuleScript},
		{"谢谢", Agent, RuleScript},
		{"このエラーの意味を教えてください", Agent, RuleScript},
		{"通过在`history`中出现的`行号`来调取命令", Agent, RuleScript},
		{"이 에러가 무슨 뜻이야", Agent, RuleScript},
		{"покажи самые большие файлы в этой папке", Agent, RuleScript},
		{"lösche alle Logdateien", Agent, RuleScript},
		{"ما العملية التي تستخدم المنفذ 8080", Agent, RuleScript},
		// Command lines with localized arguments stay shell.
		{"rm -rf 临时文件", Shell, RuleCommand},
		{"cat 笔记.txt", Shell, RuleCommand},
		{"mkdir новая_папка", Shell, RuleCommand},
		{"git commit -m \"修复登录页面的错误\"", Shell, RuleCommand},
		{"grep -r \"错误\" 日志/", Shell, RuleCommand},
		{"cp コピー元ファイルへのパス コピー先ファイルへのパス", Shell, RuleCommand},
		// Documentation templates standing for a command are no prose.
		{"명령어 > 경로/대상/파일", Shell, RuleUnknown},
		{"^문자열1^문자열2", Shell, RuleLoneUnknown},
		{"스크립트.ps1", Shell, RuleLoneUnknown},
		// …but links, slashes and [k]ey mnemonics are prose punctuation.
		{"使用指定的注册表（默认为 <https://crates.io>）", Agent, RuleScript},
		{"测试一个给定的变量是否等于/不等于指定的字符串", Agent, RuleScript},
		{"下载（[d]ownload）剧集", Agent, RuleScript},
		// …unless the arguments are a request.
		{"nginx 재시작해줘", Agent, RuleEnglish},
		{"git 설정 보여줘", Agent, RuleEnglish},
		{"docker 容器启动失败怎么办", Agent, RuleEnglish},
		// Other languages in Latin letters.
		{"zeige alle Dateien im Ordner", Agent, RuleEnglish},
		{"wie kann ich python aktualisieren", Agent, RuleEnglish},
		{"busca todos los archivos con TODO", Agent, RuleEnglish},
		{"merci", Agent, RuleAgentWord},
		// Short English requests.
		{"generate unit tests", Agent, RuleEnglish},
		{"master branch pull error", Agent, RuleEnglish},
		{"first 2 primes", Agent, RuleEnglish},
		// Pasted output.
		{"error: externally-managed-environment", Agent, RulePasted},
		{"fatal: not a git repository (or any of the parent directories): .git", Agent, RulePasted},
		{"npm ERR! code ERESOLVE", Agent, RulePasted},
		{"Traceback (most recent call last):", Agent, RulePasted},
		{"bash: nvm: command not found", Agent, RulePasted},
		{"/usr/bin/python3: No module named pip", Agent, RulePasted},
		{"^cadena1^cadena2^:&", Shell, RuleUnknown},
		{"nombre_de_la_función() { echo \"Se ha alcanzado\"; return; }", Shell, RuleSyntax},
		// Programs that are not installed.
		{"nvm install 24", Shell, RuleShape},
		{"nvm alias default node", Shell, RuleShape},
		{"pyenv global 3.12.1", Shell, RuleShape},
		{"asdf plugin add nodejs", Shell, RuleShape},
		{"NVM_DIR=$HOME/.nvm nvm install 4.2", Shell, RuleAssignment},
		{"nvm", Agent, RuleAgentWord},
		{"which nvm", Shell, RuleCommand},
		{"which one is faster?", Agent, RuleAgentWord},
		// Typos stay typos; words of other scripts never are.
		{"gti status", Shell, RuleUnknown},
		{"kubeclt get pods", Shell, RuleUnknown},
	}
	for _, tt := range tests {
		if d := c.Classify(tt.line, ModeAuto); d.Route != tt.route || d.Rule != tt.rule {
			t.Errorf("Classify(%q) = %s %s (score %.2f), want %s %s", tt.line, d.Route, d.Rule, d.Score, tt.route, tt.rule)
		}
	}
}

func TestStripContraction(t *testing.T) {
	for in, want := range map[string]string{
		"what's": "what", "doesn't": "does", "they're": "they", "i'm": "i", "we'll": "we",
		"it\u2019s": "it", "rock'n'roll": "rock'n'roll", "'s": "'s", "users'": "users'", "plain": "plain",
	} {
		if got := stripContraction(in); got != want {
			t.Errorf("stripContraction(%q) = %q, want %q", in, got, want)
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
		d := c.Classify(tt.line, ModeAuto)
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
		if d := c.Classify(tt.line, ModeAuto); d.Route != tt.route || d.Rule != tt.rule {
			t.Errorf("Classify(%q) = %s %s, want %s %s", tt.line, d.Route, d.Rule, tt.route, tt.rule)
		}
	}
}

func TestSlashExtra(t *testing.T) {
	c, err := New(Config{Slash: []string{"/undo"}})
	if err != nil {
		t.Fatal(err)
	}
	if d := c.Classify("/undo", ModeAuto); d.Route != Slash {
		t.Errorf("Classify(/undo) = %s, want slash", d.Route)
	}
	if d := c.Classify("/usr/bin/x", ModeAuto); d.Route != Shell {
		t.Errorf("Classify(/usr/bin/x) = %s, want shell", d.Route)
	}
}

func TestParseMode(t *testing.T) {
	for _, m := range []Mode{ModeAuto, ModeShell, ModeAgent} {
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

func TestClassifyConcurrent(t *testing.T) {
	c := newTestClassifier(t, Words{})
	want := make([]Decision, len(benchLines))
	for i, l := range benchLines {
		want[i] = c.Classify(l, ModeAuto)
	}
	done := make(chan bool)
	for g := 0; g < 4; g++ {
		go func() {
			defer func() { done <- true }()
			for n := 0; n < 200; n++ {
				i := n % len(benchLines)
				if d := c.Classify(benchLines[i], ModeAuto); d != want[i] {
					t.Errorf("Classify(%q) = %+v concurrently, want %+v", benchLines[i], d, want[i])
					return
				}
			}
		}()
	}
	for n := 0; n < 50; n++ {
		c.k.Path.Refresh(c.k.Path.Indexed())
	}
	for g := 0; g < 4; g++ {
		<-done
	}
}

func TestTranslatePrefix(t *testing.T) {
	c, err := New(Config{TranslatePrefix: ";;"})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		line  string
		route Route
		text  string
	}{
		{";; find big files", Translate, "find big files"},
		{";;", Translate, ""},
		{"? find big files", Shell, "? find big files"}, // "?" is no longer the prefix
		{";;x", Shell, ";;x"},
		{"ls;; echo", Shell, "ls;; echo"},
	}
	for _, tt := range tests {
		d := c.Classify(tt.line, ModeAuto)
		if d.Route != tt.route || d.Text != tt.text {
			t.Errorf("Classify(%q) = %v %q (%s), want %v %q", tt.line, d.Route, d.Text, d.Rule, tt.route, tt.text)
		}
	}
}
