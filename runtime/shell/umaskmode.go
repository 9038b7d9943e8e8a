package shell

import (
	"fmt"
	"strconv"
)

// umaskMode returns the mask that mode sets from the current mask cur:
// octal (027) or bash's symbolic form (u=rwx,g=rx,o=; g-w), as umask takes it.
func umaskMode(cur int, mode string) (int, error) {
	if mode != "" && mode[0] >= '0' && mode[0] <= '9' {
		v, err := strconv.ParseUint(mode, 8, 32)
		if err != nil || v > 0o777 {
			return 0, fmt.Errorf("%s: octal number out of range", mode)
		}
		return int(v), nil
	}
	bits, err := parseSymbolicMode(mode, ^cur&0o777)
	if err != nil {
		return 0, err
	}
	return ^bits & 0o777, nil
}
