package correct_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/lacy-sh/lacy/internal/correctbench/bench"
	"github.com/lacy-sh/lacy/internal/shareddata"
	"github.com/lacy-sh/lacy/runtime/correct"
	"github.com/lacy-sh/lacy/runtime/session"
)

// knowledge is a small fixed session: what a Debian machine with git,
// Python and Node has on PATH, plus builtins.
var knowledge = correct.Knowledge{Commands: strings.Fields(`
	git python3 pip pip3 npm node apt apt-get apt-cache dpkg sudo ls cat cp mv rm mkdir touch grep sed awk
	find less vim nano curl wget ssh scp tar gzip make go docker systemctl journalctl man chmod chown ln
	cd echo printf export source alias type test pwd kill jobs fg bg history exit read set unset
	ps top htop kill df du free head tail sort uniq wc xargs diff patch file stat which whoami`)}

func fixes(t *testing.T, f correct.Failure, k correct.Knowledge) []string {
	t.Helper()
	c, err := correct.Default()
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, x := range c.Fix(f, k) {
		out = append(out, x.Command)
	}
	return out
}

// TestRealFailures are failures as bash, coreutils, git, pip, npm and apt
// print them on Debian, with the fix a user wants first.
func TestRealFailures(t *testing.T) {
	tests := []struct {
		line, out string
		exit      int
		want      string // first fix; "" for none
	}{
		{"gti status", "bash: gti: command not found", 127, "git status"},
		{"gti log --oneline", "lacy: gti: command not found", 127, "git log --oneline"},
		{"pyhton3 -m venv .venv", "bash: pyhton3: command not found", 127, "python3 -m venv .venv"},
		{"python script.py", "bash: python: command not found", 127, "python3 script.py"},
		{"sl", "bash: sl: command not found", 127, "ls"},
		{"cs /etc", "bash: cs: command not found", 127, "cd /etc"},
		{"grpe foo file", "bash: grpe: command not found", 127, "grep foo file"},
		{"mkdri build", "bash: mkdri: command not found", 127, "mkdir build"},
		{"cd..", "bash: cd..: command not found", 127, "cd .."},
		{"git stauts", "git: 'stauts' is not a git command. See 'git --help'.\n\nThe most similar command is\n\tstatus", 1, "git status"},
		{"git comit -m x", "git: 'comit' is not a git command. See 'git --help'.\n\nThe most similar command is\n\tcommit", 1, "git commit -m x"},
		{"git psuh", "git: 'psuh' is not a git command. See 'git --help'.\n\nThe most similar command is\n\tpush", 1, "git push"},
		{"git push", "fatal: The current branch feature has no upstream branch.\nTo push the current branch and set the remote as upstream, use\n\n    git push --set-upstream origin feature\n\nTo have this happen automatically for branches without a tracking\nupstream, see 'push.autoSetupRemote' in 'git help config'.\n", 128, "git push --set-upstream origin feature"},
		{"git checkout -b main", "fatal: a branch named 'main' already exists", 128, "git checkout main"},
		{"git add build/", "The following paths are ignored by one of your .gitignore files:\nbuild\nhint: Use -f if you really want to add them.", 1, "git add --force build/"},
		{"git pull", "error: cannot pull with rebase: You have unstaged changes.\nerror: please commit or stash them.", 128, "git stash && git pull && git stash pop"},
		{"git rm src", "fatal: not removing 'src' recursively without -r", 128, "git rm -r src"},
		{"pip instal requests", "ERROR: unknown command \"instal\" - maybe you meant \"install\"", 1, "pip install requests"},
		{"pip install requests", "ERROR: Could not install packages due to an OSError: [Errno 13] Permission denied: '/usr/local/lib/python3.11'\nConsider using the `--user` option or check the permissions.", 1, "pip install --user requests"},
		{"npm isntall express", "Unknown command: \"isntall\"\n\nDid you mean this?\n    npm install # Install a package\nTo see a list of supported npm commands, run:\n  npm help", 1, "npm install express"},
		{"npm run biuld", "npm ERR! Missing script: \"biuld\"\nnpm ERR!\nnpm ERR! Did you mean this?\nnpm ERR!     npm run build # run the \"build\" package script", 1, "npm run build"},
		{"apt install htop", "E: Could not open lock file /var/lib/dpkg/lock-frontend - open (13: Permission denied)\nE: Unable to acquire the dpkg frontend lock (/var/lib/dpkg/lock-frontend), are you root?", 100, "sudo apt install htop"},
		{"apt-get instal htop", "E: Invalid operation instal", 100, "apt-get install htop"},
		{"sudo apt udpate", "E: Invalid operation udpate", 100, "sudo apt update"},
		{"cat /etc/shadow", "cat: /etc/shadow: Permission denied", 1, "sudo cat /etc/shadow"},
		{"./deploy.sh", "bash: ./deploy.sh: Permission denied", 126, "chmod +x ./deploy.sh && ./deploy.sh"},
		{"mkdir a/b/c", "mkdir: cannot create directory 'a/b/c': No such file or directory", 1, "mkdir -p a/b/c"},
		{"touch logs/today.txt", "touch: cannot touch 'logs/today.txt': No such file or directory", 1, "mkdir -p logs && touch logs/today.txt"},
		{"cp notes.txt backup/2024/", "cp: cannot create regular file 'backup/2024/': Not a directory", 1, ""},
		{"cp notes.txt backup/2024/notes.txt", "cp: cannot create regular file 'backup/2024/notes.txt': No such file or directory", 1, "mkdir -p backup/2024 && cp notes.txt backup/2024/notes.txt"},
		{"cp src dst", "cp: -r not specified; omitting directory 'src'", 1, "cp -r src dst"},
		{"rm build", "rm: cannot remove 'build': Is a directory", 1, "rm -r build"},
		{"grep TODO src", "grep: src: Is a directory", 2, "grep -r TODO src"},
		{"python3 app.py", "Traceback (most recent call last):\n  File \"app.py\", line 1, in <module>\n    import yaml\nModuleNotFoundError: No module named 'yaml'", 1, "pip install pyyaml && python3 app.py"},
		{"python3 -c 'import cv2.aruco'", "ModuleNotFoundError: No module named 'cv2'", 1, "pip install opencv-python && python3 -c 'import cv2.aruco'"},
		{"ls -l | grpe foo", "bash: grpe: command not found", 127, "ls -l | grep foo"},
		{"sudo gti pull", "sudo: gti: command not found", 1, "sudo git pull"},
		{"node server.js", "node:internal/modules/cjs/loader:1080\n  throw err;\n  ^\n\nError: Cannot find module 'express'\nRequire stack:\n- /srv/app/server.js", 1, "npm install express && node server.js"},
		{"node server.js", "Error: Cannot find module './routes'", 1, ""},
		{"python3 -m venv .venv", "The virtual environment was not created successfully because ensurepip is not\navailable.  On Debian/Ubuntu systems, you need to install the python3-venv\npackage using the following command.\n\n    apt install python3.11-venv\n\nYou may need to use sudo with that command.", 1, "sudo apt install python3.11-venv && python3 -m venv .venv"},
		{"pip install requests", "error: externally-managed-environment\n\n× This environment is externally managed\n╰─> To install Python packages system-wide, try apt install\n    python3-xyz, where xyz is the package you are trying to\n    install.", 1, "sudo apt install python3-requests"},
		{"git commit -m wip", "On branch main\nChanges not staged for commit:\n\tmodified:   a.go\n\nno changes added to commit (use \"git add\" and/or \"git commit -a\")", 1, "git commit -a -m wip"},
		{"echo 1 > /proc/sys/vm/drop_caches", "bash: /proc/sys/vm/drop_caches: Permission denied", 1, `sudo sh -c "echo 1 > /proc/sys/vm/drop_caches"`},
		{"git remote add origin git@example.com:x.git", "error: remote origin already exists.", 3, "git remote set-url origin git@example.com:x.git"},
		{"python3 -m pip install rich", "/usr/bin/python3: No module named pip", 1, "sudo apt install python3-pip && python3 -m pip install rich"},
		{"sudo dpkg -i foo.deb", "dpkg: dependency problems prevent configuration of foo:\n foo depends on libbar; however:\n  Package libbar is not installed.", 1, "sudo apt-get install -f"},
		{"systemctl statsu nginx", "Unknown command verb statsu.", 1, "systemctl status nginx"},
		{"git push -u origin main", "error: src refspec main does not match any\nerror: failed to push some refs to 'github.com:me/x.git'", 1, "git commit -m \"Initial commit\" && git push -u origin main"},
		{"git stauts", "\x1b[31mgit: 'stauts' is not a git command. See 'git --help'.\x1b[m\r\n\r\nThe most similar command is\r\n\tstatus\r\n", 1, "git status"},
		{"git push origin mian", "error: src refspec mian does not match any\nerror: failed to push some refs to 'origin'", 1, "git push origin main"},
		{"git checkout mastr", "error: pathspec 'mastr' did not match any file(s) known to git", 1, "git checkout master"},
		{"git pull origin mian", "fatal: couldn't find remote ref mian", 1, "git pull origin main"},
		{"git clone htps://github.com/x/y", "Cloning into 'y'...\nfatal: protocol 'htps' is not supported", 128, "git clone https://github.com/x/y"},
		{"sudo apt install python", "Package python is not available, but is referred to by another package.\nThis may mean that the package is missing, has been obsoleted, or\nis only available from another source\nHowever the following packages replace it:\n  python-is-python3 2to3\n\nE: Package 'python' has no installation candidate", 100, "sudo apt install python-is-python3"},
		{"cd~", "bash: cd~: command not found", 127, "cd ~"},
		{"ls-la", "bash: ls-la: command not found", 127, "ls -la"},
		{"gitstatus", "bash: gitstatus: command not found", 127, "git status"},
		{"git rebase --contine", "error: unknown option `contine'\nusage: git rebase [-i] [options] [--exec <cmd>] [--onto <newbase> | --keep-base] [<upstream> [<branch>]]\n   or: git rebase --continue | --abort | --skip | --edit-todo\n\n    --onto <revision>     rebase onto given branch instead of upstream\n    --continue            continue\n    --abort               abort and check out the original branch", 129, "git rebase --continue"},
		{"grep --recusive foo .", "grep: unrecognized option '--recusive'\nUsage: grep [OPTION]... PATTERNS [FILE]...\nTry 'grep --help' for more information.", 2, ""},
		{"npm isntall express", "npm ERR! Unknown command: \"isntall\"\nnpm ERR! \nnpm ERR! Did you mean this?\nnpm ERR!     npm install # Install a package\nnpm ERR! To see a list of supported npm commands, run:\nnpm ERR!   npm help", 1, "npm install express"},
		{"./run.sh", "bash: ./run.sh: /bin/bash^M: bad interpreter: No such file or directory", 126, `sed -i 's/\r$//' ./run.sh && ./run.sh`},
		{"ssh -i key.pem admin@10.0.0.5", "@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@\n@         WARNING: UNPROTECTED PRIVATE KEY FILE!          @\n@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@\nPermissions 0644 for 'key.pem' are too open.\nIt is required that your private key files are NOT accessible by others.", 255, "chmod 600 key.pem && ssh -i key.pem admin@10.0.0.5"},
		{"docker ps", "Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?", 1, "sudo systemctl start docker && docker ps"},
		{"sudo apt install vim", "E: dpkg was interrupted, you must manually run 'sudo dpkg --configure -a' to correct the problem.", 100, "sudo dpkg --configure -a"},
		{"ll /etc", "bash: ll: command not found", 127, "ls -l /etc"},
		{"git commit -m 'fix the build", "bash: -c: line 1: unexpected EOF while looking for matching `''", 2, "git commit -m 'fix the build'"},
		{"pip install reqeusts", "ERROR: Could not find a version that satisfies the requirement reqeusts (from versions: none)\nERROR: No matching distribution found for reqeusts", 1, "pip install requests"},
		{"npm install expresss", "npm ERR! code E404\nnpm ERR! 404 Not Found - GET https://registry.npmjs.org/expresss - Not found\nnpm ERR! 404\nnpm ERR! 404  'expresss@*' is not in this registry.", 1, "npm install express"},
		{"sudo apt install pyhton3-pip", "Reading package lists... Done\nBuilding dependency tree... Done\nE: Unable to locate package pyhton3-pip", 100, "sudo apt install python3-pip"},
		{"sudo apt install libfoo-dev", "E: Unable to locate package libfoo-dev", 100, ""},
		{"pyhton3 x.py", "Command 'pyhton3' not found, did you mean:\n  command 'python3' from deb python3 (3.11.2-1+b1)\n  command 'python3.11' from deb python3.11 (3.11.2-6)\nTry: apt install <deb name>", 127, "python3 x.py"},
		{"ipyton", "Command 'ipyton' not found, did you mean:\n  command 'ipython' from deb ipython3\nTry: apt install <deb name>", 127, "ipython"},
		{"rmdir build", "rmdir: failed to remove 'build': Directory not empty", 1, "rm -r build"},
		{"systemctl start nginx", "Failed to start nginx.service: Access denied\nSee system logs and 'systemctl status nginx.service' for details.", 1, "sudo systemctl start nginx"},
		{"docker rn -it debian", "docker: 'rn' is not a docker command.\nSee 'docker --help'", 1, "docker run -it debian"},
		{"unzip a.zip", "Command 'unzip' not found, but can be installed with:\n\nsudo apt install unzip\n", 127, "sudo apt install unzip && unzip a.zip"},
		{"gti status", "Command 'gti' not found, did you mean:\n  command 'git' from deb git (1:2.39.2-1.1)\n  command 'gt' from deb gnutls-bin\nTry: sudo apt install <deb name>", 127, "git status"},
		{"systemctl restart nginx", "Failed to restart nginx.service: Interactive authentication required.\nSee system logs and 'systemctl status nginx.service' for details.", 1, "sudo systemctl restart nginx"},
		{"docker ps", "permission denied while trying to connect to the Docker daemon socket at unix:///var/run/docker.sock", 1, "sudo docker ps"},
		{"sed -e s/a/b file", "sed: -e expression #1, char 5: unterminated `s' command", 1, "sed -e s/a/b/ file"},
		// No fix: the failure is not the command's fault.
		{"git push", "fatal: unable to access 'https://example.com/x.git/': Could not resolve host: example.com", 128, ""},
		{"cat missing.txt", "cat: missing.txt: No such file or directory", 1, ""},
		{"ls /nope", "ls: cannot access '/nope': No such file or directory", 2, ""},
		{"make", "make: *** No targets specified and no makefile found.  Stop.", 2, ""},
		{"python3 -c 'raise SystemExit(3)'", "", 3, ""},
		{"foo", "bash: foo: command not found", 127, ""},
		{"sudo cat /etc/shadow", "cat: /etc/shadow: Permission denied", 1, ""},
		{"git push", "git@github.com: Permission denied (publickey).\nfatal: Could not read from remote repository.\n\nPlease make sure you have the correct access rights\nand the repository exists.", 128, ""},
		{"sleep 10", "", 130, ""}, // Ctrl-C
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			got := fixes(t, correct.Failure{Line: tt.line, Exit: tt.exit, Output: tt.out, Cwd: "/tmp"}, knowledge)
			first := ""
			if len(got) > 0 {
				first = got[0]
			}
			if first != tt.want {
				t.Errorf("first fix = %q, want %q (all: %q)", first, tt.want, got)
			}
		})
	}
}

