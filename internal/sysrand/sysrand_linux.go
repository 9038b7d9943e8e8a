//go:build linux

package sysrand

import (
	"io"
	"os"

	"golang.org/x/sys/unix"
)

func read(b []byte) {
	for len(b) > 0 {
		n, err := unix.Getrandom(b, 0)
		if err == unix.EINTR {
			continue
		}
		if err != nil || n <= 0 {
			urandom(b) // getrandom(2) missing: Linux < 3.17
			return
		}
		b = b[n:]
	}
}

// urandom fills b from /dev/urandom; it panics when that cannot be read, as
// crypto/rand does when the system has no random source.
func urandom(b []byte) {
	f, err := os.Open("/dev/urandom")
	if err == nil {
		defer f.Close()
		_, err = io.ReadFull(f, b)
	}
	if err != nil {
		panic("sysrand: no random source: " + err.Error())
	}
}
