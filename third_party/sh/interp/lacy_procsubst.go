// Copyright (c) 2017, Daniel Martí <mvdan@mvdan.cc>
// See LICENSE for licensing information

package interp

import (
	"os"
	"sync"
)

// lacy patch: a process substitution is a FIFO that a goroutine of this
// process opens, so it dies with the process. When the shell exits while a
// program still waits to open one (`cat <(sleep 1) &` as a script's last
// line: cat opens the FIFO, the writer never comes), that program would
// wait for ever, holding the shell's stdout open (process-sub#8). The FIFOs
// are tracked here, and ReleaseProcSubsts releases them at exit.

var procSubsts struct {
	sync.Mutex
	fifos    map[string]bool // path -> the interpreter's side has opened it
	released bool            // ReleaseProcSubsts ran: the shell is exiting
}

// fifoCreated records a process substitution's FIFO. Once the shell is
// exiting (a background statement may still expand one meanwhile), the
// FIFO is released at once, so that no program can wait on it.
func fifoCreated(path string) {
	procSubsts.Lock()
	defer procSubsts.Unlock()
	if procSubsts.released {
		releaseFIFO(path)
		return
	}
	if procSubsts.fifos == nil {
		procSubsts.fifos = map[string]bool{}
	}
	procSubsts.fifos[path] = false
}

// fifoOpened records that the interpreter's side of the FIFO is open.
func fifoOpened(path string) {
	procSubsts.Lock()
	defer procSubsts.Unlock()
	if _, ok := procSubsts.fifos[path]; ok {
		procSubsts.fifos[path] = true
	}
}

// fifoDone forgets a FIFO that its goroutine has removed.
func fifoDone(path string) {
	procSubsts.Lock()
	defer procSubsts.Unlock()
	delete(procSubsts.fifos, path)
}

// ReleaseProcSubsts is for a shell about to exit with process
// substitutions still running (their goroutines end with the process): a
// program waiting to open one of their FIFOs gets end of file (or, for
// >(...), a closed pipe) instead of waiting for ever, and the FIFOs are
// removed. Process substitutions that background statements expand after
// it are released at once. It is a lacy patch.
func ReleaseProcSubsts() {
	procSubsts.Lock()
	defer procSubsts.Unlock()
	for path, opened := range procSubsts.fifos {
		if opened {
			os.Remove(path)
			continue
		}
		releaseFIFO(path)
	}
	procSubsts.fifos = nil
	procSubsts.released = true
}