// TestCommandTypoRanking checks the tie-breaks of the program typo rule:
// keyboard neighbours, then history.
func TestCommandTypoRanking(t *testing.T) {
	k := correct.Knowledge{Commands: []string{"ss", "cc", "cd", "gvim", "vim", "vi"}}
	got := fixes(t, correct.Failure{Line: "cs /etc", Exit: 127}, k)
	if len(got) == 0 || got[0] != "cd /etc" {
		t.Errorf("cs: got %q, want cd first (s and d are neighbours)", got)
	}
	k = correct.Knowledge{Commands: []string{"gs", "gh"}, Freq: func(n string) int {
		if n == "gh" {
			return 9
		}
		return 0
	}}
	got = fixes(t, correct.Failure{Line: "gj", Exit: 127}, k)
	if len(got) == 0 || got[0] != "gh" {
		t.Errorf("gj: got %q, want gh first (frequent in history)", got)
	}
	for typo, want := range map[string]string{"nmp": "npm", "vmi": "vim"} {
		k := correct.Knowledge{Commands: []string{"cmp", "npm", "vi", "vim"}}
		if got := fixes(t, correct.Failure{Line: typo, Exit: 127}, k); len(got) == 0 || got[0] != want {
			t.Errorf("%s: got %q, want %s first (a swap)", typo, got, want)
		}
	}
	k = correct.Knowledge{Commands: []string{"python2", "python3", "pythonw"}}
	got = fixes(t, correct.Failure{Line: "python x.py", Exit: 127}, k)
	if len(got) == 0 || got[0] != "python3 x.py" {
		t.Errorf("python: got %q, want python3 first (the newer version)", got)
	}
	// The current branch is a candidate for a mistyped one.
	got = fixes(t, correct.Failure{Line: "git push -u origin feature/lgoin", Exit: 1,
		Output: "error: src refspec feature/lgoin does not match any"}, correct.Knowledge{Branch: "feature/login"})
	if len(got) == 0 || got[0] != "git push -u origin feature/login" {
		t.Errorf("push of a mistyped branch: got %q", got)
	}
	got = fixes(t, correct.Failure{Line: "python x.py", Exit: 127}, k)
	if len(got) == 0 || got[0] != "python3 x.py" {
		t.Errorf("python: got %q, want python3 first (the newer version)", got)
	}
}

