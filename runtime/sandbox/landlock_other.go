//go:build !linux

package sandbox

import (
	"fmt"
	"os"
)

// ABI is the kernel's Landlock ABI version: none outside Linux.
func ABI() int { return 0 }

// Available reports whether commands can be sandboxed here: never outside
// Linux.
func Available() bool { return false }

// Main is the launcher; outside Linux there is nothing to apply.
func Main(args []string) int {
	fmt.Fprintln(os.Stderr, "lacy: "+Arg+": no sandbox on this system")
	return 126
}
