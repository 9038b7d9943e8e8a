// Package timelimit scales the time limits lacy puts on its own work (how
// long a Lua hook, a completion function or a git read may take) for a slow
// or busy machine: LACY_TIME_SCALE=N multiplies each of them by N (a
// decimal, at least 1). Waits that are part of the interface (the pause
// before a prediction, a spinner's delay) are not limits and do not scale.
//
// Every limit in lacy is also a package variable that tests can set; the
// scale is for the built binary, which end-to-end tests run on a loaded
// machine.
package timelimit

import (
	"os"
	"strconv"
	"time"

	"github.com/lacy-sh/lacy/internal/lazy"
)

// EnvVar is the environment variable read once, at first use.
const EnvVar = "LACY_TIME_SCALE"

// factor is read on the first Scale (a lazy.Value: nothing runs for it at
// package initialisation).
var factor = lazy.Value[float64]{New: func() float64 { return parse(os.Getenv(EnvVar)) }}

// parse reads a scale: a number ≥ 1; anything else is 1.
func parse(s string) float64 {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || !(f >= 1) || f > 1000 {
		return 1
	}
	return f
}

// Scale returns d multiplied by LACY_TIME_SCALE.
func Scale(d time.Duration) time.Duration {
	return time.Duration(float64(d) * factor.Get())
}
