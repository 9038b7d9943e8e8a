package sysrand

import (
	"bytes"
	"testing"
)

func TestReadFillsTheBufferWithDifferentBytesEachTime(t *testing.T) {
	for _, n := range []int{1, 6, 32, 300} {
		a, b := make([]byte, n), make([]byte, n)
		Read(a)
		Read(b)
		if n >= 6 && bytes.Equal(a, b) {
			t.Errorf("two reads of %d bytes gave the same bytes %x", n, a)
		}
		if n >= 32 && bytes.Equal(a, make([]byte, n)) {
			t.Errorf("%d bytes all zero", n)
		}
	}
}

func TestURandomFills(t *testing.T) {
	if testing.Short() {
		t.Skip()
	}
	b := make([]byte, 32)
	urandom(b)
	if bytes.Equal(b, make([]byte, 32)) {
		t.Error("32 bytes all zero")
	}
}
