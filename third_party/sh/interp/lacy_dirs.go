// lacy patch: bash's directory stack (dirs, pushd, popd, DIRSTACK).

package interp

import (
	"context"
	"strconv"
	"strings"
)

// dirsList returns the directory stack in bash's order: entry 0 is the
// shell's current directory (whatever cd did since), then the saved ones.
func (r *Runner) dirsList() []string {
	list := make([]string, 0, len(r.dirStack)+1)
	list = append(list, r.Dir)
	for i := len(r.dirStack) - 2; i >= 0; i-- {
		list = append(list, r.dirStack[i])
	}
	return list
}

// setDirsList stores a stack given in bash's order (entry 0 current).
func (r *Runner) setDirsList(list []string) {
	st := r.dirStack[:0]
	for i := len(list) - 1; i >= 0; i-- {
		st = append(st, list[i])
	}
	r.dirStack = st
}

// dirsIndex reads +N (from the top) or -N (from the bottom) for a stack of
// n entries; ok is false when arg is no such number, inRange when it is.
func dirsIndex(arg string, n int) (idx int, ok, inRange bool) {
	if len(arg) < 2 || (arg[0] != '+' && arg[0] != '-') {
		return 0, false, false
	}
	v, err := strconv.Atoi(arg[1:])
	if err != nil || v < 0 || strings.ContainsAny(arg[1:], "+-") {
		return 0, false, false
	}
	if arg[0] == '-' {
		v = n - 1 - v
	}
	return v, true, v >= 0 && v < n
}

// dirsTilde writes dir with $HOME replaced by ~, as bash's dirs does.
func (r *Runner) dirsTilde(dir string) string {
	home := r.envGet("HOME")
	if len(home) > 1 && strings.HasPrefix(dir, home) && (len(dir) == len(home) || dir[len(home)] == '/') {
		return "~" + dir[len(home):]
	}
	return dir
}

func (r *Runner) builtinDirs(args []string) exitStatus {
	var exit exitStatus
	long, perLine, verbose := false, false, false
	list := r.dirsList()
	only := -1
	for _, a := range args {
		switch a {
		case "-c":
			r.setDirsList(list[:1])
			return exit
		case "-l":
			long = true
		case "-p":
			perLine = true
		case "-v":
			perLine, verbose = true, true
		default:
			idx, ok, inRange := dirsIndex(a, len(list))
			switch {
			case ok && !inRange:
				r.errf("dirs: %s: directory stack index out of range\n", a[1:])
				exit.code = 1
				return exit
			case ok:
				only = idx
			default:
				what := "invalid option"
				if a != "" && (a[0] == '-' || a[0] == '+') {
					what = "invalid number"
				}
				r.errf("dirs: %s: %s\ndirs: usage: dirs [-clpv] [+N] [-N]\n", a, what)
				exit.code = 2
				return exit
			}
		}
	}
	format := func(d string) string {
		if long {
			return d
		}
		return r.dirsTilde(d)
	}
	if only >= 0 {
		if verbose {
			r.outf("%2d  %s\n", only, format(list[only]))
		} else {
			r.outf("%s\n", format(list[only]))
		}
		return exit
	}
	var sb strings.Builder
	for i, d := range list {
		switch {
		case verbose:
			sb.WriteString(pad2(i) + "  " + format(d) + "\n")
		case perLine:
			sb.WriteString(format(d) + "\n")
		default:
			if i > 0 {
				sb.WriteString(" ")
			}
			sb.WriteString(format(d))
		}
	}
	if !perLine {
		sb.WriteString("\n")
	}
	r.out(sb.String())
	return exit
}

func pad2(i int) string {
	s := strconv.Itoa(i)
	if len(s) < 2 {
		s = " " + s
	}
	return s
}

// dirsChdir changes to dir as pushd and popd do, with bash's messages.
func (r *Runner) dirsChdir(ctx context.Context, cmd, dir string) uint8 {
	if dir == "" {
		r.errf("%s: empty directory path\n", cmd)
		return 1
	}
	apath := r.logicalPath(dir)
	fi, err := r.stat(ctx, apath)
	if err != nil || !fi.IsDir() {
		r.errf("%s: %s: No such file or directory\n", cmd, dir)
		return 1
	}
	if r.access(ctx, apath, AccessExec) != nil {
		r.errf("%s: %s: Permission denied\n", cmd, dir)
		return 1
	}
	old := r.Dir
	if pwd := r.envGet("PWD"); pwd != "" {
		old = pwd
	}
	r.Dir = apath
	r.setVarString("OLDPWD", old)
	r.setVarString("PWD", apath)
	return 0
}

