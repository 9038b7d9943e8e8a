package repl

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// getWinsize returns the terminal's width in columns.
func getWinsize(f *os.File) (int, error) {
	if f == nil {
		return 0, errors.New("no terminal")
	}
	ws, err := unix.IoctlGetWinsize(int(f.Fd()), unix.TIOCGWINSZ)
	if err != nil {
		return 0, err
	}
	return int(ws.Col), nil
}
