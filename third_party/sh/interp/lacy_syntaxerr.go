// lacy patch: eval and source fail with status 2 on a syntax error, as bash,
// and 1 when the file cannot be read.

package interp

import (
	"errors"

	"mvdan.cc/sh/v3/syntax"
)

// parseErrStatus is the status of eval or source failing with err.
func parseErrStatus(err error) uint8 {
	var pe syntax.ParseError
	var le syntax.LangError
	if errors.As(err, &pe) || errors.As(err, &le) {
		return 2
	}
	return 1
}
