package e2e

// Further integrations of issue 19, beyond ../shared/integrations, with
// the real upstream files vendored in testdata/integrations/NAME (each with
// its licence): each runs in bash and in lacy with the same rc lines and
// keys, and expects the same screen. What "works" means is written above
// each test, as ../shared/integrations/README.md does.

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/lacy-sh/lacy/internal/ptytest"
)

// vendored is the path of testdata/integrations/NAME/FILE.
func vendored(t *testing.T, name, file string) string {
	t.Helper()
	p, err := filepath.Abs(filepath.Join("testdata", "integrations", name, file))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(p); err != nil {
		t.Fatal(err)
	}
	return p
}

// needTool skips the test when a program is not on PATH.
func needTool(t *testing.T, names ...string) {
	t.Helper()
	for _, n := range names {
		if _, err := exec.LookPath(n); err != nil {
			t.Skipf("%s is not installed", n)
		}
	}
}

// needsBashSource is a `needs` snippet: ${BASH_SOURCE[0]} in a sourced file
// is that file, as scripts find their directory so.
const needsBashSource = `f=$(mktemp); echo 'echo "${BASH_SOURCE[0]}"' >"$f"; [ "$(. "$f")" = "$f" ] && echo ok; rm -f "$f"`

// needsDeclareI is a `needs` snippet: the integer attribute.
const needsDeclareI = `declare -i n=1+1; [ "$n" = 2 ] && echo ok`

// needsDeclareF is a `needs` snippet: declare -F NAME, as themes ask
// whether a function exists.
const needsDeclareF = `f() { :; }; [ "$(declare -F f)" = f ] && echo ok`

// z.sh (rupa/z): rc `. ~/z.sh`; it records each prompt's directory from
// PROMPT_COMMAND (in a background subshell). Works when: after
// `cd a/deep/target-dir` and `cd ~/b`, `z target` changes to
// ~/a/deep/target-dir.
func TestSetupZsh(t *testing.T) {
	needTool(t, "awk")
	inBothShells(t, setupCase{
		lingers: true,
		needs: []string{
			// its zsh branch, which bash parses but never runs
			`if false; then x=${a[(r)b]}; fi; echo ok`,
			// alias z='_z 2>&1'
			"alias x='echo ok 2>&1'\nx",
		},
		files: map[string]string{"z.sh": "@" + vendored(t, "z", "z.sh"), "a/deep/target-dir/.keep": "", "b/.keep": ""},
		rc:    ". ~/z.sh\n",
		run: func(t *testing.T, tm *ptytest.Term, home string) {
			// (one directory at a time: each prompt's job rewrites the
			// whole file, in bash too)
			tm.Line("cd a/deep/target-dir")
			waitFile(t, filepath.Join(home, ".z"), "target-dir")
			tm.Line("cd ~/b")
			waitFile(t, filepath.Join(home, ".z"), "/b|")
			tm.Line("z target && pwd")
			waitLine(t, tm, "^"+regexp.QuoteMeta(filepath.Join(home, "a/deep/target-dir"))+"$")
		},
	})
}

// autojump (wting/autojump, its Python program included): installed as its
// install.py does under ~/.autojump, rc
// `[[ -s ~/.autojump/etc/profile.d/autojump.sh ]] && source ~/.autojump/etc/profile.d/autojump.sh`.
// Works when: with ~/a/deep/target-dir in its database, `j target` changes
// there from ~/b.
func TestSetupAutojump(t *testing.T) {
	needTool(t, "python3")
	files := map[string]string{
		".autojump/etc/profile.d/autojump.sh":    "@" + vendored(t, "autojump", "autojump.sh"),
		".autojump/share/autojump/autojump.bash": "@" + vendored(t, "autojump", "autojump.bash"),
		"a/deep/target-dir/.keep":                "",
		"b/.keep":                                "",
	}
	for _, f := range []string{"autojump", "autojump_argparse.py", "autojump_data.py", "autojump_match.py", "autojump_utils.py"} {
		files[".autojump/bin/"+f] = "@" + vendored(t, "autojump", f)
	}
	inBothShells(t, setupCase{
		lingers: true,
		files:   files,
		prepare: func(home string) {
			if err := os.Chmod(filepath.Join(home, ".autojump/bin/autojump"), 0o755); err != nil {
				t.Fatal(err)
			}
			writeHomeFile(t, home, ".local/share/autojump/autojump.txt", "10.0\t"+filepath.Join(home, "a/deep/target-dir")+"\n")
		},
		rc: "[[ -s ~/.autojump/etc/profile.d/autojump.sh ]] && source ~/.autojump/etc/profile.d/autojump.sh\n",
		run: func(t *testing.T, tm *ptytest.Term, home string) {
			// (target-dir is in the database from the start: each prompt's
			// hook job rewrites the whole file and they finish in any order,
			// in bash too, so an entry one job adds another may drop.
			// TestSetupBackgroundJobFromPromptCommand shows such jobs run.)
			tm.Line("cd ~/b")
			tm.Line("j target >/dev/null && pwd")
			waitLine(t, tm, "^"+regexp.QuoteMeta(filepath.Join(home, "a/deep/target-dir"))+"$")
		},
	})
}

