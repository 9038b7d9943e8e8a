// Package bashprompt decodes bash's prompt escapes (PS0, PS1, PS2: \u \h \w
// \W \$ \t \d \n \[ \] \e \nnn \j \! …) the way bash's decode_prompt_string
// does, before the prompt's expansions ($(…), ${…}) run in the shell.
//
// It is a pure function of the prompt string and an Info: it reads no
// clock, no environment and no files, so it can be fuzzed and benchmarked.
package bashprompt

import (
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Info is what the escapes read. The caller fills it once per prompt.
type Info struct {
	User      string    // \u
	Host      string    // \H (\h is up to the first '.')
	Cwd       string    // \w \W: the session's directory ($PWD)
	Home      string    // $HOME, shown as ~ by \w and \W
	DirTrim   int       // $PROMPT_DIRTRIM: \w keeps this many trailing components (0: all)
	Now       time.Time // \t \T \@ \A \d \D{…}
	Jobs      int       // \j
	HistNum   int       // \!
	CmdNum    int       // \#
	Shell     string    // \s: the shell's name (basename of $0)
	Version   string    // \v ("5.2")
	Release   string    // \V ("5.2.15")
	TTY       string    // \l: the terminal's device name, basename
	Root      bool      // \$ gives # rather than $
	ForExpand bool      // quote what escapes insert so the expansions after leave it as is
}

// Markers of a non-printing stretch (\[ … \]) in Decode's output, as bash
// gives readline: RL_PROMPT_START_IGNORE and RL_PROMPT_END_IGNORE.
const (
	StartIgnore = '\x01'
	EndIgnore   = '\x02'
)

// Decode replaces the escapes of a bash prompt string. \[ and \] become
// StartIgnore and EndIgnore (see Split). An unknown escape is kept as is,
// backslash included, as bash does.
func Decode(ps string, in *Info) string {
	if strings.IndexByte(ps, '\\') < 0 {
		return ps
	}
	var b strings.Builder
	b.Grow(len(ps) + 32)
	put := func(s string) {
		if !in.ForExpand {
			b.WriteString(s)
			return
		}
		quoteInto(&b, s)
	}
	for i := 0; i < len(ps); i++ {
		c := ps[i]
		if c != '\\' || i+1 == len(ps) {
			b.WriteByte(c)
			continue
		}
		i++
		c = ps[i]
		switch c {
		case 'a':
			b.WriteByte('\a')
		case 'e':
			b.WriteByte('\x1b')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case '\\':
			put(`\`)
		case '[':
			b.WriteByte(StartIgnore)
		case ']':
			b.WriteByte(EndIgnore)
		case '$':
			if in.Root {
				b.WriteByte('#')
			} else if in.ForExpand {
				b.WriteString(`\$`)
			} else {
				b.WriteByte('$')
			}
		case 'u':
			put(in.User)
		case 'h':
			h, _, _ := strings.Cut(in.Host, ".")
			put(h)
		case 'H':
			put(in.Host)
		case 'w':
			put(trimDir(tilde(in.Cwd, in.Home), in.DirTrim))
		case 'W':
			put(baseDir(in.Cwd, in.Home))
		case 's':
			put(in.Shell)
		case 'v':
			put(in.Version)
		case 'V':
			put(in.Release)
		case 'l':
			put(in.TTY)
		case 'j':
			b.WriteString(strconv.Itoa(in.Jobs))
		case '!':
			b.WriteString(strconv.Itoa(in.HistNum))
		case '#':
			b.WriteString(strconv.Itoa(in.CmdNum))
		case 't':
			b.WriteString(in.Now.Format("15:04:05"))
		case 'T':
			b.WriteString(in.Now.Format("03:04:05"))
		case '@':
			b.WriteString(in.Now.Format("03:04 PM"))
		case 'A':
			b.WriteString(in.Now.Format("15:04"))
		case 'd':
			b.WriteString(in.Now.Format("Mon Jan 02"))
		case 'D':
			// \D{format}: strftime; an unclosed brace is kept literally.
			if i+1 < len(ps) && ps[i+1] == '{' {
				if end := strings.IndexByte(ps[i+2:], '}'); end >= 0 {
					f := ps[i+2 : i+2+end]
					if f == "" {
						f = "%X"
					}
					put(Strftime(f, in.Now))
					i += 2 + end
					continue
				}
			}
			b.WriteString(`\D`)
		case '0', '1', '2', '3', '4', '5', '6', '7':
			// \nnn: up to three octal digits.
			n, j := 0, i
			for ; j < len(ps) && j < i+3 && ps[j] >= '0' && ps[j] <= '7'; j++ {
				n = n*8 + int(ps[j]-'0')
			}
			i = j - 1
			switch ch := byte(n); {
			case ch == 1: // bash: \001 is the ignore marker itself
				b.WriteByte(StartIgnore)
			case ch == 2:
				b.WriteByte(EndIgnore)
			default:
				put(string([]byte{ch}))
			}
		default:
			b.WriteByte('\\')
			b.WriteByte(c)
		}
	}
	return b.String()
}

// quoteInto writes s so that the shell's prompt expansion (a here-document
// body: only \, $ and ` are special) gives s back.
func quoteInto(b *strings.Builder, s string) {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\', '$', '`':
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
}

// tilde shows dir with $HOME as ~.
func tilde(dir, home string) string {
	home = strings.TrimSuffix(home, "/")
	if home == "" {
		return dir
	}
	if dir == home {
		return "~"
	}
	if strings.HasPrefix(dir, home+"/") {
		return "~" + dir[len(home):]
	}
	return dir
}

// baseDir is \W: ~ for $HOME, / for the root, else the last component.
func baseDir(dir, home string) string {
	if dir == "" {
		return ""
	}
	if home != "" && dir == strings.TrimSuffix(home, "/") {
		return "~"
	}
	if dir == "/" {
		return "/"
	}
	return filepath.Base(dir)
}

// trimDir keeps the last n components of a \w path, as PROMPT_DIRTRIM does:
// "~/.../c/d".
func trimDir(p string, n int) string {
	if n <= 0 {
		return p
	}
	prefix := ""
	rest := p
	if strings.HasPrefix(p, "~/") {
		prefix, rest = "~/", p[2:]
	} else if strings.HasPrefix(p, "/") {
		prefix, rest = "/", p[1:]
	}
	parts := strings.Split(rest, "/")
	if len(parts) <= n {
		return p
	}
	return prefix + ".../" + strings.Join(parts[len(parts)-n:], "/")
}

// Split separates a decoded and expanded prompt into what goes on the
// prompt line and what is written to the terminal before it. A \[ … \]
// stretch that holds only SGR colour sequences stays in the prompt; any
// other (a title set with \e]0;…\a) is moved out, since a line editor
// would count its text as columns.
func Split(p string) (prompt, before string) {
	if strings.IndexByte(p, StartIgnore) < 0 && strings.IndexByte(p, EndIgnore) < 0 {
		return p, ""
	}
	var pb, bb strings.Builder
	for {
		i := strings.IndexByte(p, StartIgnore)
		if i < 0 {
			pb.WriteString(strings.ReplaceAll(p, string(EndIgnore), ""))
			break
		}
		pb.WriteString(strings.ReplaceAll(p[:i], string(EndIgnore), ""))
		p = p[i+1:]
		seg := p
		if j := strings.IndexByte(p, EndIgnore); j >= 0 {
			seg, p = p[:j], p[j+1:]
		} else {
			p = ""
		}
		seg = strings.ReplaceAll(seg, string(StartIgnore), "")
		if onlySGR(seg) {
			pb.WriteString(seg)
		} else {
			bb.WriteString(seg)
		}
		if p == "" {
			break
		}
	}
	return pb.String(), bb.String()
}

// onlySGR reports whether s is made of CSI sequences only (ESC [ params
// final), which line editors know take no columns.
func onlySGR(s string) bool {
	for len(s) > 0 {
		if len(s) < 3 || s[0] != '\x1b' || s[1] != '[' {
			return false
		}
		j := 2
		for j < len(s) && (s[j] >= '0' && s[j] <= '9' || s[j] == ';' || s[j] == ':' || s[j] == '?') {
			j++
		}
		if j == len(s) || s[j] < '@' || s[j] > '~' {
			return false
		}
		s = s[j+1:]
	}
	return true
}
