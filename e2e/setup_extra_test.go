package e2e

// Further bash integrations for issue 19 (the held-out kind: widely used,
// loaded as their own documentation says), each in `bash -i` and in lacy
// with the same rc lines, keys and expected screen. Upstream files and
// stand-ins for absent programs are under testdata/integrations/NAME/,
// each with its licence.

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/lacy-sh/lacy/internal/ptytest"
)

// extraFile is testdata/integrations/name/file, as an absolute path
// prefixed with "@" (setupCase.files copies it).
func extraFile(t *testing.T, name, file string) string {
	t.Helper()
	p, err := filepath.Abs(filepath.Join("testdata", "integrations", name, file))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(p); err != nil {
		t.Fatal(err)
	}
	return "@" + p
}

// extraFiles maps each of files to ~/dir/file, copied from
// testdata/integrations/name.
func extraFiles(t *testing.T, name, dir string, files ...string) map[string]string {
	t.Helper()
	m := map[string]string{}
	for _, f := range files {
		m[filepath.Join(dir, f)] = extraFile(t, name, f)
	}
	return m
}

// atuin's `eval "$(atuin init bash)"` (atuin 18: its bash-preexec, its
// Ctrl-R and Up bound through readline macros that end in a `bind -x`
// widget), with a stand-in atuin program. Works when: commands are recorded
// through bash-preexec (`atuin history start`), and typing part of one then
// Ctrl-R puts the command atuin picked in the line; Enter runs it.
func TestSetupAtuin(t *testing.T) {
	inBothShells(t, setupCase{
		// atuin-bind turns atuin-search-emacs into its widget with
		// ${2/#"$widget"/__atuin_history …} (sh-c's patch 083).
		needs: []string{`set -- x atuin-s; w=atuin-s; [ "${2/#"$w"/h}" = h ] && echo ok`},
		files: extraFiles(t, "atuin", "bin", "atuin", "atuin.bash", "atuin-include-guard.bash", "atuin-bash-preexec.sh"),
		rc:    "export PATH=\"$HOME/bin:$PATH\"\neval \"$(atuin init bash)\"\n",
		run: func(t *testing.T, tm *ptytest.Term, home string) {
			tm.Line("echo atuin-picked-zq")
			waitLine(t, tm, `^atuin-picked-zq$`)
			tm.Line("cat ~/.atuin-standin")
			// The next prompt is up (typed before, Ctrl-R is the terminal's
			// reprint key).
			waitLine(t, tm, `^echo atuin-picked-zq\ncat ~/\.atuin-standin\n.*(▌|[$#])$`)
			tm.Type("picked-z\x12")
			tm.WaitText("echo atuin-picked-zq\n")
			tm.WaitCount("echo atuin-picked-zq", 3)
			tm.Type("\r")
			tm.WaitCount("atuin-picked-zq\n", 4)
			settle(t, tm)
		},
	})
}

// mcfly's `eval "$(mcfly init bash)"`: PROMPT_COMMAND appends to its own
// history file with `history -a FILE` and reloads with `history -cr FILE`;
// Ctrl-R is a macro of two keys, the first bound with `bind -x` to
// mcfly_search (which sets READLINE_LINE and rebinds the second to
// accept-line for "run"). With a stand-in mcfly. Works when: typing part of
// an earlier command then Ctrl-R runs that command.
func TestSetupMcfly(t *testing.T) {
	files := extraFiles(t, "mcfly", "bin", "mcfly", "mcfly.bash")
	files[".bash_history"] = ""
	inBothShells(t, setupCase{
		files: files,
		// mcfly keeps its copy of the history in $TMPDIR: the home's.
		rc: "export PATH=\"$HOME/bin:$PATH\" TMPDIR=\"$HOME\"\neval \"$(mcfly init bash)\"\n",
		run: func(t *testing.T, tm *ptytest.Term, home string) {
			tm.Line("echo mcfly-picked-zq")
			waitLine(t, tm, `^mcfly-picked-zq\n.*(▌|[$#]$)`)
			tm.Type("picked-z\x12")
			tm.WaitCount("mcfly-picked-zq\n", 4) // typed, its output, run again, its output
			settle(t, tm)
		},
	})
}