// kube-ps1 (jonmosco/kube-ps1) with the real kubectl reading ~/.kube/config:
// rc `source ~/kube-ps1.sh` and `PS1='[\W $(kube_ps1)]\$ '`. Works when: the
// prompt shows `(⎈|e2e-ctx:e2e-ns)`, and after `kubeoff` it no longer does.
func TestSetupKubePs1(t *testing.T) {
	needTool(t, "kubectl")
	kubeconfig := `apiVersion: v1
kind: Config
clusters:
- cluster: {server: "https://127.0.0.1:1"}
  name: c1
contexts:
- context: {cluster: c1, namespace: e2e-ns, user: u1}
  name: e2e-ctx
current-context: e2e-ctx
users:
- name: u1
  user: {}
`
	inBothShells(t, setupCase{
		files: map[string]string{"kube-ps1.sh": "@" + vendored(t, "kube-ps1", "kube-ps1.sh"), ".kube/config": kubeconfig},
		rc:    "source ~/kube-ps1.sh\nPS1='[\\W $(kube_ps1)]\\$ '\n",
		run: func(t *testing.T, tm *ptytest.Term, home string) {
			tm.WaitText("(⎈|e2e-ctx:e2e-ns)]")
			tm.Line("kubeoff; echo off-done")
			waitLine(t, tm, `^off-done\n▌?\[~ \][$#]`)
		},
	})
}

// bash-git-prompt (magicmonty/bash-git-prompt): copied to
// ~/.bash-git-prompt, rc as its README says
// (`GIT_PROMPT_ONLY_IN_REPO=1` and `source ~/.bash-git-prompt/gitprompt.sh`).
// Works when: in a repository on branch `topic` with one staged file the
// prompt shows the branch and the staged count, `[topic L|● 1]` (L: no upstream).
func TestSetupBashGitPrompt(t *testing.T) {
	needTool(t, "git")
	files := map[string]string{}
	for _, f := range []string{"gitprompt.sh", "gitstatus.sh", "prompt-colors.sh", "git-prompt-help.sh", "themes/Default.bgptheme"} {
		files[".bash-git-prompt/"+f] = "@" + vendored(t, "bash-git-prompt", f)
	}
	inBothShells(t, setupCase{
		needs: []string{needsBashSource},
		files: files,
		rc:    "if [ -f \"$HOME/.bash-git-prompt/gitprompt.sh\" ]; then\n    GIT_PROMPT_ONLY_IN_REPO=1\n    source \"$HOME/.bash-git-prompt/gitprompt.sh\"\nfi\n",
		run: func(t *testing.T, tm *ptytest.Term, home string) {
			tm.Line("git init -q -b topic repo && cd repo && touch f && git add f")
			tm.WaitText("[topic L|● 1]")
		},
	})
}

// liquidprompt (liquidprompt/liquidprompt): rc as its README says,
// `[[ $- = *i* ]] && source ~/liquidprompt/liquidprompt`. Works when: the
// prompt shows the directory in brackets, and in a git repository on branch
// `main` the branch: `[root:~/repo] main`.
func TestSetupLiquidprompt(t *testing.T) {
	needTool(t, "git")
	inBothShells(t, setupCase{
		needs: []string{needsDeclareI},
		files: map[string]string{"liquidprompt/liquidprompt": "@" + vendored(t, "liquidprompt", "liquidprompt")},
		// (it shows no VCS to root unless told: the tests may run as root)
		rc: "LP_ENABLE_VCS_ROOT=1\n[[ $- = *i* ]] && source ~/liquidprompt/liquidprompt\n",
		run: func(t *testing.T, tm *ptytest.Term, home string) {
			tm.WaitText(":~]")
			gitRepoWithBranch(t, tm)
			tm.WaitText(":~/repo] main")
		},
	})
}

