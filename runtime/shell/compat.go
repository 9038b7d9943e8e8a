package shell

import (
	"context"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"
	"mvdan.cc/sh/v3/interp"
)

// Builtins that a .bashrc copied to ~/.lacyrc commonly uses and mvdan/sh
// rejects ("unsupported builtin"): lacy gives each one a sensible meaning or
// ignores it with one line in the log, never an error at every start-up.

// supportedShopts are the bash options mvdan/sh implements; shopt passes
// them through and ignores the others.
var supportedShopts = []string{"dotglob", "expand_aliases", "extglob", "failglob", "globskipdots", "globstar", "nocaseglob", "nocasematch", "nullglob"}

// isBashCompletion reports whether path is one of bash-completion's scripts
// (/usr/share/bash-completion/bash_completion, /etc/bash_completion, files
// in bash_completion.d), which a .bashrc sources. A tool's own file of that
// name elsewhere (nvm's $NVM_DIR/bash_completion) is not: it is run, and
// forwarded to the completion bridge like any completion script.
func isBashCompletion(path string) bool {
	systemWide := strings.HasPrefix(path, "/etc/") || strings.HasPrefix(path, "/usr/") || strings.HasPrefix(path, "/opt/homebrew/")
	return strings.HasSuffix(path, "/bash_completion") && systemWide ||
		strings.Contains(path, "/bash-completion/") || strings.Contains(path, "/bash_completion.d/")
}

// EditingMode is the line-editing mode last chosen with `set -o vi` or
// `set -o emacs` ("" when never chosen), for the line editor to follow.
func (s *Shell) EditingMode() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.editMode
}

// ignoreOnce logs, once per session, that something bash-only was ignored.
func (s *Shell) ignoreOnce(what string) {
	s.mu.Lock()
	seen := s.ignored[what]
	if s.ignored == nil {
		s.ignored = map[string]bool{}
	}
	s.ignored[what] = true
	s.mu.Unlock()
	if !seen {
		s.logf("%s: not supported by lacy; ignored", what)
	}
}

// setsEditingMode reports whether `set` args name vi or emacs mode, which
// lacy's set handles before mvdan/sh's.
func setsEditingMode(args []string) bool {
	for i := 1; i+1 < len(args); i++ {
		if (args[i] == "-o" || args[i] == "+o") && (args[i+1] == "vi" || args[i+1] == "emacs") {
			return true
		}
	}
	return false
}

// builtinSet takes `-o vi`/`-o emacs` out of set's arguments and passes the
// rest to mvdan/sh's set.
func (s *Shell) builtinSet(ctx context.Context, hc interp.HandlerContext, args []string) error {
	rest := []string{"set"}
	for i := 0; i < len(args); i++ {
		if (args[i] == "-o" || args[i] == "+o") && i+1 < len(args) && (args[i+1] == "vi" || args[i+1] == "emacs") {
			mode := args[i+1]
			if args[i] == "+o" { // bash: +o vi turns vi off, leaving emacs
				mode = "emacs"
			}
			s.mu.Lock()
			s.editMode = mode
			s.mu.Unlock()
			i++
			continue
		}
		rest = append(rest, args[i])
	}
	if len(rest) == 1 && len(args) == 0 { // a bare set lists the variables
		printSetVars(hc.Stdout, hc.Env)
		return nil
	}
	if len(rest) == 1 {
		return nil
	}
	return hc.Builtin(ctx, rest)
}

// builtinShopt passes the options mvdan/sh supports to its shopt and
// ignores the others (histappend, checkwinsize, ...). -q answers for both:
// an unsupported option is off.
func (s *Shell) builtinShopt(ctx context.Context, hc interp.HandlerContext, args []string) error {
	var mode string
	quiet, posix, reusable := false, false, false
	i := 0
	for ; i < len(args) && strings.HasPrefix(args[i], "-") && len(args[i]) > 1; i++ {
		if args[i] == "--" {
			i++
			break
		}
		for _, c := range args[i][1:] {
			switch c {
			case 's', 'u':
				mode = "-" + string(c)
			case 'q':
				quiet = true
			case 'o':
				posix = true
			case 'p':
				reusable = true
			default:
				fmt.Fprintf(hc.Stderr, "shopt: -%c: invalid option\n", c)
				return interp.ExitStatus(2)
			}
		}
	}
	names := args[i:]
	if posix && mode == "" {
		// shopt -o [-p|-q]: set -o's options, bash's formats and statuses.
		out := hc.Stdout
		if quiet {
			out = io.Discard
		}
		if st := s.printSetOpts(out, s.msgWriter(hc.Stderr), hc.LookupVar("SHELLOPTS").String(), names, reusable); st != 0 {
			return interp.ExitStatus(st)
		}
		return nil
	}
	if !quiet && !posix && (mode == "" || len(names) == 0) {
		return statusErr(s.printShopts(hc.Stdout, s.msgWriter(hc.Stderr), names, reusable, mode))
	}
	if quiet && mode == "" {
		for _, n := range names {
			if !s.shoptOn(n, posix) {
				return interp.ExitStatus(1)
			}
		}
		return nil
	}
	if posix {
		call := []string{"shopt", "-o"}
		if mode != "" {
			call = append(call, mode)
		}
		return hc.Builtin(ctx, append(call, names...))
	}
	var pass []string
	invalid := false
	for _, n := range names {
		if slices.Contains(supportedShopts, n) {
			pass = append(pass, n)
			if mode != "" {
				s.mu.Lock()
				if s.shopts == nil {
					s.shopts = map[string]bool{}
				}
				s.shopts[n] = mode == "-s"
				s.mu.Unlock()
			}
		} else if _, known := knownShopt(n); known {
			s.recordShopt(n, mode == "-s")
		} else {
			fmt.Fprintf(s.msgWriter(hc.Stderr), "shopt: %s: invalid shell option name\n", n)
			invalid = true
		}
	}
	if len(names) > 0 && len(pass) == 0 {
		if invalid {
			return interp.ExitStatus(1)
		}
		return nil
	}
	call := []string{"shopt"}
	if mode != "" {
		call = append(call, mode)
	}
	if err := hc.Builtin(ctx, append(call, pass...)); err != nil || !invalid {
		return err
	}
	return interp.ExitStatus(1)
}

