// lacy patch 049: the failglob option.

package interp

import (
	"errors"

	"mvdan.cc/sh/v3/expand"
)

// isNoMatch reports whether err is failglob's: it fails the command, and
// the shell goes on with the rest of the line, as in bash.
func isNoMatch(err error) bool {
	var nm *expand.NoMatchError
	return errors.As(err, &nm)
}
