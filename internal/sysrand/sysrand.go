// Package sysrand reads the operating system's random source.
//
// On Linux it calls getrandom(2) directly, the source crypto/rand itself
// reads, so that the shell binaries need not import crypto/rand: that import
// links crypto's FIPS 140 module, whose packages' initialisation (CPU
// probes, self-test registration, DRBG) every start would pay for before
// main (issue 21). Elsewhere it is crypto/rand.
package sysrand

// Read fills b with random bytes from the system's source, suitable for
// secrets (an unguessable tag, a nonce). It never fails on Linux ≥ 3.17 and
// where crypto/rand does not.
func Read(b []byte) {
	read(b)
}
