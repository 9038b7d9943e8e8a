// Copyright (c) 2017, Daniel Martí <mvdan@mvdan.cc>
// See LICENSE for licensing information

// lacy patch: $SRANDOM from getrandom(2), as bash does, rather than through
// crypto/rand, whose package initialisation (the FIPS 140 module's
// self-registration, DRBG, CPU feature probes) every program linking the
// interpreter paid for at start-up although a script rarely reads $SRANDOM.

//go:build linux

package interp

import (
	"encoding/binary"
	mathrand "math/rand/v2"

	"golang.org/x/sys/unix"
)

// systemRandom returns 32 bits from the system's random source.
func systemRandom() uint32 {
	var p [4]byte
	for got := 0; got < len(p); {
		n, err := unix.Getrandom(p[got:], 0)
		if err == unix.EINTR {
			continue
		}
		if err != nil || n <= 0 {
			return mathrand.Uint32() // getrandom(2) missing (Linux < 3.17)
		}
		got += n
	}
	return binary.NativeEndian.Uint32(p[:])
}
