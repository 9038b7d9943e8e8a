// Package batch runs bash-syntax code without a terminal session: `lacy -c`,
// `lacy script.sh` and a script on stdin. It imports only the shell, and
// cmd/lacy calls it before building anything a terminal session needs, so
// that `lacy -c` starts about as fast as bash (DESIGN §7).
package batch

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/lacy-sh/lacy/internal/invocation"
	"github.com/lacy-sh/lacy/runtime/iostreams"
	"github.com/lacy-sh/lacy/runtime/shell"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// Wanted reports whether a command line is a batch run rather than a
// terminal session: a -c string, a script file, or commands on a stdin that
// is not a terminal (as bash decides).
func Wanted(ios *iostreams.IO, inv invocation.Invocation) bool {
	return inv.Command || len(inv.Operands) > 0 && !inv.Stdin || !ios.IsStdinTTY()
}

// Invoke runs what a command line without a terminal session asks for (see
// package invocation): the -c string, a script file, or a script on stdin.
// A login shell (-l) first runs the profile files, and an interactive one
// (-i) ~/.lacyrc, as bash -lc and bash -ic do.
func Invoke(ios *iostreams.IO, inv invocation.Invocation) int {
	// Process substitutions still running die with this process; programs
	// waiting on their FIFOs must not wait for ever (see interp).
	defer interp.ReleaseProcSubsts()
	ops := inv.Operands
	var name, src, file, dash string
	var params []string
	switch {
	case inv.Command:
		dash = "c"
		src, name, params = ops[0], "lacy", ops[1:]
		if len(params) > 0 {
			name, params = params[0], params[1:]
		}
	case len(ops) > 0 && !inv.Stdin:
		file, name, params = ops[0], ops[0], ops[1:]
		b, err := os.ReadFile(file)
		if err != nil {
			var pe *os.PathError
			if errors.As(err, &pe) {
				err = pe.Err
			}
			fmt.Fprintf(ios.ErrOut, "lacy: %s: %v\n", file, err)
			if errors.Is(err, os.ErrNotExist) {
				return 127
			}
			return 126
		}
		src = string(b)
	default:
		b, err := io.ReadAll(ios.In)
		if err != nil {
			fmt.Fprintf(ios.ErrOut, "lacy: %v\n", err)
			return 1
		}
		src, name, params = string(b), "lacy", ops
		dash = "s"
	}
	sh, err := shell.New(shell.Options{
		Stdin: ios.In, Stdout: ios.Out, Stderr: ios.ErrOut,
		Name: name, Params: params, Interactive: inv.Interactive, DashFlags: dash,
		Login: inv.Login, Env: shell.NextLevel(os.Environ()),
	})
	if err != nil {
		fmt.Fprintf(ios.ErrOut, "lacy: %v\n", err)
		return 1
	}
	ctx := context.Background()
	if status, ok := Startup(ctx, sh, inv, ios.ErrOut); !ok {
		return status
	}
	status, _ := sh.RunScript(ctx, src, file)
	return status
}

// Startup prepares a session as its command line asks: the set options
// (-e, -o pipefail…), then the profile files of a login shell, then
// ~/.lacyrc for an interactive one. ok is false when one of them ran exit.
// Errors in the files are reported one line each and never stop the shell.
func Startup(ctx context.Context, sh *shell.Shell, inv invocation.Invocation, errOut io.Writer) (status int, ok bool) {
	if len(inv.SetOptions) > 0 {
		words := []string{"set"}
		for _, o := range inv.SetOptions {
			q, _ := syntax.Quote(o, syntax.LangBash)
			words = append(words, q)
		}
		sh.Run(ctx, strings.Join(words, " "), "lacy")
	}
	for _, o := range inv.Shopts { // -O name / +O name
		q, _ := syntax.Quote(o[1:], syntax.LangBash)
		flag := "-s "
		if o[0] == '+' {
			flag = "-u "
		}
		sh.Run(ctx, "shopt "+flag+q, "lacy")
	}
	home, _ := os.UserHomeDir()
	for _, f := range StartupFiles(inv, home) {
		ps1 := sh.Getenv("PS1")
		_, err := sh.Source(ctx, f[0], f[1])
		if f[0] == "/etc/profile" {
			keepOwnPrompt(ctx, sh, ps1)
		}
		if err != nil && !errors.Is(err, os.ErrNotExist) && !errors.Is(err, shell.ErrInterrupted) {
			fmt.Fprintf(errOut, "lacy: %s: %v\n", f[1], unwrapPath(err))
		}
		if sh.Exited() {
			return sh.LastStatus(), false
		}
	}
	return 0, true
}

// StartupFiles are the files Startup runs for inv, in order, each a path
// and the name shown in messages: a login shell's profiles, then the rc
// file of an interactive one (--rcfile, else ~/.lacyrc). The instant
// prompt's key (runtime/instantprompt) names the same files.
func StartupFiles(inv invocation.Invocation, home string) [][2]string {
	var files [][2]string
	if inv.Login && !inv.NoProfile {
		files = invocation.Profiles(home)
	}
	if inv.Interactive && !inv.NoRC && inv.RCFile != "" {
		files = append(files, [2]string{inv.RCFile, inv.RCFile})
	} else if inv.Interactive && !inv.NoRC && home != "" {
		files = append(files, [2]string{home + "/.lacyrc", "~/.lacyrc"})
	}
	return files
}

func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// keepOwnPrompt undoes the prompt that the system's /etc/profile gives:
// Debian's and Ubuntu's set PS1 to `$ ` or `# ` for a shell without $BASH,
// and through /etc/bash.bashrc to `\u@\h:\w\$ ` for one with it. That is
// the distribution's default, not the user's choice; with it lacy's own
// prompt, directory, branch and status, would never show in a login shell
// while a non-login one shows it. before is PS1 before the file ran; a PS1
// the user's own files (~/.lacy_profile, ~/.profile, ~/.lacyrc) set is kept.
func keepOwnPrompt(ctx context.Context, sh *shell.Shell, before string) {
	if now := sh.Getenv("PS1"); before == shell.DefaultPS1 && now != before {
		sh.SetVars(ctx, map[string]string{"PS1": before})
	}
}