func (r *Runner) builtinPushd(ctx context.Context, args []string) exitStatus {
	var exit exitStatus
	const usage = "pushd: usage: pushd [-n] [+N | -N | dir]\n"
	change := true
	list := r.dirsList()
	for len(args) > 0 && len(args[0]) > 1 && args[0][0] == '-' {
		if args[0] == "--" {
			args = args[1:]
			break
		}
		if args[0] == "-n" {
			change = false
			args = args[1:]
			continue
		}
		if _, ok, _ := dirsIndex(args[0], len(list)); ok {
			break
		}
		r.errf("pushd: %s: invalid number\n%s", args[0], usage)
		exit.code = 2
		return exit
	}
	if len(args) > 1 {
		r.errf("pushd: too many arguments\n")
		exit.code = 1
		return exit
	}
	var dir string
	haveDir, rotate, idx := false, false, 0
	if len(args) == 1 {
		n, ok, inRange := dirsIndex(args[0], len(list))
		switch {
		case ok && !inRange:
			r.errf("pushd: %s: directory stack index out of range\n", args[0])
			exit.code = 1
			return exit
		case ok:
			rotate, idx = true, n
		default:
			haveDir, dir = true, args[0]
		}
	}
	switch {
	case rotate:
		rot := append(append([]string{}, list[idx:]...), list[:idx]...)
		if change && idx != 0 {
			if code := r.dirsChdir(ctx, "pushd", rot[0]); code != 0 {
				exit.code = code
				return exit
			}
			rot[0] = r.Dir
		}
		if !change {
			// bash rotates the saved entries only, keeping the current one
			rot = list
		}
		r.setDirsList(rot)
	case haveDir:
		if !change {
			nl := append([]string{list[0], r.absPath(dir)}, list[1:]...)
			r.setDirsList(nl)
			break
		}
		if code := r.dirsChdir(ctx, "pushd", dir); code != 0 {
			exit.code = code
			return exit
		}
		r.setDirsList(append([]string{r.Dir}, list...))
	default:
		if len(list) < 2 {
			r.errf("pushd: no other directory\n")
			exit.code = 1
			return exit
		}
		if !change {
			return exit
		}
		if code := r.dirsChdir(ctx, "pushd", list[1]); code != 0 {
			exit.code = code
			return exit
		}
		list[0], list[1] = list[1], list[0]
		list[0] = r.Dir
		r.setDirsList(list)
	}
	return r.builtinDirs(nil)
}

func (r *Runner) builtinPopd(ctx context.Context, args []string) exitStatus {
	var exit exitStatus
	const usage = "popd: usage: popd [-n] [+N | -N]\n"
	change := true
	list := r.dirsList()
	idx, haveIdx := 0, false
	for i, a := range args {
		switch {
		case a == "-n":
			change = false
		case a == "--":
			if i != len(args)-1 {
				r.errf("popd: %s: invalid argument\n%s", args[i+1], usage)
				exit.code = 2
				return exit
			}
		default:
			n, ok, inRange := dirsIndex(a, len(list))
			if !ok || haveIdx {
				r.errf("popd: %s: invalid argument\n%s", a, usage)
				exit.code = 2
				return exit
			}
			if !inRange {
				r.errf("popd: %s: directory stack index out of range\n", a)
				exit.code = 1
				return exit
			}
			idx, haveIdx = n, true
		}
	}
	if len(list) < 2 {
		r.errf("popd: directory stack empty\n")
		exit.code = 1
		return exit
	}
	if !haveIdx && !change {
		idx = 1
	}
	if idx == 0 {
		if change {
			if code := r.dirsChdir(ctx, "popd", list[1]); code != 0 {
				exit.code = code
				return exit
			}
		}
		list = list[1:]
		list[0] = r.Dir
	} else {
		list = append(list[:idx], list[idx+1:]...)
	}
	r.setDirsList(list)
	return r.builtinDirs(nil)
}

// changeDir was upstream's pushd/popd helper; kept (not deleted) so that the
// patch stays small and upstream's code merges as it is.
var _ = (*Runner).changeDir
