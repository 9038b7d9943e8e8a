// Copyright (c) 2017, Daniel Martí <mvdan@mvdan.cc>
// See LICENSE for licensing information

package interp

// lacy patch: bash's printf: -v NAME (and NAME[i]), the format reused
// while arguments remain, flags/width/precision (and *) on every
// conversion, %d %i %u %o %x %X %e %E %f %F %g %G %a %A %c %s %b %q %(fmt)T,
// 'c character codes, C escapes in the format.

import (
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// shellStart is when the shell started, for %(fmt)T with -2.
var shellStart = time.Now()

func (r *Runner) builtinPrintf(args []string) exitStatus {
	var exit exitStatus
	varName := ""
	for len(args) > 0 {
		if args[0] == "--" {
			args = args[1:]
			break
		}
		if args[0] == "-v" {
			if len(args) < 2 {
				r.errf("printf: -v: option requires an argument\nprintf: usage: printf [-v var] format [arguments]\n")
				exit.code = 2
				return exit
			}
			varName, args = args[1], args[2:]
			continue
		}
		if v, ok := strings.CutPrefix(args[0], "-v"); ok && v != "" {
			varName, args = v, args[1:]
			continue
		}
		if len(args[0]) > 1 && args[0][0] == '-' {
			r.errf("printf: %s: invalid option\nprintf: usage: printf [-v var] format [arguments]\n", args[0][:2])
			exit.code = 2
			return exit
		}
		break
	}
	if len(args) == 0 {
		r.errf("printf: usage: printf [-v var] format [arguments]\n")
		exit.code = 2
		return exit
	}
	var target func(string) bool
	if varName != "" {
		var ok bool
		if target, ok = r.printfTarget(varName); !ok {
			r.errf("printf: `%s': not a valid identifier\n", varName)
			exit.code = 2
			return exit
		}
	}
	p := printfState{args: args[1:], loc: time.Local}
	if tz := r.writeEnv.Get("TZ"); tz.Exported && tz.IsSet() {
		if loc, err := time.LoadLocation(tz.String()); err == nil {
			p.loc = loc
		}
	}
	var out strings.Builder
	format := args[0]
	for {
		consumed := p.next
		stop := p.format(&out, format)
		if stop || p.next >= len(p.args) || p.next == consumed {
			break
		}
	}
	for _, e := range p.errs {
		r.errf("printf: %s\n", e)
	}
	if target != nil {
		target(out.String())
	} else {
		r.out(out.String())
	}
	if p.failed {
		exit.code = 1
	}
	return exit
}

// printfTarget returns the function that assigns printf -v's result to
// name, or name[index].
func (r *Runner) printfTarget(name string) (func(string) bool, bool) {
	if syntax.ValidName(name) {
		return func(s string) bool { r.setVarString(name, s); return true }, true
	}
	base, idx, ok := strings.Cut(name, "[")
	if !ok || !syntax.ValidName(base) || !strings.HasSuffix(idx, "]") || len(idx) < 2 {
		return nil, false
	}
	idx = idx[:len(idx)-1]
	return func(s string) bool {
		prev := r.lookupVar(base)
		var index syntax.ArithmExpr
		if prev.Kind == expand.Associative {
			index = &syntax.Word{Parts: []syntax.WordPart{&syntax.SglQuoted{Value: r.subscriptKey(idx)}}} // lacy patch: 'A["K"]', taken literally
		} else {
			x, err := syntax.NewParser().Arithmetic(strings.NewReader(idx))
			if err != nil {
				r.errf("printf: %s: bad array subscript\n", name)
				return false
			}
			index = x
		}
		r.setVarWithIndex(prev, base, index, expand.Variable{Set: true, Kind: expand.String, Str: s})
		return true
	}, true
}

type printfState struct {
	loc    *time.Location // for %(fmt)T: the exported TZ, else the process's
	args   []string
	next   int
	failed bool
	errs   []string
}

func (p *printfState) arg() (string, bool) {
	if p.next >= len(p.args) {
		return "", false
	}
	p.next++
	return p.args[p.next-1], true
}

// format writes one pass of the format; it reports true when output must
// stop (\c in %b, an invalid conversion).
func (p *printfState) format(out *strings.Builder, format string) bool {
	for i := 0; i < len(format); i++ {
		c := format[i]
		if c == '\\' {
			s, n, stop := printfEscape(format[i+1:], false)
			out.WriteString(s)
			i += n
			if stop {
				return true
			}
			continue
		}
		if c != '%' {
			out.WriteByte(c)
			continue
		}
		// %[flags][width][.precision]conversion
		j := i + 1
		if j < len(format) && format[j] == '%' {
			out.WriteByte('%')
			i = j
			continue
		}
		flags := ""
		for j < len(format) && strings.IndexByte("-+ #0'", format[j]) >= 0 {
			if format[j] != '\'' {
				flags += string(format[j])
			}
			j++
		}
		width, prec := "", ""
		hasPrec := false
		if j < len(format) && format[j] == '*' {
			a, _ := p.arg()
			width = strconv.Itoa(int(p.integer(a)))
			j++
		} else {
			for j < len(format) && format[j] >= '0' && format[j] <= '9' {
				width += string(format[j])
				j++
			}
		}
		if j < len(format) && format[j] == '.' {
			hasPrec = true
			j++
			if j < len(format) && format[j] == '*' {
				a, _ := p.arg()
				prec = strconv.Itoa(int(p.integer(a)))
				j++
			} else {
				for j < len(format) && format[j] >= '0' && format[j] <= '9' {
					prec += string(format[j])
					j++
				}
				if prec == "" {
					prec = "0"
				}
			}
		}
		// length modifiers are accepted and ignored
		for j < len(format) && strings.IndexByte("hlLjzt", format[j]) >= 0 {
			j++
		}
		if j >= len(format) {
			p.errs = append(p.errs, "`"+format[i:]+"': missing format character")
			p.failed = true
			return true
		}
		if strings.HasPrefix(width, "-") {
			flags += "-"
			width = width[1:]
		}
		spec := "%" + flags + width
		if hasPrec {
			spec += "." + prec
		}
		conv := format[j]
		i = j
		if strings.IndexByte("sqbc(", conv) >= 0 && strings.Contains(flags, "0") {
			// the 0 flag pads numbers only
			spec = "%" + strings.ReplaceAll(flags, "0", "") + width
			if hasPrec {
				spec += "." + prec
			}
		}
		switch conv {
		case 'd', 'i':
			a, _ := p.arg()
			out.WriteString(fmt.Sprintf(spec+"d", p.integer(a)))
		case 'u', 'o', 'x', 'X':
			a, _ := p.arg()
			n := uint64(p.integer(a))
			verb := string(conv)
			if n == 0 && conv != 'o' {
				spec = strings.Replace(spec, "#", "", 1) // C prints no 0x for zero
			}
			if conv == 'u' {
				verb = "d"
			}
			out.WriteString(fmt.Sprintf(spec+verb, n))
		case 'e', 'E', 'f', 'F', 'g', 'G', 'a', 'A':
			a, _ := p.arg()
			f := p.float(a)
			if !hasPrec && conv != 'a' && conv != 'A' {
				spec += ".6"
			}
			verb := string(conv)
			switch conv {
			case 'F':
				verb = "f"
			case 'a':
				verb = "x"
			case 'A':
				verb = "X"
			}
			s := fmt.Sprintf(spec+verb, f)
			if conv == 'F' {
				s = strings.ToUpper(s)
			}
			if (conv == 'g' || conv == 'G') && strings.Contains(flags, "#") {
				// keep Go's output
			}
			out.WriteString(s)
		case 'c':
			a, _ := p.arg()
			if a != "" {
				a = a[:1] // the first byte, as bash
			}
			out.WriteString(fmt.Sprintf(strings.Replace(spec, "."+prec, "", 1)+"s", a))
		case 's':
			a, _ := p.arg()
			out.WriteString(fmt.Sprintf(spec+"s", a))
		case 'b':
			a, _ := p.arg()
			s, stop := expandBackslashes(a)
			out.WriteString(fmt.Sprintf(spec+"s", s))
			if stop {
				return true
			}
		case 'q':
			a, _ := p.arg()
			out.WriteString(fmt.Sprintf(strings.Replace(spec, "."+prec, "", 1)+"s", bashQuote(a)))
		case '(':
			end := strings.Index(format[j:], ")T")
			if end < 0 {
				p.errs = append(p.errs, "`(': invalid format character")
				p.failed = true
				return true
			}
			tf := format[j+1 : j+end]
			i = j + end + 1
			a, ok := p.arg()
			t := time.Now()
			if ok && strings.TrimSpace(a) != "" {
				switch n := p.integer(a); n {
				case -1:
				case -2:
					t = shellStart
				default:
					t = time.Unix(n, 0)
				}
			}
			out.WriteString(fmt.Sprintf(spec+"s", strftime(tf, t.In(p.loc))))
		default:
			p.errs = append(p.errs, "`"+string(conv)+"': invalid format character")
			p.failed = true
			return true
		}
	}
	return false
}

// integer parses a printf number argument as bash does: C integer
// syntax, or 'c / "c for a character's code; on error the number read so
// far, and a failure.
func (p *printfState) integer(s string) int64 {
	if s == "" {
		return 0
	}
	if s[0] == '\'' || s[0] == '"' {
		if len(s) == 1 {
			return 0
		}
		return int64(charCode(s[1:]))
	}
	t := strings.TrimLeft(s, " \t\n")
	if n, err := strconv.ParseInt(t, 0, 64); err == nil {
		return n
	}
	if n, err := strconv.ParseUint(t, 0, 64); err == nil {
		return int64(n)
	}
	// the longest valid prefix
	end := 0
	for k := len(t); k > 0; k-- {
		if _, err := strconv.ParseInt(t[:k], 0, 64); err == nil {
			end = k
			break
		}
	}
	p.failed = true
	if end == 0 {
		p.errs = append(p.errs, s+": invalid number")
		return 0
	}
	n, _ := strconv.ParseInt(t[:end], 0, 64)
	p.errs = append(p.errs, s+": invalid number")
	return n
}

func (p *printfState) float(s string) float64 {
	if s == "" {
		return 0
	}
	if s[0] == '\'' || s[0] == '"' {
		if len(s) == 1 {
			return 0
		}
		return float64(charCode(s[1:]))
	}
	t := strings.TrimSpace(s)
	if f, err := strconv.ParseFloat(t, 64); err == nil {
		return f
	}
	if n, err := strconv.ParseInt(t, 0, 64); err == nil {
		return float64(n)
	}
	p.failed = true
	p.errs = append(p.errs, s+": invalid number")
	return 0
}

// printfEscape reads one backslash escape (s follows the backslash); in %b
// (arg) \0NNN is octal too and \c stops the output. It returns the text,
// how many bytes of s it used, and whether to stop.
func printfEscape(s string, arg bool) (string, int, bool) {
	if s == "" {
		return "\\", 0, false
	}
	switch c := s[0]; c {
	case 'a':
		return "\a", 1, false
	case 'b':
		return "\b", 1, false
	case 'e', 'E':
		return "\x1b", 1, false
	case 'f':
		return "\f", 1, false
	case 'n':
		return "\n", 1, false
	case 'r':
		return "\r", 1, false
	case 't':
		return "\t", 1, false
	case 'v':
		return "\v", 1, false
	case '\\':
		return "\\", 1, false
	case '"', '?':
		return string(c), 1, false
	case '\'':
		if arg {
			return "\\'", 1, false
		}
		return "'", 1, false
	case 'c':
		if arg {
			return "", 1, true
		}
		return "\\c", 1, false
	case 'x':
		n, k := 0, 1
		for ; k < 3 && k < len(s) && isHex(s[k]); k++ {
			n = n*16 + hexVal(s[k])
		}
		if k == 1 {
			return "\\x", 1, false
		}
		return string([]byte{byte(n)}), k, false
	case 'u', 'U':
		max := 5
		if c == 'U' {
			max = 9
		}
		n, k := 0, 1
		for ; k < max && k < len(s) && isHex(s[k]); k++ {
			n = n*16 + hexVal(s[k])
		}
		if k == 1 {
			return "\\" + string(c), 1, false
		}
		return string(rune(n)), k, false
	}
	if s[0] >= '0' && s[0] <= '7' {
		start, max := 0, 3
		if arg && s[0] == '0' {
			start, max = 1, 4
		}
		n, k := 0, start
		for ; k < max && k < len(s) && s[k] >= '0' && s[k] <= '7'; k++ {
			n = n*8 + int(s[k]-'0')
		}
		return string([]byte{byte(n)}), k, false
	}
	return "\\" + string(s[0]), 1, false
}

// expandBackslashes expands the escapes of a %b argument.
func expandBackslashes(s string) (string, bool) {
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' {
			sb.WriteByte(s[i])
			continue
		}
		t, n, stop := printfEscape(s[i+1:], true)
		sb.WriteString(t)
		i += n
		if stop {
			return sb.String(), true
		}
	}
	return sb.String(), false
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func hexVal(c byte) int {
	switch {
	case c >= 'a':
		return int(c-'a') + 10
	case c >= 'A':
		return int(c-'A') + 10
	}
	return int(c - '0')
}

