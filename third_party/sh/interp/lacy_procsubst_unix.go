// Copyright (c) 2017, Daniel Martí <mvdan@mvdan.cc>
// See LICENSE for licensing information

//go:build unix

package interp

import (
	"os"
	"syscall"
)

// releaseFIFO removes a FIFO whose other end a program may be waiting to
// open. Opening both ends without blocking completes that program's open;
// once the path is gone no program can start waiting on it; closing leaves
// the programs that opened it end of file or a broken pipe. It is a lacy
// patch.
func releaseFIFO(path string) {
	fd, err := syscall.Open(path, syscall.O_RDWR|syscall.O_NONBLOCK|syscall.O_CLOEXEC, 0)
	os.Remove(path)
	if err == nil {
		syscall.Close(fd)
	}
}