// `complete -C PROGRAM NAME`, as `terraform -install-autocomplete` (and
// aws's aws_completer, consul, vault, nomad) write into ~/.bashrc, with a
// stand-in for terraform that answers as posener/complete does: from
// COMP_LINE and COMP_POINT, the candidates one a line. Works when:
// `terraform pl⇥` gives `terraform plan`, `terraform pro⇥` gives
// `terraform providers`.
func TestSetupCompleteCommand(t *testing.T) {
	stub := `#!/bin/sh
if [ -n "$COMP_LINE" ]; then
	line=$(printf '%s' "$COMP_LINE" | cut -c1-"$COMP_POINT")
	cur=${line##* }
	for c in apply console destroy plan providers validate; do
		case $c in "$cur"*) echo "$c" ;; esac
	done
	exit 0
fi
echo "Usage: terraform [global options] <subcommand> [args]"
`
	inBothShells(t, setupCase{
		files: map[string]string{"bin/terraform": stub},
		prepare: func(home string) {
			if err := os.Chmod(filepath.Join(home, "bin/terraform"), 0o755); err != nil {
				t.Fatal(err)
			}
		},
		rc: "export PATH=\"$HOME/bin:$PATH\"\ncomplete -C \"$HOME/bin/terraform\" terraform\n",
		run: func(t *testing.T, tm *ptytest.Term, home string) {
			tm.Type("terraform pl\t")
			tm.WaitText("terraform plan")
			tm.Type("\x15terraform pro\t")
			tm.WaitText("terraform providers")
		},
	})
}

// virtualenv's bin/activate (pypa/virtualenv's activate.sh, its
// placeholders filled as virtualenv fills them), sourced at the prompt as
// users do, with a fake bin/python. Works when: after
// `source venv/bin/activate` the prompt starts with `(venv) `, `python`
// is the venv's; after `deactivate` the prompt and PATH are back.
func TestSetupVirtualenvActivate(t *testing.T) {
	b, err := os.ReadFile(vendored(t, "virtualenv", "activate.sh"))
	if err != nil {
		t.Fatal(err)
	}
	inBothShells(t, setupCase{
		prepare: func(home string) {
			venv := filepath.Join(home, "venv")
			src := strings.NewReplacer("__VIRTUAL_ENV__", "'"+venv+"'", "__BIN_NAME__", "'bin'",
				"__VIRTUAL_PROMPT__", "''", "__TCL_LIBRARY__", "''", "__TK_LIBRARY__", "''").Replace(string(b))
			writeHomeFile(t, home, "venv/bin/activate", src)
			writeExec(t, filepath.Join(venv, "bin/python"), "#!/bin/sh\necho 'Python 3.99.0 (venv)'\n")
		},
		rc: "PS1='\\W\\$ '\n",
		run: func(t *testing.T, tm *ptytest.Term, home string) {
			tm.Line("source venv/bin/activate")
			waitLine(t, tm, `^▌?\(venv\) ~[$#]`)
			tm.Line("python --version; echo \"VE=${VIRTUAL_ENV##*/}\"")
			waitLine(t, tm, `^Python 3\.99\.0 \(venv\)\nVE=venv$`)
			tm.Line("deactivate; type python >/dev/null 2>&1 && command -v python | grep -c venv; echo \"VE=[$VIRTUAL_ENV]\"")
			waitLine(t, tm, `^(0\n)?VE=\[\]\n▌?~[$#]`)
		},
	})
}

// copyDir copies the directory src to dst, keeping the files' modes.
func copyDir(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		out := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(out, 0o755)
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(out, b, fi.Mode().Perm())
	})
	if err != nil {
		t.Fatal(err)
	}
}