// bashQuote quotes s as bash's printf %q does: backslashes before special
// characters, or $'...' when s holds control characters.
func bashQuote(s string) string {
	if s == "" {
		return "''"
	}
	for _, r := range s {
		if r < 0x20 || r == 0x7f || r == utf8.RuneError {
			return ansiQuote(s)
		}
	}
	var sb strings.Builder
	for i, r := range s {
		switch r {
		case ' ', '\t', '\n', '\'', '"', '\\', '|', '&', ';', '(', ')', '<', '>',
			'!', '{', '}', '*', '[', '?', ']', '^', '$', '`', ',':
			sb.WriteByte('\\')
		case '#', '~':
			if i == 0 {
				sb.WriteByte('\\')
			}
		}
		sb.WriteRune(r)
	}
	return sb.String()
}

func ansiQuote(s string) string {
	var sb strings.Builder
	sb.WriteString("$'")
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '\a':
			sb.WriteString(`\a`)
		case '\b':
			sb.WriteString(`\b`)
		case 0x1b:
			sb.WriteString(`\E`)
		case '\f':
			sb.WriteString(`\f`)
		case '\n':
			sb.WriteString(`\n`)
		case '\r':
			sb.WriteString(`\r`)
		case '\t':
			sb.WriteString(`\t`)
		case '\v':
			sb.WriteString(`\v`)
		case '\\':
			sb.WriteString(`\\`)
		case '\'':
			sb.WriteString(`\'`)
		default:
			if c < 0x20 || c == 0x7f {
				fmt.Fprintf(&sb, "\\%03o", c)
			} else {
				sb.WriteByte(c)
			}
		}
	}
	sb.WriteString("'")
	return sb.String()
}

