package history

import (
	"bytes"
	"strconv"
	"strings"
	"time"
)

// The history file holds one entry per line, six fields separated by tabs:
//
//	<unix ms> TAB <duration ms> TAB <exit> TAB <session> TAB <cwd> TAB <command> LF
//
// Session, cwd and command are escaped: a backslash, newline, carriage return
// or tab becomes \\, \n, \r or \t, so a multi-line command stays on one line
// and no field contains a raw tab. The command is last so `cut -f6-` shows it.
//
// This escaped TSV was chosen over JSON lines because a hand-rolled decoder
// parses 200k lines several times faster than encoding/json, needs no
// allocation for a field without escapes, and stays greppable. A line with a
// different shape is damaged: the reader skips and counts it.

const numFields = 6

// appendEntry appends the encoded line for e, newline included, to b.
func appendEntry(b []byte, e *Entry) []byte {
	b = strconv.AppendInt(b, e.Time.UnixMilli(), 10)
	b = append(b, '\t')
	b = strconv.AppendInt(b, e.Duration.Milliseconds(), 10)
	b = append(b, '\t')
	b = strconv.AppendInt(b, int64(e.Exit), 10)
	b = append(b, '\t')
	b = appendEscaped(b, e.Session)
	b = append(b, '\t')
	b = appendEscaped(b, e.Cwd)
	b = append(b, '\t')
	b = appendEscaped(b, e.Command)
	return append(b, '\n')
}

func appendEscaped(b []byte, s string) []byte {
	for {
		i := strings.IndexAny(s, "\\\n\r\t")
		if i < 0 {
			return append(b, s...)
		}
		b = append(b, s[:i]...)
		switch s[i] {
		case '\\':
			b = append(b, '\\', '\\')
		case '\n':
			b = append(b, '\\', 'n')
		case '\r':
			b = append(b, '\\', 'r')
		case '\t':
			b = append(b, '\\', 't')
		}
		s = s[i+1:]
	}
}

// rawEntry is a decoded line whose text fields still point into the line
// and may still hold escapes (see unescape).
type rawEntry struct {
	timeMs, durMs int64
	exit          int
	session, cwd  []byte
	command       []byte
}

// decodeLine parses one line without its trailing newline. It reports false
// for a damaged line: wrong field count, a bad number, a bad escape or an
// empty command.
func decodeLine(line []byte) (rawEntry, bool) {
	var r rawEntry
	var f [numFields][]byte
	for i := range numFields - 1 {
		j := bytes.IndexByte(line, '\t')
		if j < 0 {
			return r, false
		}
		f[i], line = line[:j], line[j+1:]
	}
	if bytes.IndexByte(line, '\t') >= 0 {
		return r, false
	}
	f[numFields-1] = line
	var ok bool
	if r.timeMs, ok = parseInt(f[0]); !ok {
		return r, false
	}
	if r.durMs, ok = parseInt(f[1]); !ok {
		return r, false
	}
	exit, ok := parseInt(f[2])
	if !ok || exit < -1<<31 || exit > 1<<31-1 {
		return r, false
	}
	r.exit = int(exit)
	r.session, r.cwd, r.command = f[3], f[4], f[5]
	if len(r.command) == 0 || !validEscapes(r.session) || !validEscapes(r.cwd) || !validEscapes(r.command) {
		return r, false
	}
	return r, true
}

// parseInt parses an optionally negative decimal int64 without allocating.
func parseInt(b []byte) (int64, bool) {
	neg := len(b) > 0 && b[0] == '-'
	if neg {
		b = b[1:]
	}
	if len(b) == 0 || len(b) > 18 {
		return 0, false
	}
	var n int64
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int64(c-'0')
	}
	if neg {
		n = -n
	}
	return n, true
}

func validEscapes(b []byte) bool {
	for {
		i := bytes.IndexByte(b, '\\')
		if i < 0 {
			return true
		}
		if i+1 >= len(b) {
			return false
		}
		switch b[i+1] {
		case '\\', 'n', 'r', 't':
		default:
			return false
		}
		b = b[i+2:]
	}
}

// appendUnescaped appends the unescaped form of b, which must have passed
// validEscapes, to dst.
func appendUnescaped(dst, b []byte) []byte {
	for {
		i := bytes.IndexByte(b, '\\')
		if i < 0 {
			return append(dst, b...)
		}
		dst = append(dst, b[:i]...)
		switch b[i+1] {
		case '\\':
			dst = append(dst, '\\')
		case 'n':
			dst = append(dst, '\n')
		case 'r':
			dst = append(dst, '\r')
		case 't':
			dst = append(dst, '\t')
		}
		b = b[i+2:]
	}
}

// unescape returns the unescaped string of an escaped field.
func unescape(b []byte) string {
	if bytes.IndexByte(b, '\\') < 0 {
		return string(b)
	}
	return string(appendUnescaped(make([]byte, 0, len(b)), b))
}

// entryTime converts the stored milliseconds back to a time.Time.
func entryTime(ms int64) time.Time { return time.UnixMilli(ms) }
