package session

import (
	"io"
	"sync"
)

// lockedWriter serialises writes from a command's stdout and stderr, which
// may come from different goroutines.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
