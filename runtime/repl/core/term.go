package core

import (
	"golang.org/x/sys/unix"
)

// Width is the terminal's width in columns: 80 when standard output is
// not a terminal.
func (c *Core) Width() int {
	if f := c.IO.OutFile; f != nil {
		if ws, err := unix.IoctlGetWinsize(int(f.Fd()), unix.TIOCGWINSZ); err == nil && ws.Col > 0 {
			return int(ws.Col)
		}
	}
	return 80
}