// TestPathTypos uses the filesystem: a path argument that does not exist
// is corrected to the closest one that does; a script in the directory
// gets its ./.
func TestPathTypos(t *testing.T) {
	dir := t.TempDir()
	for _, p := range []string{"src/main.py", "notes/todo.txt", "deploy.sh", "server.js", "backup.tar.gz"} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, p), nil, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	k := session.CorrectKnowledge(knowledge.Commands, nil)
	k.Options = nil // not what this machine's user cache learned
	tests := []struct {
		line, out string
		exit      int
		want      string
	}{
		{"cat notes/tdoo.txt", "cat: notes/tdoo.txt: No such file or directory", 1, "cat notes/todo.txt"},
		{"python3 scr/main.py", "python3: can't open file '" + dir + "/scr/main.py': [Errno 2] No such file or directory", 2, "python3 src/main.py"},
		{"ls -l ntoes", "ls: cannot access 'ntoes': No such file or directory", 2, "ls -l notes"},
		{"cat nothing.txt", "cat: nothing.txt: No such file or directory", 1, ""},
		{"deploy.sh --dry", "bash: deploy.sh: command not found", 127, "./deploy.sh --dry"},
		{"./deplyo.sh", "bash: ./deplyo.sh: No such file or directory", 127, "./deploy.sh"},
		{"node serve.js", "Error: Cannot find module '" + dir + "/serve.js'\n    at Module._resolveFilename", 1, "node server.js"},
		{"tar xzf backpu.tar.gz", "tar: backpu.tar.gz: Cannot open: No such file or directory\ntar: Error is not recoverable: exiting now", 2, "tar xzf backup.tar.gz"},
	}
	for _, tt := range tests {
		got := fixes(t, correct.Failure{Line: tt.line, Exit: tt.exit, Output: tt.out, Cwd: dir}, k)
		first := ""
		if len(got) > 0 {
			first = got[0]
		}
		if first != tt.want {
			t.Errorf("%s: first fix = %q, want %q (all %q)", tt.line, first, tt.want, got)
		}
	}
}

