package complete

import (
	"io/fs"
	"strings"
)

// defaultLSColors is GNU dircolors' default for the types lacy colours,
// used when LS_COLORS is unset.
const defaultLSColors = "di=01;34:ln=01;36:so=01;35:pi=40;33:bd=40;33;01:cd=40;33;01:ex=01;32"

// LSColors is a parsed LS_COLORS: SGR parameters by file type key (di, ln,
// ex, fi, …) and by extension (*.tar).
type LSColors struct {
	types map[string]string
	exts  map[string]string
}

// ParseLSColors parses an LS_COLORS value ("" means GNU's defaults).
// Entries it does not understand are skipped.
func ParseLSColors(s string) LSColors {
	if s == "" {
		s = defaultLSColors
	}
	c := LSColors{types: map[string]string{}, exts: map[string]string{}}
	for _, e := range strings.Split(s, ":") {
		k, v, ok := strings.Cut(e, "=")
		if !ok || v == "" || strings.Trim(v, "0123456789;") != "" {
			continue
		}
		if strings.HasPrefix(k, "*") {
			c.exts[strings.ToLower(k[1:])] = v
		} else {
			c.types[k] = v
		}
	}
	return c
}

// Style returns the SGR sequence ls would colour a file with ("" for
// none): by type first, then for regular files the executable bit, then
// the name's extension.
func (c LSColors) Style(name string, mode fs.FileMode) string {
	if v := c.Params(name, mode); v != "" {
		return "\x1b[" + v + "m"
	}
	return ""
}

// Params returns the SGR parameters of Style ("01;34", "" for none): what
// the line editor's menu takes, as it writes the escape sequence itself.
func (c LSColors) Params(name string, mode fs.FileMode) string {
	var key string
	switch {
	case mode&fs.ModeSymlink != 0:
		key = "ln"
	case mode.IsDir():
		key = "di"
	case mode&fs.ModeNamedPipe != 0:
		key = "pi"
	case mode&fs.ModeSocket != 0:
		key = "so"
	case mode&fs.ModeDevice != 0 && mode&fs.ModeCharDevice != 0:
		key = "cd"
	case mode&fs.ModeDevice != 0:
		key = "bd"
	case mode&0o111 != 0:
		key = "ex"
	}
	v := c.types[key]
	if v == "" && key == "" || key == "ex" && v == "" {
		v = c.byName(strings.ToLower(strings.TrimSuffix(name, "/")))
	}
	if v == "" && key == "" {
		v = c.types["fi"]
	}
	return v
}

// byName returns the entry for the longest *suffix that name ends with.
func (c LSColors) byName(name string) string {
	best, v := -1, ""
	for suffix, sgr := range c.exts {
		if len(suffix) > best && strings.HasSuffix(name, suffix) {
			best, v = len(suffix), sgr
		}
	}
	return v
}
