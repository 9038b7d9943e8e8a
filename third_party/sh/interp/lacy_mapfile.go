// lacy patch: bash's mapfile/readarray: -d -n -O -s -t -u, the array kept
// below the origin with -O, and no NUL byte in a value (bash has none).

package interp

import (
	"bufio"
	"io"
	"slices"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

func (r *Runner) builtinMapfile(name string, args []string) exitStatus {
	var exit exitStatus
	failf := func(code uint8, format string, a ...any) exitStatus {
		r.errf(format, a...)
		exit.code = code
		return exit
	}
	usage := name + ": usage: " + name + " [-d delim] [-n count] [-O origin] [-s count] [-t] [-u fd] [-C callback] [-c quantum] [array]\n"
	dropDelim := false
	delim := byte('\n')
	count, origin, skip, fd := 0, 0, 0, 0
	haveOrigin := false
	fp := flagParser{remaining: args}
	for fp.more() {
		flag := fp.flag()
		if flag == "-t" {
			dropDelim = true
			continue
		}
		switch flag {
		case "-d", "-n", "-O", "-s", "-u", "-C", "-c":
		default:
			return failf(2, "%s: %s: invalid option\n%s", name, flag, usage)
		}
		val, ok := fp.valueOK()
		if !ok {
			return failf(2, "%s: %s: option requires an argument\n%s", name, flag, usage)
		}
		if flag == "-d" {
			delim = 0 // bash: an empty delimiter is NUL
			if val != "" {
				delim = val[0]
			}
			continue
		}
		if flag == "-C" {
			continue // callbacks are not run
		}
		n, err := strconv.Atoi(val)
		if err != nil || n < 0 {
			what := "invalid number"
			switch flag {
			case "-O":
				what = "invalid array origin"
			case "-s":
				what = "invalid line count"
			case "-u":
				what = "invalid file descriptor specification"
			case "-c":
				what = "invalid callback quantum"
			}
			return failf(1, "%s: %s: %s\n", name, val, what)
		}
		switch flag {
		case "-n":
			count = n
		case "-O":
			origin, haveOrigin = n, true
		case "-s":
			skip = n
		case "-u":
			fd = n
		}
	}
	args = fp.args()
	arrayName := "MAPFILE"
	switch len(args) {
	case 0:
	case 1:
		if !syntax.ValidName(args[0]) {
			return failf(1, "%s: `%s': not a valid identifier\n", name, args[0])
		}
		arrayName = args[0]
	default:
		return failf(2, "%s: too many arguments\n%s", name, usage)
	}
	var in io.Reader = r.stdin
	if fd != 0 {
		f, ok := r.fdFile(fd)
		if !ok {
			return failf(1, "%s: %d: invalid file descriptor: Bad file descriptor\n", name, fd)
		}
		in = f
	}
	if in == nil {
		return failf(1, "%s: read error: 0: Bad file descriptor\n", name)
	}
	var br io.ByteReader
	if count > 0 {
		br = oneByteReader{in} // leave what follows the last line unread
	} else {
		br = bufio.NewReader(in)
	}
	var lines []string
	var sb strings.Builder
	done := false
	for !done && (count == 0 || len(lines) < count+skip) {
		sb.Reset()
		got := false
		for {
			c, err := br.ReadByte()
			if err != nil {
				done = true
				break
			}
			got = true
			if c == delim {
				if !dropDelim && c != 0 {
					sb.WriteByte(c)
				}
				break
			}
			if c != 0 {
				sb.WriteByte(c)
			}
		}
		if !got {
			break
		}
		lines = append(lines, sb.String())
	}
	if skip < len(lines) {
		lines = lines[skip:]
	} else {
		lines = nil
	}
	elems := map[int]string{}
	if haveOrigin {
		if vr := r.lookupVar(arrayName); vr.Kind == expand.Indexed {
			for i, v := range vr.List {
				idx := i
				if vr.Indexes != nil {
					idx = vr.Indexes[i]
				}
				elems[idx] = v
			}
		} else if vr.IsSet() {
			elems[0] = vr.String()
		}
	}
	for i, l := range lines {
		elems[origin+i] = l
	}
	keys := make([]int, 0, len(elems))
	for k := range elems {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	vr := expand.Variable{Set: true, Kind: expand.Indexed}
	dense := len(keys) == 0 || keys[len(keys)-1] == len(keys)-1
	for _, k := range keys {
		vr.List = append(vr.List, elems[k])
	}
	if !dense {
		vr.Indexes = keys
	}
	r.setVar(arrayName, vr)
	return exit
}

// oneByteReader reads one byte at a time, so nothing past it is consumed.
type oneByteReader struct{ r io.Reader }

func (o oneByteReader) ReadByte() (byte, error) {
	var b [1]byte
	for {
		n, err := o.r.Read(b[:])
		if n == 1 {
			return b[0], nil
		}
		if err != nil {
			return 0, err
		}
	}
}