// cargo's `. "$HOME/.cargo/env"` (rustup's env file). Works when cargo,
// in ~/.cargo/bin, runs by name, and sourcing the file again leaves PATH
// as it was.
func TestSetupCargoEnv(t *testing.T) {
	inBothShells(t, setupCase{
		files: map[string]string{
			".cargo/env":       extraFile(t, "cargo", "env"),
			".cargo/bin/cargo": "#!/bin/sh\necho 'cargo 1.80.0 (stand-in)'\n",
		},
		prepare: func(home string) { _ = os.Chmod(filepath.Join(home, ".cargo/bin/cargo"), 0o755) },
		rc:      ". \"$HOME/.cargo/env\"\n",
		run: func(t *testing.T, tm *ptytest.Term, home string) {
			tm.Line(`cargo --version; p=$PATH; . "$HOME/.cargo/env"; [ "$p" = "$PATH" ] && echo same-path`)
			waitLine(t, tm, `^cargo 1\.80\.0 \(stand-in\)\nsame-path$`)
		},
	})
}

// Homebrew on Linux: `eval "$(/home/linuxbrew/.linuxbrew/bin/brew
// shellenv)"`, with a stand-in brew printing what brew 4 prints for bash
// (here with the prefix in the home). Works when HOMEBREW_PREFIX is set
// and a program in the prefix's bin runs by name.
func TestSetupBrewShellenv(t *testing.T) {
	inBothShells(t, setupCase{
		files: map[string]string{".linuxbrew/bin/brew": extraFile(t, "brew", "brew")},
		prepare: func(home string) {
			_ = os.Chmod(filepath.Join(home, ".linuxbrew/bin/brew"), 0o755)
			writeExec(t, filepath.Join(home, ".linuxbrew/bin/hello"), "#!/bin/sh\necho hello-from-brew\n")
		},
		rc: "eval \"$(~/.linuxbrew/bin/brew shellenv)\"\n",
		run: func(t *testing.T, tm *ptytest.Term, home string) {
			tm.Line(`hello; echo "P=${HOMEBREW_PREFIX#$HOME/} I=${INFOPATH%%:*}"`)
			waitLine(t, tm, `^hello-from-brew\nP=\.linuxbrew I=.*/\.linuxbrew/share/info$`)
		},
	})
}

// settle runs one more line and waits for the prompt after it, so that
// the hooks of PROMPT_COMMAND (which write files in the home) are done
// before the test ends and its home is removed.
func settle(t *testing.T, tm *ptytest.Term) {
	t.Helper()
	tm.Line("echo settled-$((6*7))")
	waitLine(t, tm, `^settled-42\n.*(▌|[$#]$)`)
}

// completeWord types line, then Tab, and waits for want in the line.
func completeWord(t *testing.T, tm *ptytest.Term, line, want string) {
	t.Helper()
	tm.Type(line + "\t")
	tm.WaitText(want)
	tm.Type("\x15") // Ctrl-U: the line is not run
}

// rustup's completion (`source <(rustup completions bash)`, clap's
// generated script), with a stand-in rustup. Works when `rustup toolc⇥`
// gives `rustup toolchain` and `rustup toolchain lis⇥` `… list`.
func TestSetupRustupCompletion(t *testing.T) {
	inBothShells(t, setupCase{
		files: extraFiles(t, "rustup", "bin", "rustup", "rustup-completion.bash"),
		rc:    "export PATH=\"$HOME/bin:$PATH\"\nsource <(rustup completions bash)\n",
		run: func(t *testing.T, tm *ptytest.Term, home string) {
			completeWord(t, tm, "rustup toolc", "rustup toolchain")
			completeWord(t, tm, "rustup toolchain lis", "rustup toolchain list")
		},
	})
}

// pip's completion (`eval "$(pip completion --bash)"`: a -F function that
// asks pip itself), with a stand-in pip. Works when `pip uninst⇥` gives
// `pip uninstall`.
func TestSetupPipCompletion(t *testing.T) {
	inBothShells(t, setupCase{
		files: extraFiles(t, "pip", "bin", "pip", "pip-completion.bash"),
		rc:    "export PATH=\"$HOME/bin:$PATH\"\neval \"$(pip completion --bash)\"\n",
		run: func(t *testing.T, tm *ptytest.Term, home string) {
			completeWord(t, tm, "pip uninst", "pip uninstall")
		},
	})
}

// npm's completion (`source <(npm completion)`), with a stand-in npm
// answering `npm completion -- WORDS`. Works when `npm outd⇥` gives
// `npm outdated`.
func TestSetupNpmCompletion(t *testing.T) {
	inBothShells(t, setupCase{
		files: extraFiles(t, "npm", "bin", "npm", "npm-completion.bash"),
		rc:    "export PATH=\"$HOME/bin:$PATH\"\nsource <(npm completion)\n",
		run: func(t *testing.T, tm *ptytest.Term, home string) {
			completeWord(t, tm, "npm outd", "npm outdated")
		},
	})
}

