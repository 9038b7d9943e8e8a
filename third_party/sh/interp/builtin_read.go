// Copyright (c) 2017, Daniel Martí <mvdan@mvdan.cc>
// See LICENSE for licensing information

package interp

// lacy patch: bash's read flags (-d -n -N -t -u -e -i, -a NAME, -p on a
// terminal only) and its exit statuses.

import (
	"context"
	"errors"
	"io"
	"os"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"golang.org/x/term"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// readOpts are the flags of one read call.
type readOpts struct {
	delim     byte
	raw       bool
	nchars    int // -n or -N; -1 for no limit
	exact     bool
	timeout   time.Duration
	hasTimout bool
}

func (r *Runner) builtinRead(ctx context.Context, args []string) exitStatus {
	var exit exitStatus
	failf := func(code uint8, format string, a ...any) exitStatus {
		r.errf(format, a...)
		exit.code = code
		return exit
	}
	o := readOpts{delim: '\n', nchars: -1}
	var prompt, arrayName string
	silent, readArray := false, false
	fd := 0
	fp := flagParser{remaining: args}
	for fp.more() {
		flag := fp.flag()
		switch flag {
		case "-s":
			silent = true
			continue
		case "-r":
			o.raw = true
			continue
		case "-e":
			continue
		case "-a", "-p", "-d", "-n", "-N", "-t", "-u", "-i":
		default:
			return failf(2, "read: %s: invalid option\nread: usage: read [-ers] [-a array] [-d delim] [-i text] [-n nchars] [-N nchars] [-p prompt] [-t timeout] [-u fd] [name ...]\n", flag)
		}
		val, ok := fp.valueOK()
		if !ok {
			return failf(2, "read: %s: option requires an argument\nread: usage: read [-ers] [-a array] [-d delim] [-i text] [-n nchars] [-N nchars] [-p prompt] [-t timeout] [-u fd] [name ...]\n", flag)
		}
		switch flag {
		case "-a":
			readArray, arrayName = true, val
		case "-p":
			prompt = val
		case "-d":
			o.delim = 0
			if val != "" {
				o.delim = val[0]
			}
		case "-n", "-N":
			n, err := strconv.Atoi(val)
			if err != nil || n < 0 {
				return failf(1, "read: %s: invalid number\n", val)
			}
			o.nchars, o.exact = n, flag == "-N"
		case "-t":
			f, err := strconv.ParseFloat(val, 64)
			if err != nil || f < 0 || strings.ContainsAny(val, "eEnNxX") {
				return failf(1, "read: %s: invalid timeout specification\n", val)
			}
			o.timeout, o.hasTimout = time.Duration(f*float64(time.Second)), true
		case "-u":
			n, err := strconv.Atoi(val)
			if err != nil || n < 0 {
				return failf(1, "read: %s: invalid file descriptor specification\n", val)
			}
			fd = n
		case "-i":
		}
	}
	names := fp.args()
	for _, name := range names {
		if !syntax.ValidName(name) {
			return failf(1, "read: `%s': not a valid identifier\n", name)
		}
	}
	if readArray && !syntax.ValidName(arrayName) {
		return failf(1, "read: `%s': not a valid identifier\n", arrayName)
	}

	in := r.stdin
	if fd != 0 {
		f, ok := r.fdFile(fd)
		if !ok {
			return failf(1, "read: %d: invalid file descriptor: Bad file descriptor\n", fd)
		}
		in = f
	}
	if in == nil {
		return failf(1, "read: read error: 0: Bad file descriptor\n")
	}
	tfd, terminal := stdinTerminal(in)
	if prompt != "" && terminal {
		r.errf("%s", prompt)
	}

	if o.hasTimout && o.timeout == 0 {
		// read -t 0 only says whether input is waiting.
		exit.oneIf(!inputReady(in))
		return exit
	}

	var line []byte
	var err error
	if silent && terminal && o.delim == '\n' && o.nchars < 0 && !o.hasTimout {
		line, err = term.ReadPassword(tfd)
		if err == nil {
			r.errf("\n")
		}
	} else {
		line, err = r.readInput(ctx, in, o)
	}

	switch {
	case readArray:
		values := expand.ReadFields(r.ecfg, string(line), -1, o.raw)
		if values == nil {
			values = []string{}
		}
		r.setVar(arrayName, expand.Variable{Set: true, Kind: expand.Indexed, List: values})
	case len(names) == 0 || o.exact:
		// A bare read assigns the whole line to REPLY, and read -N its
		// characters, with no splitting: only backslash escapes go.
		val := string(line)
		if !o.raw {
			var sb strings.Builder
			esc := false
			for i := range len(val) {
				if val[i] == '\\' && !esc {
					esc = true
					continue
				}
				sb.WriteByte(val[i])
				esc = false
			}
			val = sb.String()
		}
		name := shellReplyVar
		if len(names) > 0 {
			name = names[0]
			for _, n := range names[1:] {
				r.setVarString(n, "")
			}
		}
		r.setVarString(name, val)
	default:
		values := expand.ReadFields(r.ecfg, string(line), len(names), o.raw)
		for i, name := range names {
			val := ""
			if i < len(values) {
				val = values[i]
			}
			r.setVarString(name, val)
		}
	}
	if errors.Is(err, os.ErrDeadlineExceeded) {
		exit.code = 142 // 128 + SIGALRM, as bash
	} else if err != nil {
		exit.code = 1
	}
	return exit
}

// readInput reads up to the delimiter (or -n/-N characters) one byte at a
// time, so that nothing after it is taken from a shared input. It returns
// io.EOF when the input ended before the delimiter (or the -N count).
func (r *Runner) readInput(ctx context.Context, in *os.File, o readOpts) ([]byte, error) {
	var line []byte
	esc := false
	chars := 0
	var partial []byte // the bytes of an incomplete UTF-8 character

	var deadline time.Time
	if o.hasTimout {
		deadline = time.Now().Add(o.timeout)
	}
	stopc := make(chan struct{})
	stop := context.AfterFunc(ctx, func() {
		in.SetReadDeadline(time.Now())
		close(stopc)
	})
	defer func() {
		if !stop() {
			<-stopc
			in.SetReadDeadline(time.Time{})
		}
	}()
	if o.nchars == 0 {
		return nil, nil
	}
	for {
		if o.hasTimout && !waitInput(in, time.Until(deadline)) {
			return line, os.ErrDeadlineExceeded
		}
		var buf [1]byte
		n, err := in.Read(buf[:])
		if n > 0 {
			b := buf[0]
			counted := true
			switch {
			case esc:
				esc = false
				if b == '\n' {
					// A backslash-newline is removed, whatever the delimiter.
					line = line[:len(line)-1]
					counted = false
					break
				}
				line = append(line, b)
			case !o.raw && b == '\\':
				line = append(line, b)
				esc = true
				counted = false
			case b == o.delim && !o.exact:
				return line, nil
			default:
				line = append(line, b)
			}
			if counted && o.nchars > 0 {
				partial = append(partial, b)
				if utf8.FullRune(partial) || len(partial) >= utf8.UTFMax {
					partial = partial[:0]
					if chars++; chars >= o.nchars {
						return line, nil
					}
				}
			}
		}
		if err != nil {
			if err == io.EOF {
				return line, io.EOF
			}
			return line, err
		}
	}
}

// fdFile is the file open as descriptor fd in the shell, for read -u.
func (r *Runner) fdFile(fd int) (*os.File, bool) {
	if v, ok := r.getFd(fd); ok && fd > 2 { // lacy patch 101
		f, ok := v.(*os.File)
		return f, ok
	}
	if fd == 0 && r.stdin != nil {
		return r.stdin, true
	}
	return nil, false
}
