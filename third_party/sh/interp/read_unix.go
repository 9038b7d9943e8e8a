// Copyright (c) 2017, Daniel Martí <mvdan@mvdan.cc>
// See LICENSE for licensing information

//go:build unix

package interp

// lacy patch: read -t.

import (
	"os"
	"time"

	"golang.org/x/sys/unix"
)

// inputReady reports whether reading f would not block.
func inputReady(f *os.File) bool { return waitInput(f, 0) }

// waitInput waits up to d for f to have input (or end of file); it reports
// false when the time ran out.
func waitInput(f *os.File, d time.Duration) bool {
	if d < 0 {
		d = 0
	}
	rc, err := f.SyscallConn()
	if err != nil {
		return true
	}
	ready := true
	rc.Control(func(fd uintptr) {
		fds := []unix.PollFd{{Fd: int32(fd), Events: unix.POLLIN}}
		ms := int(d / time.Millisecond)
		for {
			n, err := unix.Poll(fds, ms)
			if err == unix.EINTR {
				continue
			}
			ready = err != nil || n > 0
			return
		}
	})
	return ready
}
