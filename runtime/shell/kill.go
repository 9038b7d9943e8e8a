package shell

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"
	"mvdan.cc/sh/v3/interp"
)

const killUsage = "kill: usage: kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]"

// builtinKill is bash's kill: -s SIG, -n NUM, -SIG, -l/-L [sig|status…],
// then PIDs and job specs; lacy signals jobs and PIDs itself.
func (s *Shell) builtinKill(ctx context.Context, hc interp.HandlerContext, args []string) error {
	sig := syscall.SIGTERM
	list := false
	i := 0
opts:
	for ; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			i++
			break opts
		case a == "-l" || a == "-L":
			list = true
		case a == "-s" || a == "-n":
			if i+1 >= len(args) {
				fmt.Fprintf(hc.Stderr, "%s: kill: %s: option requires an argument\n%s\n", s.opts.Name, a, killUsage)
				return interp.ExitStatus(2)
			}
			i++
			if sig = parseSignal(args[i]); sig < 0 {
				fmt.Fprintf(hc.Stderr, "%s: kill: %s: invalid signal specification\n", s.opts.Name, args[i])
				return interp.ExitStatus(1)
			}
		case len(a) > 1 && a[0] == '-' && !list:
			if sig = parseSignal(a[1:]); sig < 0 {
				fmt.Fprintf(hc.Stderr, "%s: kill: %s: invalid signal specification\n", s.opts.Name, a[1:])
				return interp.ExitStatus(1)
			}
		default:
			break opts
		}
	}
	rest := args[i:]
	if list {
		return killList(hc.Stdout, hc.Stderr, s.opts.Name, rest)
	}
	if len(rest) == 0 {
		fmt.Fprintln(hc.Stderr, s.opts.Name+": "+killUsage)
		return interp.ExitStatus(2)
	}
	status := 0
	for _, a := range rest {
		target := a
		if strings.HasPrefix(a, "%") && s.tty == nil {
			// Without job control, the runner runs `cmd &` itself.
			if pid, ok := s.runner.BackgroundPID(a); ok {
				target = strconv.Itoa(pid)
			}
		}
		if err := s.killTarget(target, sig); err != nil {
			fmt.Fprintf(hc.Stderr, "%s: kill: %v\n", s.opts.Name, err)
			status = 1
		}
	}
	if status != 0 {
		return interp.ExitStatus(status)
	}
	return nil
}

// killList is kill -l: every signal, or the name of each number (an exit
// status above 128 names its signal) and the number of each name.
func killList(stdout, stderr io.Writer, name string, args []string) error {
	if len(args) == 0 {
		col := 0
		for n := 1; n < 65; n++ {
			sn := unix.SignalName(syscall.Signal(n))
			if sn == "" {
				continue
			}
			sep := "\t"
			if col++; col == 5 || n == 64 {
				sep, col = "\n", 0
			}
			fmt.Fprintf(stdout, "%2d) %s%s", n, sn, sep)
		}
		return nil
	}
	status := 0
	for _, a := range args {
		if n, err := strconv.Atoi(a); err == nil {
			if n > 128 {
				n -= 128
			}
			if n == 0 {
				fmt.Fprintln(stdout, "EXIT")
				continue
			}
			if sn := unix.SignalName(syscall.Signal(n)); sn != "" && n < 128 {
				fmt.Fprintln(stdout, strings.TrimPrefix(sn, "SIG"))
				continue
			}
		} else if sig := parseSignal(a); sig > 0 {
			fmt.Fprintln(stdout, int(sig))
			continue
		}
		fmt.Fprintf(stderr, "%s: kill: %s: invalid signal specification\n", name, a)
		status = 1
	}
	if status != 0 {
		return interp.ExitStatus(status)
	}
	return nil
}
