package route

import "github.com/lacy-sh/lacy/runtime/names"

// PathIndex is the index of the executables on PATH; it lives in package
// names ("what can run here"), which routing shares with completion,
// correction and translation.
type PathIndex = names.PathIndex

// RefreshInterval is names.RefreshInterval.
const RefreshInterval = names.RefreshInterval

// NewPathIndex returns names.NewPathIndex(path).
func NewPathIndex(path string) *PathIndex { return names.NewPathIndex(path) }
