package e2e

// More of issue 19's integrations, from ../shared/integrations: version
// managers (pyenv, rbenv, nvm), git's completion, bash-preexec and
// oh-my-bash, each in bash and in lacy with the same keys.

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/lacy-sh/lacy/internal/ptytest"
)

// copyTool copies the integration directory src to home/dst, writable, with
// libexec's programs executable and bin/NAME the link to ../libexec/NAME
// that the shared copy keeps as a text file.
func copyTool(t *testing.T, src, home, dst string) {
	t.Helper()
	root := filepath.Join(home, dst)
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		out := filepath.Join(root, rel)
		if d.IsDir() {
			return os.MkdirAll(out, 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		mode := os.FileMode(0o644)
		if filepath.Base(filepath.Dir(p)) == "libexec" || filepath.Base(filepath.Dir(p)) == "bin" {
			mode = 0o755
		}
		return os.WriteFile(out, b, mode)
	})
	if err != nil {
		t.Fatal(err)
	}
	name := filepath.Base(src)
	if link := filepath.Join(root, "bin", name); fileExists(link) {
		_ = os.Remove(link)
		if err := os.Symlink("../libexec/"+name, link); err != nil {
			t.Fatal(err)
		}
	}
}

// writeExec writes an executable file, making its directory.
func writeExec(t *testing.T, p, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o755); err != nil {
		t.Fatal(err)
	}
}

func fileExists(p string) bool { _, err := os.Lstat(p); return err == nil }

// toolCase runs c in both shells after copying integration dir to ~/dst.
func toolCase(t *testing.T, dir, dst string, c setupCase) {
	t.Helper()
	src := filepath.Join(integrations(t), dir)
	prepare := c.prepare
	c.prepare = func(home string) {
		copyTool(t, src, home, dst)
		for name, content := range c.files { // written again over the copy
			writeHomeFile(t, home, name, content)
		}
		if prepare != nil {
			prepare(home)
		}
	}
	inBothShells(t, c)
}

func TestSetupPyenv(t *testing.T) {
	toolCase(t, "pyenv", ".pyenv", setupCase{
		prepare: func(home string) {
			writeExec(t, filepath.Join(home, ".pyenv/versions/3.12.1/bin/python"), "#!/bin/sh\necho Python 3.12.1\n")
		},
		rc: "export PYENV_ROOT=\"$HOME/.pyenv\"\n[[ -d $PYENV_ROOT/bin ]] && export PATH=\"$PYENV_ROOT/bin:$PATH\"\neval \"$(pyenv init - bash)\"\n",
		run: func(t *testing.T, tm *ptytest.Term, home string) {
			tm.Line("pyenv shell 3.12.1")
			tm.Line(`echo "PV=$PYENV_VERSION"; python --version`)
			waitLine(t, tm, `^PV=3\.12\.1\nPython 3\.12\.1$`)
		},
	})
}

func TestSetupRbenv(t *testing.T) {
	toolCase(t, "rbenv", ".rbenv", setupCase{
		prepare: func(home string) {
			writeExec(t, filepath.Join(home, ".rbenv/versions/3.3.0/bin/ruby"), "#!/bin/sh\necho ruby 3.3.0\n")
		},
		rc: "eval \"$(~/.rbenv/bin/rbenv init - bash)\"\n",
		run: func(t *testing.T, tm *ptytest.Term, home string) {
			tm.Line("rbenv shell 3.3.0")
			tm.Line(`echo "RV=$RBENV_VERSION"; ruby -v`)
			waitLine(t, tm, `^RV=3\.3\.0\nruby 3\.3\.0$`)
		},
	})
}

func TestSetupNvm(t *testing.T) {
	dir := integrations(t)
	inBothShells(t, setupCase{
		// nvm alias runs `local` in a ( ) subshell of a function.
		needs: []string{`f() { ( local a=ok; echo $a ); }; f`},
		files: map[string]string{
			".nvm/nvm.sh":          "@" + filepath.Join(dir, "nvm/nvm.sh"),
			".nvm/bash_completion": "@" + filepath.Join(dir, "nvm/bash_completion"),
			".nvm/alias/default":   "20\n",
		},
		rc: "export NVM_DIR=\"$HOME/.nvm\"\n[ -s \"$NVM_DIR/nvm.sh\" ] && \\. \"$NVM_DIR/nvm.sh\"\n[ -s \"$NVM_DIR/bash_completion\" ] && \\. \"$NVM_DIR/bash_completion\"\n",
		run: func(t *testing.T, tm *ptytest.Term, home string) {
			tm.Line("nvm alias default")
			waitLine(t, tm, `^default -> 20 \(-> v20\.11\.0\)$`)
			tm.Line("nvm use default")
			waitLine(t, tm, `^Now using node v20\.11\.0`)
			tm.Line("node --version; nvm current")
			waitLine(t, tm, `^v20\.11\.0\nv20\.11\.0$`)
		},
		prepare: func(home string) {
			bin := filepath.Join(home, ".nvm/versions/node/v20.11.0/bin")
			writeExec(t, filepath.Join(bin, "node"), "#!/bin/sh\necho v20.11.0\n")
			writeExec(t, filepath.Join(bin, "npm"), "#!/bin/sh\necho 10.2.4\n")
		},
	})
}

