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

	"github.com/lacy-sh/lacy/runtime/iostreams"
	"github.com/lacy-sh/lacy/runtime/shell"
)

// newShell makes a non-interactive shell on the process's streams.
func newShell(ios *iostreams.IO, name string, params []string) (*shell.Shell, error) {
	return shell.New(shell.Options{
		Stdin: ios.In, Stdout: ios.Out, Stderr: ios.ErrOut,
		Name: name, Params: params,
	})
}

// CommandString implements `lacy -c 'cmds' [name [args…]]`: $0 is name and
// $1… the args, as with bash -c.
func CommandString(ios *iostreams.IO, src string, rest []string) int {
	name := "lacy"
	if len(rest) > 0 {
		name, rest = rest[0], rest[1:]
	}
	sh, err := newShell(ios, name, rest)
	if err != nil {
		fmt.Fprintf(ios.ErrOut, "lacy: %v\n", err)
		return 1
	}
	status, _ := sh.Run(context.Background(), src, "")
	return status
}

// ScriptFile implements `lacy script.sh [args…]`.
func ScriptFile(ios *iostreams.IO, path string, params []string) int {
	src, err := os.ReadFile(path)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		fmt.Fprintf(ios.ErrOut, "lacy: %s: %v\n", path, err)
		if errors.Is(err, os.ErrNotExist) {
			return 127
		}
		return 126
	}
	sh, err := newShell(ios, path, params)
	if err != nil {
		fmt.Fprintf(ios.ErrOut, "lacy: %v\n", err)
		return 1
	}
	status, _ := sh.Run(context.Background(), string(src), path)
	return status
}

// Stdin runs a script read from a non-terminal stdin.
func Stdin(ios *iostreams.IO) int {
	src, err := io.ReadAll(ios.In)
	if err != nil {
		fmt.Fprintf(ios.ErrOut, "lacy: %v\n", err)
		return 1
	}
	sh, err := newShell(ios, "lacy", nil)
	if err != nil {
		fmt.Fprintf(ios.ErrOut, "lacy: %v\n", err)
		return 1
	}
	status, _ := sh.Run(context.Background(), string(src), "")
	return status
}
