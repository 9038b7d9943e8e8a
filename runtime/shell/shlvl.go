package shell

import (
	"strconv"
	"strings"
)

// NextLevel returns env (KEY=value pairs) with SHLVL one higher, as bash
// sets it when it starts (variables.c, adjust_shell_level): an unset or
// non-numeric SHLVL counts as 0, a negative result is 0, and 1000 or more
// starts again at 1. env itself is not modified.
func NextLevel(env []string) []string {
	out := make([]string, 0, len(env)+1)
	level := 0
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, "SHLVL="); ok {
			if n, err := strconv.Atoi(strings.TrimSpace(v)); err == nil {
				level = n
			} else {
				level = 0
			}
			continue
		}
		out = append(out, kv)
	}
	level++
	switch {
	case level < 0:
		level = 0
	case level >= 1000:
		level = 1
	}
	return append(out, "SHLVL="+strconv.Itoa(level))
}