// bash-it (Bash-it/bash-it: its core, the bobby theme and the components
// of its default profile): copied to ~/.bash_it and installed with its own
// `install.sh --silent` (run by bash), which writes the rc from its template
// and enables the default profile. Works when: the bobby theme's prompt
// shows `in ~/repo` and `± |main ✓| →` in a clean repository on `main`, and
// `alias ll` shows the general aliases' `alias ll='ls -Al'`.
func TestSetupBashIt(t *testing.T) {
	needTool(t, "bash", "git")
	src, err := filepath.Abs(filepath.Join("testdata", "integrations", "bash-it"))
	if err != nil {
		t.Fatal(err)
	}
	inBothShells(t, setupCase{
		needs: []string{needsDeclareF},
		prepare: func(home string) {
			copyDir(t, src, filepath.Join(home, ".bash_it"))
			cmd := exec.Command("bash", filepath.Join(home, ".bash_it/install.sh"), "--silent")
			cmd.Env = append(os.Environ(), "HOME="+home)
			cmd.Dir = home
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("install.sh: %v\n%s", err, out)
			}
			b, err := os.ReadFile(filepath.Join(home, ".bashrc"))
			if err != nil {
				t.Fatal(err)
			}
			writeHomeFile(t, home, ".lacyrc", string(b))
		},
		run: func(t *testing.T, tm *ptytest.Term, home string) {
			tm.Line("alias ll")
			waitLine(t, tm, `^alias ll='ls -Al'$`)
			gitRepoWithBranch(t, tm)
			tm.WaitText("± |main ✓| →")
		},
	})
}

// git's completion sourced from where Debian keeps it (which lacy leaves to
// its completion bridge, as all of bash-completion), then `__git_complete`
// for an alias, as git-completion.bash's header tells users (and
// oh-my-bash's git plugin does for its 30-odd aliases). Works when: loading
// prints nothing and `g chec⇥` gives `g checkout`, `g checkout feat⇥` the
// branch.
func TestSetupGitCompleteAfterSystemSource(t *testing.T) {
	if _, err := os.Stat("/usr/share/bash-completion/completions/git"); err != nil {
		t.Skip("git's completion is not installed")
	}
	inBothShells(t, setupCase{
		rc: "source /usr/share/bash-completion/completions/git\nalias g='command git'\n__git_complete g __git_main\n",
		run: func(t *testing.T, tm *ptytest.Term, home string) {
			gitRepoWithBranch(t, tm)
			tm.Type("g chec\t")
			tm.WaitText("g checkout")
			tm.Type("\x15g checkout feat\t")
			tm.WaitText("g checkout feature-xyz")
		},
	})
}

// asdf (asdf-vm/asdf v0.15.0, its last bash version): copied to ~/.asdf,
// rc as its docs say (`. "$HOME/.asdf/asdf.sh"` and
// `. "$HOME/.asdf/completions/asdf.bash"`). Works when: `asdf --version`
// shows `v0.15.0`, its shims directory leads PATH, and `asdf curr⇥` gives
// `asdf current`.
func TestSetupAsdf(t *testing.T) {
	src, err := filepath.Abs(filepath.Join("testdata", "integrations", "asdf"))
	if err != nil {
		t.Fatal(err)
	}
	inBothShells(t, setupCase{
		needs:   []string{needsBashSource},
		prepare: func(home string) { copyDir(t, src, filepath.Join(home, ".asdf")) },
		rc:      ". \"$HOME/.asdf/asdf.sh\"\n. \"$HOME/.asdf/completions/asdf.bash\"\n",
		run: func(t *testing.T, tm *ptytest.Term, home string) {
			tm.Line(`asdf --version; echo "${PATH%%:*}" | grep -c '\.asdf/shims$'`)
			waitLine(t, tm, `^v0\.15\.0\n1$`)
			tm.Type("asdf curr\t")
			tm.WaitText("asdf current")
		},
	})
}