func gitRepoWithBranch(t *testing.T, tm *ptytest.Term) {
	t.Helper()
	tm.Line("git init -q -b main repo && cd repo && git -c user.email=a@b -c user.name=u commit -q --allow-empty -m i && git branch feature-xyz && echo REPO-READY")
	waitLine(t, tm, `^REPO-READY$`)
}

func TestSetupGitCompletionInHome(t *testing.T) {
	if _, err := os.Stat("/usr/share/bash-completion/completions/git"); err != nil {
		t.Skip("git's completion is not installed")
	}
	inBothShells(t, setupCase{
		files: map[string]string{".git-completion.bash": "@/usr/share/bash-completion/completions/git"},
		rc:    ". ~/.git-completion.bash\nalias g=git\n__git_complete g __git_main\n",
		run: func(t *testing.T, tm *ptytest.Term, home string) {
			gitRepoWithBranch(t, tm)
			tm.Type("g chec\t")
			tm.WaitText("g checkout")
			tm.Type("\x15g checkout feat\t")
			tm.WaitText("g checkout feature-xyz")
		},
	})
}

func TestSetupBashCompletionGit(t *testing.T) {
	if _, err := os.Stat("/usr/share/bash-completion/bash_completion"); err != nil {
		t.Skip("bash-completion is not installed")
	}
	inBothShells(t, setupCase{
		rc: ". /usr/share/bash-completion/bash_completion\n",
		run: func(t *testing.T, tm *ptytest.Term, home string) {
			gitRepoWithBranch(t, tm)
			tm.Type("git chec\t")
			tm.WaitText("git checkout")
			tm.Type("\x15git checkout feat\t")
			tm.WaitText("git checkout feature-xyz")
		},
	})
}

func TestSetupBashPreexec(t *testing.T) {
	dir := integrations(t)
	inBothShells(t, setupCase{
		needs: []string{
			// bash-preexec's DEBUG trap runs $(…) itself: bash does not run
			// the DEBUG trap inside command substitutions (without set -T).
			`f() { local x=$(:); }; trap f DEBUG; echo ok`,
			`f() { :; }; declare -ft f; echo ok`,
		},
		files: map[string]string{".bash-preexec.sh": "@" + filepath.Join(dir, "bash-preexec/bash-preexec.sh")},
		rc:    "source ~/.bash-preexec.sh\npreexec() { echo \"PREEXEC<$1>\"; }\nprecmd() { echo \"PRECMD\"; }\n",
		run: func(t *testing.T, tm *ptytest.Term, home string) {
			tm.Line("echo one | cat")
			waitLine(t, tm, `^PREEXEC<echo one \| cat>\none\nPRECMD$`)
		},
	})
}

func TestSetupOhMyBash(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	src := filepath.Join(integrations(t), "oh-my-bash")
	tmpl, err := os.ReadFile(filepath.Join(src, "templates/bashrc.osh-template"))
	if err != nil {
		t.Skip(err)
	}
	rc := regexp.MustCompile(`(?m)^export OSH=.*$`).ReplaceAllString(string(tmpl), `export OSH="$$HOME/.oh-my-bash"`)
	toolCase(t, "oh-my-bash", ".oh-my-bash", setupCase{
		needs: []string{
			`[[ ! "" && -r /nonexistent ]] || echo ok`,
			`x=$(< /nonexistent) 2>/dev/null; echo ok`,
		},
		rc: rc,
		run: func(t *testing.T, tm *ptytest.Term, home string) {
			tm.Line("git init -q -b trunk repo && cd repo && git -c user.email=a@b -c user.name=u commit -q --allow-empty -m i")
			tm.WaitText("repo ±|trunk✔|→")
			tm.Line("alias gst")
			waitLine(t, tm, `^alias gst='command git status'$`)
		},
	})
}
