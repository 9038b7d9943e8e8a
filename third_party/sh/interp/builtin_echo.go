// Copyright (c) 2017, Daniel Martí <mvdan@mvdan.cc>
// See LICENSE for licensing information

package interp

// lacy patch: bash's echo: grouped flags (-en, -neE), and -e's escapes
// (\c stops all output, \0NNN octal, \xHH, \uHHHH, \UHHHHHHHH).

import "strings"

func (r *Runner) builtinEcho(args []string) exitStatus {
	newline, escapes := true, false
opts:
	for len(args) > 0 {
		a := args[0]
		if len(a) < 2 || a[0] != '-' || strings.Trim(a[1:], "neE") != "" {
			break opts
		}
		for _, c := range a[1:] {
			switch c {
			case 'n':
				newline = false
			case 'e':
				escapes = true
			case 'E':
				escapes = false
			}
		}
		args = args[1:]
	}
	var sb strings.Builder
	for i, arg := range args {
		if i > 0 {
			sb.WriteByte(' ')
		}
		if !escapes {
			sb.WriteString(arg)
			continue
		}
		for j := 0; j < len(arg); j++ {
			if arg[j] != '\\' || j+1 >= len(arg) {
				sb.WriteByte(arg[j])
				continue
			}
			if c := arg[j+1]; c >= '1' && c <= '9' {
				sb.WriteByte('\\') // only \0NNN is octal in echo
				continue
			}
			t, n, stop := printfEscape(arg[j+1:], true)
			if stop {
				r.out(sb.String())
				return exitStatus{}
			}
			sb.WriteString(t)
			j += n
		}
	}
	if newline {
		sb.WriteByte('\n')
	}
	r.out(sb.String())
	return exitStatus{}
}