// conda's `conda init bash` block (`eval "$(conda shell.bash hook)"`), with
// conda's real conda.sh and a stand-in for the conda program
// (testdata/integrations/conda/conda) that prints what conda prints for the
// hook and for `shell.posix activate/deactivate`. Works when: the prompt
// starts with `(base) `; after `conda activate ml` with `(ml) ` and
// `python` is ml's; after `conda deactivate` with `(base) ` again.
func TestSetupConda(t *testing.T) {
	rc := `PS1='\W\$ '
# >>> conda initialize >>>
# !! Contents within this block are managed by 'conda init' !!
__conda_setup="$("$HOME/miniconda3/bin/conda" 'shell.bash' 'hook' 2> /dev/null)"
if [ $? -eq 0 ]; then
    eval "$__conda_setup"
else
    if [ -f "$HOME/miniconda3/etc/profile.d/conda.sh" ]; then
        . "$HOME/miniconda3/etc/profile.d/conda.sh"
    else
        export PATH="$HOME/miniconda3/bin:$PATH"
    fi
fi
unset __conda_setup
# <<< conda initialize <<<
`
	inBothShells(t, setupCase{
		files: map[string]string{
			"miniconda3/bin/conda":              "@" + vendored(t, "conda", "conda"),
			"miniconda3/etc/profile.d/conda.sh": "@" + vendored(t, "conda", "conda.sh"),
		},
		prepare: func(home string) {
			writeExec(t, filepath.Join(home, "miniconda3/bin/python"), "#!/bin/sh\necho 'Python 3.12.0 (base)'\n")
			writeExec(t, filepath.Join(home, "miniconda3/envs/ml/bin/python"), "#!/bin/sh\necho 'Python 3.11.0 (ml)'\n")
		},
		rc: rc,
		run: func(t *testing.T, tm *ptytest.Term, home string) {
			waitLine(t, tm, `^▌?\(base\) ~[$#]`)
			tm.Line("conda activate ml")
			tm.Line("python --version")
			waitLine(t, tm, `^Python 3\.11\.0 \(ml\)\n▌?\(ml\) ~[$#]`)
			tm.Line("conda deactivate; python --version")
			waitLine(t, tm, `^Python 3\.12\.0 \(base\)\n▌?\(base\) ~[$#]`)
		},
	})
}

// SDKMAN! (sdkman/sdkman-cli's bash sources, as its installer lays them out
// in ~/.sdkman, its API placeholders pointing at a closed loopback port: no
// command here goes online), with one fake installed candidate, java
// 21.0.2, as `current`. rc as the installer writes it. Works when: `java`
// is the candidate's and `sdk current java` shows `Using java version
// 21.0.2`.
func TestSetupSdkman(t *testing.T) {
	src, err := filepath.Abs(filepath.Join("testdata", "integrations", "sdkman"))
	if err != nil {
		t.Fatal(err)
	}
	inBothShells(t, setupCase{
		prepare: func(home string) {
			dir := filepath.Join(home, ".sdkman")
			copyDir(t, src, dir)
			init := filepath.Join(dir, "bin/sdkman-init.sh")
			b, err := os.ReadFile(init)
			if err != nil {
				t.Fatal(err)
			}
			b = []byte(strings.NewReplacer("@SDKMAN_CANDIDATES_API@", "http://127.0.0.1:9/2", "@SDKMAN_BROKER_API@", "http://127.0.0.1:9/broker").Replace(string(b)))
			writeHomeFile(t, home, ".sdkman/bin/sdkman-init.sh", string(b))
			writeHomeFile(t, home, ".sdkman/var/platform", "linuxx64\n")
			writeHomeFile(t, home, ".sdkman/var/candidates", "java,maven\n")
			writeHomeFile(t, home, ".sdkman/var/version", "5.19.0\n")
			writeHomeFile(t, home, ".sdkman/var/delay_upgrade", "")
			writeHomeFile(t, home, ".sdkman/etc/config", "sdkman_auto_answer=false\nsdkman_auto_complete=true\nsdkman_auto_env=false\nsdkman_auto_update=false\nsdkman_selfupdate_feature=false\nsdkman_colour_enable=false\nsdkman_healthcheck_enable=false\n")
			writeExec(t, filepath.Join(dir, "candidates/java/21.0.2/bin/java"), "#!/bin/sh\necho 'openjdk 21.0.2 (fake)'\n")
			if err := os.Symlink("21.0.2", filepath.Join(dir, "candidates/java/current")); err != nil {
				t.Fatal(err)
			}
		},
		rc: "export SDKMAN_DIR=\"$HOME/.sdkman\"\n[[ -s \"$HOME/.sdkman/bin/sdkman-init.sh\" ]] && source \"$HOME/.sdkman/bin/sdkman-init.sh\"\n",
		run: func(t *testing.T, tm *ptytest.Term, home string) {
			tm.Line("java; sdk current java")
			waitLine(t, tm, `^openjdk 21\.0\.2 \(fake\)\n\s*Using java version 21\.0\.2$`)
		},
	})
}