// hstr's configuration (`hstr --show-configuration >> ~/.bashrc`):
// histappend, PROMPT_COMMAND="history -a; history -n; …" so that
// $HISTFILE has each line, and Ctrl-R bound with `bind -x` to a function
// that reads hstr's pick from its stderr into READLINE_LINE. With a
// stand-in hstr. Works when: typing part of an earlier command then Ctrl-R
// puts that command in the line; Enter runs it.
func TestSetupHstr(t *testing.T) {
	files := extraFiles(t, "hstr", "bin", "hstr", "hstr-configuration.bash")
	files[".bash_history"] = ""
	inBothShells(t, setupCase{
		files: files,
		rc:    "export PATH=\"$HOME/bin:$PATH\"\neval \"$(hstr --show-configuration)\"\n",
		run: func(t *testing.T, tm *ptytest.Term, home string) {
			tm.Line("echo hstr-picked-zq")
			waitLine(t, tm, `^hstr-picked-zq\n.*(▌|[$#]$)`)
			tm.Type("picked-z\x12")
			tm.WaitText("echo hstr-picked-zq\n")
			tm.Type("\r")
			tm.WaitCount("hstr-picked-zq\n", 4) // typed, its output, picked, its output
			settle(t, tm)
		},
	})
}

// broot's launcher (`source ~/.config/broot/launcher/bash/br`, as `broot
// --install` adds): the `br` function runs broot with --outcmd and evals
// the command broot wrote. With a stand-in broot that picks a directory.
// Works when `br` then `pwd` shows the picked directory.
func TestSetupBroot(t *testing.T) {
	files := extraFiles(t, "broot", "bin", "broot")
	files[".config/broot/launcher/bash/br"] = extraFile(t, "broot", "br")
	files["a/deep/target-dir/.keep"] = ""
	inBothShells(t, setupCase{
		files: files,
		rc:    "export PATH=\"$HOME/bin:$PATH\"\nsource " + "$HOME/.config/broot/launcher/bash/br\n",
		run: func(t *testing.T, tm *ptytest.Term, home string) {
			tm.Line("br; pwd")
			waitLine(t, tm, "^"+regexp.QuoteMeta(filepath.Join(home, "a/deep/target-dir"))+"$")
		},
	})
}

// oh-my-posh's `eval "$(oh-my-posh init bash)"` (the init script in the
// cache, sourced; PROMPT_COMMAND's _omp_hook sets PS1='$(_omp_get_primary)',
// which expands oh-my-posh's output with ${prompt@P}; PS0 starts a timer),
// with a stand-in oh-my-posh. Works when the prompt is `OMP[0]$ ` (root:
// `#`) and after `false` `OMP[1]$ `.
func TestSetupOhMyPosh(t *testing.T) {
	inBothShells(t, setupCase{
		// ${prompt@P}: prompt escapes in a parameter expansion
		// (interpreter patch 160).
		needs: []string{`p='\u'; [ "${p@P}" = "$(id -un)" ] && echo ok`},
		files: extraFiles(t, "oh-my-posh", "bin", "oh-my-posh", "omp.bash"),
		rc:    "export PATH=\"$HOME/bin:$PATH\"\neval \"$(oh-my-posh init bash)\"\n",
		run: func(t *testing.T, tm *ptytest.Term, home string) {
			waitLine(t, tm, `^▌?OMP\[0\][$#]`)
			tm.Line("false")
			waitLine(t, tm, `^▌?OMP\[1\][$#]`)
			tm.Line("echo omp-after")
			waitLine(t, tm, `^omp-after\n▌?OMP\[0\][$#]`)
		},
	})
}

// docker's completion (`source <(docker completion bash)` after
// bash-completion, as docker's documentation says: cobra's V2 script that
// asks `docker __complete …`), with a stand-in docker. Works when `docker
// contai⇥` gives `docker container` and `docker image insp⇥` `… inspect`.
func TestSetupDockerCompletion(t *testing.T) {
	bc := "/usr/share/bash-completion/bash_completion"
	if _, err := os.Stat(bc); err != nil {
		t.Skip("bash-completion is not installed")
	}
	inBothShells(t, setupCase{
		files: extraFiles(t, "docker", "bin", "docker", "docker-completion.bash"),
		rc:    "export PATH=\"$HOME/bin:$PATH\"\n. " + bc + "\nsource <(docker completion bash)\n",
		run: func(t *testing.T, tm *ptytest.Term, home string) {
			completeWord(t, tm, "docker contai", "docker container")
			completeWord(t, tm, "docker image insp", "docker image inspect")
		},
	})
}
