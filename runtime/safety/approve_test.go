package safety

import (
	"strings"
	"testing"
)

func TestCodeArgs(t *testing.T) {
	for cmd, want := range map[string]string{
		`go test ./...`:                          "",
		`go test -exec "sh -c 'rm -rf ~'" ./...`: "-exec",
		`go test -exec=/tmp/x ./...`:             "-exec",
		`go build -toolexec x .`:                 "-toolexec",
		`go generate ./...`:                      "generate",
		`git status`:                             "",
		`git -c alias.x=!sh x`:                   "-c",
		`git -C sub -c core.pager=x log`:         "-c",
		`git clone --upload-pack=x url`:          "--upload-pack",
		`git log -u`:                             "",
		`git rebase -x 'make' main`:              "-x",
		`make test`:                              "",
		`make -f /tmp/evil.mk`:                   "-f",
		`make CC=./evil all`:                     "CC=",
		`make -j4 test`:                          "",
		`npm run build --script-shell=/tmp/x`:    "--script-shell",
		`npm exec evil`:                          "exec",
		`npm test`:                               "",
		`find . -name x`:                         "",
		`find . -exec rm {} ;`:                   "-exec",
		`xargs -n1 rm`:                           "rm",
		`xargs -I {} sh -c x`:                    "sh",
		`ssh host`:                               "",
		`ssh -p 22 host rm -rf /`:                "rm",
		`docker run --rm img`:                    "run",
		`docker ps`:                              "",
		`bash -ec 'x'`:                           "-c",
		`bash script.sh`:                         "",
		`python3 -c 'x'`:                         "-c",
		`sudo make install`:                      "make",
		`timeout -s KILL 5 go test -exec x`:      "go -exec",
		`env X=1 python3 -c x`:                   "python3 -c",
		`tar --to-command=sh -xf a.tar`:          "--to-command",
		`rsync -e 'sh -c x' a b`:                 "-e",
	} {
		argv, ok := Argv(cmd)
		if !ok {
			t.Errorf("Argv(%q) failed", cmd)
			continue
		}
		if got := strings.Join(CodeArgs(argv), " "); got != want {
			t.Errorf("CodeArgs(%q) = %q, want %q", cmd, got, want)
		}
	}
}

func TestArgv(t *testing.T) {
	for cmd, want := range map[string]string{
		`git status`:               "git|status",
		`go test -run 'A|B' ./...`: "go|test|-run|A|B|./...",
		`\rm -f "a b"`:             "rm|-f|a b",
		`ls $HOME`:                 "",
		`ls *.go`:                  "",
		`git status; rm -rf ~`:     "",
		`$'\x72m' x`:               "",
	} {
		argv, _ := Argv(cmd)
		if got := strings.Join(argv, "|"); got != want {
			t.Errorf("Argv(%q) = %q, want %q", cmd, got, want)
		}
	}
}