// shoptOn answers `shopt -q name` from the options set through shopt; a
// set -o option (-o) reads as off.
func (s *Shell) shoptOn(name string, posix bool) bool {
	if posix {
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if on, ok := s.shopts[name]; ok {
		return on
	}
	switch name {
	case "expand_aliases":
		return s.opts.Interactive
	case "login_shell":
		return s.opts.Login
	}
	def, _ := knownShopt(name) // bash's default (globskipdots, extquote, ... are on)
	return def
}

// rlimits are ulimit's resources: flag, resource, unit in bytes, bash's
// description.
type rlimit struct {
	flag     byte
	resource int
	unit     uint64
	desc     string
}

var rlimits = []rlimit{
	{'c', unix.RLIMIT_CORE, 1024, "core file size              (blocks, -c)"},
	{'d', unix.RLIMIT_DATA, 1024, "data seg size               (kbytes, -d)"},
	{'f', unix.RLIMIT_FSIZE, 1024, "file size                   (blocks, -f)"},
	{'l', unix.RLIMIT_MEMLOCK, 1024, "max locked memory           (kbytes, -l)"},
	{'m', unix.RLIMIT_RSS, 1024, "max memory size             (kbytes, -m)"},
	{'n', unix.RLIMIT_NOFILE, 1, "open files                          (-n)"},
	{'s', unix.RLIMIT_STACK, 1024, "stack size                  (kbytes, -s)"},
	{'t', unix.RLIMIT_CPU, 1, "cpu time                   (seconds, -t)"},
	{'u', unix.RLIMIT_NPROC, 1, "max user processes                  (-u)"},
	{'v', unix.RLIMIT_AS, 1024, "virtual memory              (kbytes, -v)"},
}

func findRlimit(flag byte) (rlimit, bool) {
	i := slices.IndexFunc(rlimits, func(r rlimit) bool { return r.flag == flag })
	if i < 0 {
		return rlimit{}, false
	}
	return rlimits[i], true
}

// builtinUlimit shows and sets lacy's resource limits, which the programs it
// starts inherit, as bash's ulimit does (-H/-S, -a and the common resources).
func (s *Shell) builtinUlimit(w, errw io.Writer, args []string) int {
	hard, soft, all := false, false, false
	var flags []byte
	i := 0
	for ; i < len(args) && strings.HasPrefix(args[i], "-") && len(args[i]) > 1; i++ {
		for _, c := range []byte(args[i][1:]) {
			switch c {
			case 'H':
				hard = true
			case 'S':
				soft = true
			case 'a':
				all = true
			default:
				if _, ok := findRlimit(c); !ok {
					fmt.Fprintf(errw, "%s: ulimit: -%c: invalid option\n", s.opts.Name, c)
					return 2
				}
				flags = append(flags, c)
			}
		}
	}
	if len(flags) == 0 {
		flags = []byte{'f'}
	}
	show := func(v, unit uint64) string {
		if v == unix.RLIM_INFINITY {
			return "unlimited"
		}
		return strconv.FormatUint(v/unit, 10)
	}
	if all {
		for _, r := range rlimits {
			var l syscall.Rlimit
			if err := syscall.Getrlimit(r.resource, &l); err == nil {
				v := l.Cur
				if hard {
					v = l.Max
				}
				fmt.Fprintf(w, "%s %s\n", r.desc, show(v, r.unit))
			}
		}
		return 0
	}
	status := 0
	for _, f := range flags {
		r, _ := findRlimit(f)
		var l syscall.Rlimit
		if err := syscall.Getrlimit(r.resource, &l); err != nil {
			fmt.Fprintf(errw, "%s: ulimit: %v\n", s.opts.Name, err)
			return 1
		}
		if i >= len(args) {
			v := l.Cur
			if hard {
				v = l.Max
			}
			if len(flags) > 1 {
				fmt.Fprintf(w, "%s %s\n", r.desc, show(v, r.unit))
			} else {
				fmt.Fprintln(w, show(v, r.unit))
			}
			continue
		}
		var v uint64
		switch arg := args[i]; arg {
		case "unlimited":
			v = unix.RLIM_INFINITY
		case "hard":
			v = l.Max
		case "soft":
			v = l.Cur
		default:
			n, err := strconv.ParseUint(arg, 10, 64)
			if err != nil || n > math.MaxUint64/r.unit {
				fmt.Fprintf(errw, "%s: ulimit: %s: invalid number\n", s.opts.Name, arg)
				return 1
			}
			v = n * r.unit
		}
		if !hard && !soft {
			hard, soft = true, true
		}
		if soft {
			l.Cur = v
		}
		if hard {
			l.Max = v
		}
		if err := syscall.Setrlimit(r.resource, &l); err != nil {
			fmt.Fprintf(errw, "%s: ulimit: %s: cannot modify limit: %v\n", s.opts.Name, r.desc[strings.LastIndex(r.desc, "(")+1:len(r.desc)-1], err)
			status = 1
		}
	}
	return status
}
