package llm

import (
	"errors"
	"fmt"
	"time"
)

// Kind classifies a failed call.
type Kind int

// The kinds of failure.
const (
	Unreachable Kind = iota + 1 // no connection: refused, unknown host, network down
	Auth                        // 401 or 403
	NotFound                    // 404 or an unknown model
	RateLimit                   // 429 after the retries
	Server                      // 5xx
	Timeout                     // no byte within the configured timeout
	Malformed                   // a reply that does not parse
	Cut                         // the stream stopped before its end
	Empty                       // a complete reply with no text and no tool call
	BadRequest                  // another 4xx: the server rejected the request
)

var kindNames = [...]string{"", "unreachable", "auth", "not-found", "rate-limit", "server", "timeout", "malformed", "cut", "empty", "bad-request"}

// String returns the kind's short name, e.g. "rate-limit".
func (k Kind) String() string {
	if k > 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("kind(%d)", int(k))
}

// Error is a failed call. Its message is one line that names the model and
// the cause.
type Error struct {
	Kind       Kind
	Model      string // Config.Describe() of the model
	Status     int    // HTTP status, 0 when there was no response
	Cause      string // what went wrong, in words
	RetryAfter time.Duration
}

func (e *Error) Error() string { return e.Model + ": " + e.Cause }

// KindOf returns the Kind of err, or 0 when err is not an *Error.
func KindOf(err error) Kind {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return 0
}
