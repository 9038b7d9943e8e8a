// Package stackgrow grows the main goroutine's stack to 16 KiB once, while
// it is shallow, so that a `lacy -c` does not grow it three times, deep.
//
// The runtime starts the main goroutine with a 2 KiB stack and doubles it
// each time a call needs more; each doubling copies the stack and walks
// every frame on it to adjust its pointers, looking up each function's
// stack maps. `lacy -c true` needs 16 KiB: three copies, made by
// internal/godebug's initialisation, by the shell sorting the environment
// and by the interpreter running the first command, the last two with a
// dozen frames to walk. This package has no imports, so Go initialises it
// among the first packages (the order is by import path among those whose
// imports are ready), with two frames on the stack: one cheap copy instead
// of three (docs/performance.md, "-c true"). Import it for its side effect
// from a main package whose runs need the stack anyway.
package stackgrow

func init() { grow() }

// grow needs a 12 KiB frame, so the runtime sizes the stack to fit it on
// entry (16 KiB); buf stays on the stack, as touch keeps no reference.
//
//go:noinline
func grow() {
	var buf [12 << 10]byte
	touch(buf[:])
}

//go:noinline
func touch(b []byte) { b[0] = 1 }
