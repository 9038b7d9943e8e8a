// Package instantprompt keeps the prompt a session drew first, so that the
// next session started in the same place can draw it at once, before its
// own start-up, and then replace it with the real one (the design zsh users
// know from powerlevel10k's instant prompt; docs/performance.md).
//
// An entry is one small file per key in Dir: the key names everything the
// first prompt is drawn from that lacy can know without starting (lacy's
// binary, the user, the working directory, the terminal's width and kind,
// colour, login or not, and each start-up file's size and time), hashed
// for the file's name and stored whole inside, so a file whose key differs
// (a hash collision, another build's format) is never drawn.
package instantprompt

import (
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/rivo/uniseg"

	"github.com/lacy-sh/lacy/internal/atomicfile"
)

// header begins every entry; a file without it is ignored (another
// version's format, a file that is not lacy's).
const header = "lacy instant prompt 1\n"

// maxEntry bounds the bytes read from an entry: a prompt line is far
// smaller; a larger file is not lacy's.
const maxEntry = 16 << 10

// Inputs are what the first prompt depends on that is known before the
// session starts. Each one changes the key.
type Inputs struct {
	Binary    string   // lacy's identity: the executable's path, size and time (Binary())
	UID       int      // the user
	Home      string   // $HOME (~ in the prompt)
	Cwd       string   // the working directory
	Width     int      // the terminal's columns
	Term      string   // $TERM
	ColorTerm string   // $COLORTERM
	NoColor   string   // $NO_COLOR
	PS1       string   // $PS1 inherited from the environment
	Login     bool     // a login shell (reads the profiles)
	Files     []string // the start-up and config files the session reads, in order
}

// Key is the key of in: one line per input, each file with its size and
// modification time (or "absent"), so that editing a config misses.
func Key(in Inputs) string {
	var b strings.Builder
	fmt.Fprintf(&b, "binary %q\nuid %d\nhome %q\ncwd %q\nwidth %d\nterm %q\ncolorterm %q\nno_color %q\nps1 %q\nlogin %t\n",
		in.Binary, in.UID, in.Home, in.Cwd, in.Width, in.Term, in.ColorTerm, in.NoColor, in.PS1, in.Login)
	for _, f := range in.Files {
		fmt.Fprintf(&b, "file %q %s\n", f, fileStamp(f))
	}
	return b.String()
}

// fileStamp is a file's size and modification time, or "absent".
func fileStamp(path string) string {
	st, err := os.Stat(path)
	if err != nil {
		return "absent"
	}
	return fmt.Sprintf("%d %d", st.Size(), st.ModTime().UnixNano())
}

// Binary is the identity of the running lacy: its executable's path, size,
// modification time and inode (a rebuilt or upgraded lacy misses, so a
// prompt drawn by another version is never shown).
func Binary() string {
	exe, err := os.Executable()
	if err != nil {
		return "unknown"
	}
	return exe + " " + fileStamp("/proc/self/exe")
}

// Dir is the cache's directory: $XDG_CACHE_HOME/lacy/prompt, or
// ~/.cache/lacy/prompt when it is unset or not absolute; "" without a
// home.
func Dir(getenv func(string) string) string {
	if d := getenv("XDG_CACHE_HOME"); filepath.IsAbs(d) {
		return filepath.Join(d, "lacy", "prompt")
	}
	if h := getenv("HOME"); h != "" {
		return filepath.Join(h, ".cache", "lacy", "prompt")
	}
	return ""
}

// name is the entry's file name for key: a 128-bit FNV-1a hash (not a
// cryptographic one: the shell binary links no crypto, internal/depcheck;
// the key stored inside settles a collision).
func name(key string) string {
	h := fnv.New128a()
	h.Write([]byte(key))
	return hex.EncodeToString(h.Sum(nil))
}

// encode is an entry's content: the header, the key and the prompt, each
// quoted on one line.
func encode(key string, prompt []byte) []byte {
	return []byte(header + strconv.Quote(key) + "\n" + strconv.Quote(string(prompt)) + "\n")
}

