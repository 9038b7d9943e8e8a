//go:build !unix

package interp

import "time"

// AwaitSignal is a no-op where signals cannot be trapped. It is a lacy patch.
func (r *Runner) AwaitSignal(name string, d time.Duration) {}
