// Package batch runs bash-syntax code without a terminal session: `lacy -c`,
// `lacy script.sh` and a script on stdin. It links only the shell, so that
// the lean `lacy` binary starts as fast as bash (DESIGN §7).
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
	"mvdan.cc/sh/v3/syntax"
)

// Invoke runs what a command line without a terminal session asks for (see
// package invocation): the -c string, a script file, or a script on stdin.
// A login shell (-l) first runs the profile files, and an interactive one
// (-i) ~/.lacyrc, as bash -lc and bash -ic do.
func Invoke(ios *iostreams.IO, inv invocation.Invocation) int {
	ops := inv.Operands
	var name, src, file string
	var params []string
	switch {
	case inv.Command:
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
	}
	sh, err := shell.New(shell.Options{
		Stdin: ios.In, Stdout: ios.Out, Stderr: ios.ErrOut,
		Name: name, Params: params, Interactive: inv.Interactive,
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
	for i := 0; i+1 < len(inv.Shopts); i += 2 {
		q, _ := syntax.Quote(inv.Shopts[i+1], syntax.LangBash)
		sh.Run(ctx, "shopt "+inv.Shopts[i]+" "+q, "lacy")
	}
	home, _ := os.UserHomeDir()
	var files [][2]string
	if inv.Login && !inv.NoProfile {
		files = invocation.Profiles(home)
	}
	if inv.Interactive && !inv.NoRC && inv.RCFile != "" {
		files = append(files, [2]string{inv.RCFile, inv.RCFile})
	} else if inv.Interactive && !inv.NoRC && home != "" {
		files = append(files, [2]string{home + "/.lacyrc", "~/.lacyrc"})
	}
	for _, f := range files {
		_, err := sh.Source(ctx, f[0], f[1])
		if err != nil && !errors.Is(err, os.ErrNotExist) && !errors.Is(err, shell.ErrInterrupted) {
			fmt.Fprintf(errOut, "lacy: %s: %v\n", f[1], unwrapPath(err))
		}
		if sh.Exited() {
			return sh.LastStatus(), false
		}
	}
	return 0, true
}

func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