// decode returns the prompt of an entry whose key is key.
func decode(data []byte, key string) ([]byte, bool) {
	rest, ok := bytes.CutPrefix(data, []byte(header))
	if !ok {
		return nil, false
	}
	k, rest, ok := bytes.Cut(rest, []byte("\n"))
	if !ok {
		return nil, false
	}
	if got, err := strconv.Unquote(string(k)); err != nil || got != key {
		return nil, false
	}
	p, rest, ok := bytes.Cut(rest, []byte("\n"))
	if !ok || len(rest) != 0 {
		return nil, false
	}
	prompt, err := strconv.Unquote(string(p))
	if err != nil || prompt == "" {
		return nil, false
	}
	return []byte(prompt), true
}

// Load returns the prompt stored in dir for key; false when there is none
// or the file is not a valid entry for key (corrupt, foreign, another
// key).
func Load(dir, key string) ([]byte, bool) {
	if dir == "" {
		return nil, false
	}
	f, err := os.Open(filepath.Join(dir, name(key)))
	if err != nil {
		return nil, false
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil || st.Size() > maxEntry {
		return nil, false
	}
	data, err := io.ReadAll(io.LimitReader(f, maxEntry+1))
	if err != nil || len(data) > maxEntry {
		return nil, false
	}
	return decode(data, key)
}

// Store writes prompt as dir's entry for key (mode 0600, replaced whole),
// unless the entry already holds it.
func Store(dir, key string, prompt []byte) error {
	if dir == "" {
		return errors.New("instant prompt: no cache directory")
	}
	if old, ok := Load(dir, key); ok && bytes.Equal(old, prompt) {
		return nil
	}
	return atomicfile.Write(dir, name(key), encode(key, prompt))
}

// Remove deletes dir's entry for key, if there is one.
func Remove(dir, key string) error {
	if dir == "" {
		return nil
	}
	err := os.Remove(filepath.Join(dir, name(key)))
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	return err
}

// Cacheable reports whether a prompt can be drawn early and redrawn in
// place on a terminal cols wide: one line (no newline, carriage return or
// other control character outside escape sequences) whose visible width
// leaves the cursor on that line. A prompt of several lines cannot be
// replaced by going back to column 0 of the line the cursor is on.
func Cacheable(prompt string, cols int) bool {
	if prompt == "" || cols <= 0 || len(prompt) > maxEntry/2 {
		return false
	}
	w, ok := visibleWidth(prompt)
	return ok && w < cols
}

// visibleWidth is the width of s on the terminal with escape sequences
// (CSI, and OSC ended by BEL or ST) removed, measured as the line editor
// measures its prompt (uniseg); false when s holds another control
// character or an unfinished sequence. (Not go-runewidth: its first look-up
// of a rune above U+02FF builds a 2 MB table, which stayed in idle RSS.)
func visibleWidth(s string) (int, bool) {
	var plain strings.Builder
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == 0x1b:
			n := escapeLen(s[i:])
			if n == 0 {
				return 0, false
			}
			i += n
		case c < 0x20 || c == 0x7f:
			return 0, false
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			if r >= 0x80 && r < 0xa0 { // C1 controls
				return 0, false
			}
			plain.WriteString(s[i : i+size])
			i += size
		}
	}
	return uniseg.StringWidth(plain.String()), true
}

// escapeLen is the length of the escape sequence s begins with, 0 when it
// is not one lacy's prompts use.
func escapeLen(s string) int {
	if len(s) < 2 {
		return 0
	}
	switch s[1] {
	case '[': // CSI: parameters, intermediates, a final byte
		for i := 2; i < len(s); i++ {
			switch c := s[i]; {
			case c >= 0x40 && c <= 0x7e:
				return i + 1
			case c < 0x20 || c > 0x7e:
				return 0
			}
		}
	case ']': // OSC: ended by BEL or ESC \
		for i := 2; i < len(s); i++ {
			switch s[i] {
			case 0x07:
				return i + 1
			case 0x1b:
				if i+1 < len(s) && s[i+1] == '\\' {
					return i + 2
				}
				return 0
			}
		}
	}
	return 0
}