// TestCdMissing uses the filesystem: the closest existing directory, then
// creating the one typed.
func TestCdMissing(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "Documents", "projects"), 0o755); err != nil {
		t.Fatal(err)
	}
	k := correct.Knowledge{Entries: func(d string) []string {
		ents, _ := os.ReadDir(d)
		var out []string
		for _, e := range ents {
			if e.IsDir() {
				out = append(out, e.Name())
			}
		}
		return out
	}}
	got := fixes(t, correct.Failure{Line: "cd Documnets/projcts", Exit: 1, Cwd: dir,
		Output: "lacy: cd: Documnets/projcts: No such file or directory"}, k)
	want := []string{"cd Documents/projects", "mkdir -p Documnets/projcts && cd Documnets/projcts"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("cd fixes (-want +got):\n%s", diff)
	}
}

func TestDistance(t *testing.T) {
	tests := []struct {
		a, b string
		max  int
		want int
	}{
		{"gti", "git", 2, 1},
		{"sl", "ls", 2, 1},
		{"pyhton", "python", 2, 1},
		{"git", "git", 2, 0},
		{"kitten", "sitting", 5, 3},
		{"abc", "xyzuvw", 2, 3}, // over the cap: max+1
		{"grpe", "grep", 1, 1},
		{"ça", "ac", 2, 2},
	}
	for _, tt := range tests {
		if got := correct.Distance(tt.a, tt.b, tt.max); got != tt.want {
			t.Errorf("Distance(%q, %q, %d) = %d, want %d", tt.a, tt.b, tt.max, got, tt.want)
		}
	}
}

