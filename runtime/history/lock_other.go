//go:build !unix

package history

// Without flock, concurrent sessions rely on O_APPEND alone.
func lockFile(int) error { return nil }

func unlockFile(int) {}
