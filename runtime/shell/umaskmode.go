package shell

import (
	"fmt"
	"strconv"
	"strings"
)

// umaskMode is the mask that umask MODE sets when the mask is cur: MODE is
// octal (027) or bash's symbolic form, clauses like u=rwx,g=rx,o= or g-w
// or a+r that say which permissions files may get (the complement of the
// mask). Who defaults to a (all).
func umaskMode(cur int, mode string) (int, error) {
	if mode != "" && mode[0] >= '0' && mode[0] <= '9' {
		m, err := strconv.ParseUint(mode, 8, 32)
		if err != nil || m > 0o777 {
			return 0, fmt.Errorf("%s: octal number out of range", mode)
		}
		return int(m), nil
	}
	allowed := ^cur & 0o777
	for _, clause := range strings.Split(mode, ",") {
		who := 0
		i := 0
		for ; i < len(clause) && strings.IndexByte("ugoa", clause[i]) >= 0; i++ {
			switch clause[i] {
			case 'u':
				who |= 0o700
			case 'g':
				who |= 0o070
			case 'o':
				who |= 0o007
			case 'a':
				who |= 0o777
			}
		}
		if who == 0 {
			who = 0o777
		}
		if i == len(clause) {
			return 0, fmt.Errorf("`%s': missing symbolic mode operator", clause)
		}
		// One operator, then r, w and x only (bash has no X, s or t here).
		op := clause[i]
		if op != '+' && op != '-' && op != '=' {
			return 0, fmt.Errorf("`%c': invalid symbolic mode operator", op)
		}
		perm := 0
		for _, c := range clause[i+1:] {
			switch c {
			case 'r':
				perm |= 0o444
			case 'w':
				perm |= 0o222
			case 'x':
				perm |= 0o111
			default:
				return 0, fmt.Errorf("`%c': invalid symbolic mode character", c)
			}
		}
		perm &= who
		switch op {
		case '+':
			allowed |= perm
		case '-':
			allowed &^= perm
		case '=':
			allowed = allowed&^who | perm
		}
	}
	return ^allowed & 0o777, nil
}
