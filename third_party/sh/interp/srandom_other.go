// Copyright (c) 2017, Daniel Martí <mvdan@mvdan.cc>
// See LICENSE for licensing information

// lacy patch: see srandom_linux.go.

//go:build !linux

package interp

import (
	cryptorand "crypto/rand"
	"encoding/binary"
)

// systemRandom returns 32 bits from the system's random source.
func systemRandom() uint32 {
	var p [4]byte
	cryptorand.Read(p[:])
	return binary.NativeEndian.Uint32(p[:])
}