// strftime formats t with C's strftime conversions.
func strftime(format string, t time.Time) string {
	var sb strings.Builder
	for i := 0; i < len(format); i++ {
		if format[i] != '%' || i+1 >= len(format) {
			sb.WriteByte(format[i])
			continue
		}
		i++
		switch format[i] {
		case 'Y':
			fmt.Fprintf(&sb, "%d", t.Year())
		case 'C':
			fmt.Fprintf(&sb, "%02d", t.Year()/100)
		case 'y':
			fmt.Fprintf(&sb, "%02d", t.Year()%100)
		case 'm':
			fmt.Fprintf(&sb, "%02d", int(t.Month()))
		case 'd':
			fmt.Fprintf(&sb, "%02d", t.Day())
		case 'e':
			fmt.Fprintf(&sb, "%2d", t.Day())
		case 'j':
			fmt.Fprintf(&sb, "%03d", t.YearDay())
		case 'H':
			fmt.Fprintf(&sb, "%02d", t.Hour())
		case 'k':
			fmt.Fprintf(&sb, "%2d", t.Hour())
		case 'I':
			fmt.Fprintf(&sb, "%02d", (t.Hour()+11)%12+1)
		case 'l':
			fmt.Fprintf(&sb, "%2d", (t.Hour()+11)%12+1)
		case 'M':
			fmt.Fprintf(&sb, "%02d", t.Minute())
		case 'S':
			fmt.Fprintf(&sb, "%02d", t.Second())
		case 'p':
			sb.WriteString(t.Format("PM"))
		case 'P':
			sb.WriteString(strings.ToLower(t.Format("PM")))
		case 'a':
			sb.WriteString(t.Format("Mon"))
		case 'A':
			sb.WriteString(t.Format("Monday"))
		case 'b', 'h':
			sb.WriteString(t.Format("Jan"))
		case 'B':
			sb.WriteString(t.Format("January"))
		case 'Z':
			sb.WriteString(t.Format("MST"))
		case 'z':
			sb.WriteString(t.Format("-0700"))
		case 's':
			fmt.Fprintf(&sb, "%d", t.Unix())
		case 'u':
			wd := int(t.Weekday())
			if wd == 0 {
				wd = 7
			}
			fmt.Fprintf(&sb, "%d", wd)
		case 'w':
			fmt.Fprintf(&sb, "%d", int(t.Weekday()))
		case 'T':
			sb.WriteString(t.Format("15:04:05"))
		case 'R':
			sb.WriteString(t.Format("15:04"))
		case 'D':
			sb.WriteString(t.Format("01/02/06"))
		case 'F':
			sb.WriteString(t.Format("2006-01-02"))
		case 'c':
			sb.WriteString(t.Format("Mon Jan  2 15:04:05 2006"))
		case 'x':
			sb.WriteString(t.Format("01/02/06"))
		case 'X':
			sb.WriteString(t.Format("15:04:05"))
		case 'n':
			sb.WriteByte('\n')
		case 't':
			sb.WriteByte('\t')
		case '%':
			sb.WriteByte('%')
		default:
			sb.WriteByte('%')
			sb.WriteByte(format[i])
		}
	}
	return sb.String()
}

// charCode is the code of the first character of s for printf's 'c: its
// UTF-8 value (even beyond Unicode), or its first byte when malformed.
func charCode(s string) int {
	if r, size := utf8.DecodeRuneInString(s); r != utf8.RuneError || size > 1 {
		return int(r)
	}
	b := s[0]
	if b >= 0xf0 && b < 0xf8 && len(s) >= 4 {
		n := int(b & 0x07)
		for k := 1; k < 4; k++ {
			if s[k]&0xc0 != 0x80 {
				return int(b)
			}
			n = n<<6 | int(s[k]&0x3f)
		}
		if n >= 0x10000 {
			return n
		}
	}
	return int(b)
}