// GNOME VTE's vte.sh (what /etc/profile.d/vte-2.91.sh sources in GNOME
// Terminal, Tilix, Terminator…; its @libexecdir@/vte-urlencode-cwd helper
// replaced by a stand-in script), with VTE_VERSION set as those terminals
// set it. Works when: each prompt tells the terminal the directory with
// OSC 7, `ESC ] 7 ; file://HOST/DIR ESC \` (new tabs open there), so after
// `cd /tmp` the terminal receives `file://HOST/tmp`.
func TestSetupVteSh(t *testing.T) {
	b, err := os.ReadFile(vendored(t, "vte", "vte.sh.in"))
	if err != nil {
		t.Fatal(err)
	}
	host, _ := os.Hostname()
	inBothShells(t, setupCase{
		prepare: func(home string) {
			writeExec(t, filepath.Join(home, "libexec/vte-urlencode-cwd"), "#!/bin/sh\nprintf '%s' \"$PWD\"\n")
			writeHomeFile(t, home, "vte.sh", strings.ReplaceAll(string(b), "@libexecdir@", filepath.Join(home, "libexec")))
		},
		rc: "export VTE_VERSION=7600\n. ~/vte.sh\n",
		run: func(t *testing.T, tm *ptytest.Term, home string) {
			tm.Line("cd /tmp")
			want := "\x1b]7;file://" + host + "/tmp\x1b\\"
			tm.WaitFor("OSC 7 with /tmp", 10*time.Second, func(string) bool { return strings.Contains(string(tm.Raw()), want) })
		},
	})
}

// A program started in the background inside a function that
// PROMPT_COMMAND runs — `(prog "$PWD" >/dev/null &)`, as z.sh and autojump
// record directories — runs to its end without the terminal (its input is
// /dev/null), and the shell keeps the terminal: typing goes on.
func TestSetupBackgroundJobFromPromptCommand(t *testing.T) {
	inBothShells(t, setupCase{
		lingers: true,
		rc: `record() { (sh -c 'read -r x; echo "$1 [$x]" >> ~/pc.log' rec "$PWD" >/dev/null &) &>/dev/null; }
PROMPT_COMMAND=record
`,
		run: func(t *testing.T, tm *ptytest.Term, home string) {
			tm.Line("cd /tmp")
			waitFile(t, filepath.Join(home, "pc.log"), "/tmp []\n")
			tm.Line("echo still-$((6*7))")
			waitLine(t, tm, `^still-42$`)
		},
	})
}

// More of nvm than TestSetupNvm: `nvm ls` lists the installed version and
// the default alias, `nvm which default` the node binary, and nvm's
// bash_completion completes its commands (`nvm al⇥` gives `nvm alias`).
func TestSetupNvmMore(t *testing.T) {
	dir := integrations(t)
	inBothShells(t, setupCase{
		files: map[string]string{
			".nvm/nvm.sh":          "@" + filepath.Join(dir, "nvm/nvm.sh"),
			".nvm/bash_completion": "@" + filepath.Join(dir, "nvm/bash_completion"),
			".nvm/alias/default":   "20\n",
		},
		rc: "export NVM_DIR=\"$HOME/.nvm\"\n[ -s \"$NVM_DIR/nvm.sh\" ] && \\. \"$NVM_DIR/nvm.sh\"\n[ -s \"$NVM_DIR/bash_completion\" ] && \\. \"$NVM_DIR/bash_completion\"\n",
		prepare: func(home string) {
			bin := filepath.Join(home, ".nvm/versions/node/v20.11.0/bin")
			writeExec(t, filepath.Join(bin, "node"), "#!/bin/sh\necho v20.11.0\n")
			writeExec(t, filepath.Join(bin, "npm"), "#!/bin/sh\necho 10.2.4\n")
		},
		run: func(t *testing.T, tm *ptytest.Term, home string) {
			tm.Line("nvm ls --no-colors 2>/dev/null | grep -E 'v20|default'; nvm which default")
			waitLine(t, tm, `^->\s+v20\.11\.0 \*$`)
			waitLine(t, tm, `^default -> 20 \(-> v20\.11\.0 \*\)$`)
			waitLine(t, tm, "^"+regexp.QuoteMeta(filepath.Join(home, ".nvm/versions/node/v20.11.0/bin/node"))+"$")
			tm.Type("nvm al\t")
			tm.WaitText("nvm alias")
		},
	})
}
