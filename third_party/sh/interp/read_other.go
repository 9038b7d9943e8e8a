// Copyright (c) 2017, Daniel Martí <mvdan@mvdan.cc>
// See LICENSE for licensing information

//go:build !unix

package interp

import (
	"os"
	"time"
)

func inputReady(f *os.File) bool { return true }

func waitInput(f *os.File, d time.Duration) bool { return true }
