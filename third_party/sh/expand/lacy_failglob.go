// lacy patch 049: the failglob option.

package expand

// NoMatchError is the error of a glob that matched no file while
// [Config.FailGlob] is set, as bash's failglob reports it.
type NoMatchError struct {
	Pattern string
}

func (e *NoMatchError) Error() string { return "no match: " + e.Pattern }
