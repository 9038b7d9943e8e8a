//go:build lacymemprofile

package repl

// A build with the lacymemprofile tag writes a heap profile of the idle
// shell on request (LACY_MEMPROFILE; see internal/memprofile).
import _ "github.com/lacy-sh/lacy/internal/memprofile"
