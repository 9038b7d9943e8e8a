package correct

import (
	"regexp"
	"sync"
)

// lazyRegexp compiles expr on first use: compiling at package
// initialisation would cost every start of lacy, most of which never need
// it.
func lazyRegexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}
