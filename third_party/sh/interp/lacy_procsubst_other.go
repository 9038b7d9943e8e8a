// Copyright (c) 2017, Daniel Martí <mvdan@mvdan.cc>
// See LICENSE for licensing information

//go:build !unix

package interp

import "os"

// releaseFIFO removes a process substitution's FIFO (lacy patch; see
// lacy_procsubst_unix.go).
func releaseFIFO(path string) { os.Remove(path) }
