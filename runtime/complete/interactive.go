package complete

import (
	"bufio"
	"bytes"
	"strings"

	"github.com/lacy-sh/lacy/defaults"
	"github.com/lacy-sh/lacy/internal/lazy"
)

// InteractivePrograms lists the programs that, run by a completion
// function, need the terminal (defaults/shell/completion-tty-programs.txt):
// fzf for its ** completion, and pickers like it. In the bridge they are
// stand-ins that tell lacy to run the function in the session instead.
func InteractivePrograms() []string { return interactivePrograms.Get() }

var interactivePrograms = lazy.Value[[]string]{New: func() []string {
	var names []string
	sc := bufio.NewScanner(bytes.NewReader(defaults.Read("shell/completion-tty-programs.txt")))
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		if l != "" && !strings.HasPrefix(l, "#") && validName(l) {
			names = append(names, l)
		}
	}
	return names
}}

// validName reports whether s can name a bash function without quoting.
func validName(s string) bool {
	for _, c := range s {
		if !(c == '-' || c == '_' || c == '.' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return s != ""
}
