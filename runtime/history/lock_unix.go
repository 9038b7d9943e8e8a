//go:build unix

package history

import "syscall"

func lockFile(fd int) error { return syscall.Flock(fd, syscall.LOCK_EX) }

func unlockFile(fd int) { syscall.Flock(fd, syscall.LOCK_UN) }