func TestParse(t *testing.T) {
	tests := []struct {
		line  string
		words []string
		prog  string
	}{
		{`git commit -m "a b"`, []string{"git", "commit", "-m", "a b"}, "git"},
		{`sudo -E FOO=1 apt update`, []string{"sudo", "-E", "FOO=1", "apt", "update"}, "apt"},
		{`echo 'it''s'`, []string{"echo", "its"}, "echo"},
		{`a&&b|c`, []string{"a", "&&", "b", "|", "c"}, "a"},
		{`git commit -m 'open`, []string{"git", "commit", "-m", "open"}, "git"},
		{`x\ y z`, []string{"x y", "z"}, "x y"},
	}
	for _, tt := range tests {
		l := correct.Parse(tt.line)
		var words []string
		for _, w := range l.Words {
			words = append(words, w.Text)
		}
		if diff := cmp.Diff(tt.words, words); diff != "" {
			t.Errorf("Parse(%q) words (-want +got):\n%s", tt.line, diff)
		}
		if l.Program() != tt.prog {
			t.Errorf("Parse(%q).Program() = %q, want %q", tt.line, l.Program(), tt.prog)
		}
	}
}

func TestQuote(t *testing.T) {
	for in, want := range map[string]string{"master": "master", "test's": `test\'s`, "a b": "'a b'", "": "''", "it's a": `'it'\''s a'`} {
		if got := correct.Quote(in); got != want {
			t.Errorf("Quote(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestParseRulesErrors(t *testing.T) {
	for text, want := range map[string]string{
		"fix x":                     "x.txt:1: a key before any [rule]",
		"[a]\nbogus 1":              `x.txt:2: unknown key "bogus"`,
		"[a]\noutput (\nfix x":      "x.txt:2: output: error parsing regexp",
		"[a]\nprogram git":          "rule a has no fix",
		"[a]\nfix {{ .Nope }":       "x.txt:2: fix:",
		"[a]\nrank sideways\nfix x": "x.txt:2: rank must be order or distance",
	} {
		_, err := correct.ParseRules("x.txt", text)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseRules(%q) error = %v, want %q", text, err, want)
		}
	}
}

// TestCorpus scores the rules on thefuck's own tests
// (../shared/bench/corrections.tsv) with the bars of issue 9.
func TestCorpus(t *testing.T) {
	rows, err := bench.Load(shareddata.Dir(t, "bench"))
	if err != nil {
		t.Fatal(err)
	}
	c, err := correct.Default()
	if err != nil {
		t.Fatal(err)
	}
	var test []bench.Row
	for _, r := range rows {
		if r.Split == "test" {
			test = append(test, r)
		}
	}
	all, ts := bench.Score(c, knowledge, rows), bench.Score(c, knowledge, test)
	check := func(name string, ok, n int, min float64) {
		if float64(ok) < min*float64(n) {
			t.Errorf("%s: %d/%d = %s, want at least %.0f%%", name, ok, n, bench.Pct(ok, n), 100*min)
		}
	}
	check("right first fix, signal rows", all.SignalOK, all.Signal, 0.93)
	check("right first fix, test split", ts.SignalOK, ts.Signal, 0.92)
	if float64(all.NoFixOffered) > 0.05*float64(all.NoFix) {
		t.Errorf("fix offered on %d/%d no-fix rows, want at most 5%%", all.NoFixOffered, all.NoFix)
	}
	t.Logf("signal rows %s, test split %s, no-fix offered %s", bench.Pct(all.SignalOK, all.Signal),
		bench.Pct(ts.SignalOK, ts.Signal), bench.Pct(all.NoFixOffered, all.NoFix))
}
