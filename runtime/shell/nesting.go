package shell

import (
	"fmt"
	"runtime"
	"sync/atomic"

	"mvdan.cc/sh/v3/interp"
)

// maxNestingFrames is how deep, in Go frames, the interpreter may be when it
// starts a command. Deeper is a recursion without end — a function calling
// itself, or a DEBUG trap that runs again inside its own command
// substitutions — which would otherwise grow until the Go stack limit kills
// the shell. bash stops at FUNCNEST or its own stack; lacy refuses the
// command, says so once, and the shell stays usable.
//
// Function calls themselves stop at the interpreter's FUNCNEST limit
// (interp.DefaultFuncNest levels, about 14 frames each), well before this;
// this guard is for what that limit does not count (traps, command
// substitutions).
const maxNestingFrames = 50000

// nestingCheckEvery is how often tooDeep looks: walking the stack costs
// microseconds at the depths hooks run at (bash-preexec's PROMPT_COMMAND made
// hundreds of calls per prompt), and a recursion without end still meets
// the check within that many calls, a few hundred frames past the limit.
const nestingCheckEvery = 32

var nestingCalls atomic.Uint32

// tooDeep reports whether the calling goroutine is deeper than
// maxNestingFrames, looking once every nestingCheckEvery calls; it walks
// only the frames there are.
func tooDeep() bool {
	if nestingCalls.Add(1)%nestingCheckEvery != 0 {
		return false
	}
	var pc [1]uintptr
	return runtime.Callers(maxNestingFrames, pc[:]) > 0
}

// nestingRefused answers a command started too deep: status 1, and one
// message per session.
func (s *Shell) nestingRefused(hc interp.HandlerContext, said *atomic.Bool) []string {
	if !said.Swap(true) {
		fmt.Fprintf(hc.Stderr, "%s: maximum nesting level exceeded (a function or trap recurses without end); the command was not run\n", s.opts.Name)
	}
	return []string{builtinPrefix + "status", "1"}
}
