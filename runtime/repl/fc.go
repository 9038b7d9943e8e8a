package repl

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/lacy-sh/lacy/runtime/repl/core"
	"mvdan.cc/sh/v3/syntax"
)

// fcBuiltin implements bash's fc over lacy's history: `fc -l [-nr] [first
// [last]]` lists, `fc -s [old=new] [command]` runs a command again, and
// `fc [-e editor] [first [last]]` edits commands in $FCEDIT, else $EDITOR,
// else vi, then runs them. first and last are history numbers, negative
// offsets (-1 is the previous command) or the start of a command.
func (a *App) fcBuiltin(stdout, stderr io.Writer, args []string) (string, int) {
	fail := func(format string, v ...any) (string, int) {
		fmt.Fprintf(stderr, "fc: "+format+"\n", v...)
		return "", 1
	}
	if a.Hist == nil {
		return fail("history is off")
	}
	<-a.Hist.Loaded() // it loads in the background from the first prompt on
	list, numbers, reverse, again := false, true, false, false
	editor := ""
	i := 0
	for ; i < len(args); i++ {
		arg := args[i]
		if arg == "--" {
			i++
			break
		}
		if len(arg) < 2 || arg[0] != '-' || isNumber(arg) {
			break
		}
		for j := 1; j < len(arg); j++ {
			switch arg[j] {
			case 'l':
				list = true
			case 'n':
				numbers = false
			case 'r':
				reverse = true
			case 's':
				again = true
			case 'e':
				if i+1 >= len(args) {
					return fail("-e: option requires an argument")
				}
				i++
				editor = args[i]
			default:
				fmt.Fprintf(stderr, "fc: -%c: invalid option\nfc: usage: fc [-e ename] [-lnr] [first] [last] or fc -s [pat=rep] [command]\n", arg[j])
				return "", 2
			}
		}
	}
	rest := args[i:]
	if again {
		return a.fcAgain(stdout, rest, fail)
	}
	n := a.Hist.Len()
	first, last := -1, -1
	if list {
		first = -16
	}
	var err error
	if len(rest) > 0 {
		if first, err = a.fcEvent(rest[0]); err != nil {
			return fail("%v", err)
		}
		last = first
		if list {
			last = n - 1
		}
	} else {
		first, last = a.fcDefault(first), a.fcDefault(last)
	}
	if len(rest) > 1 {
		if last, err = a.fcEvent(rest[1]); err != nil {
			return fail("%v", err)
		}
	}
	if first < 0 || last < 0 {
		return fail("history specification out of range")
	}
	if first > last {
		first, last = last, first
		reverse = !reverse
	}
	if list {
		for k := range last - first + 1 {
			idx := first + k
			if reverse {
				idx = last - k
			}
			cmd := a.Hist.At(idx).Command
			if numbers {
				fmt.Fprintf(stdout, "%d\t %s\n", idx+1, cmd)
			} else {
				fmt.Fprintf(stdout, "\t %s\n", cmd)
			}
		}
		return "", 0
	}
	return a.fcEdit(editor, first, last, reverse, fail)
}

// fcDefault resolves a default offset (-1: the previous command) within
// what history -c left.
func (a *App) fcDefault(off int) int {
	n := a.Hist.Len()
	if n <= a.HistStart() {
		return -1
	}
	return max(n+off, a.HistStart())
}

// fcEvent resolves one fc event: a number, a negative offset or a prefix.
func (a *App) fcEvent(spec string) (int, error) {
	n := a.Hist.Len()
	if k, err := strconv.Atoi(spec); err == nil {
		switch {
		case k < 0:
			k = n + k
		case k > 0:
			k--
		}
		k = min(max(k, a.HistStart()), n-1)
		if k < 0 {
			return 0, fmt.Errorf("history specification out of range")
		}
		return k, nil
	}
	for i := n - 1; i >= a.HistStart(); i-- {
		if strings.HasPrefix(a.Hist.At(i).Command, spec) {
			return i, nil
		}
	}
	return 0, fmt.Errorf("%s: event not found", spec)
}

// fcAgain is fc -s [old=new] [command]: the command, printed, is run again.
func (a *App) fcAgain(stdout io.Writer, rest []string, fail func(string, ...any) (string, int)) (string, int) {
	var old, repl string
	if len(rest) > 0 {
		if o, r, ok := strings.Cut(rest[0], "="); ok {
			old, repl = o, r
			rest = rest[1:]
		}
	}
	idx := a.fcDefault(-1)
	if len(rest) > 0 {
		var err error
		if idx, err = a.fcEvent(rest[0]); err != nil {
			return fail("%v", err)
		}
	}
	if idx < 0 {
		return fail("no command found")
	}
	cmd := a.Hist.At(idx).Command
	if old != "" {
		cmd = strings.Replace(cmd, old, repl, 1)
	}
	fmt.Fprintln(stdout, cmd)
	return cmd, 0
}

// fcEdit writes the commands to a file, and returns the source that edits
// it and runs what the editor left there (echoed first, as bash does).
func (a *App) fcEdit(editor string, first, last int, reverse bool, fail func(string, ...any) (string, int)) (string, int) {
	var b strings.Builder
	for k := range last - first + 1 {
		idx := first + k
		if reverse {
			idx = last - k
		}
		b.WriteString(a.Hist.At(idx).Command)
		b.WriteByte('\n')
	}
	f, err := os.CreateTemp("", "lacy-fc-*.sh")
	if err != nil {
		return fail("%v", core.RootCause(err))
	}
	_, err = f.WriteString(b.String())
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fail("%v", core.RootCause(err))
	}
	if editor == "" {
		editor = a.Sh.Getenv("FCEDIT")
	}
	if editor == "" {
		editor = a.Sh.Getenv("EDITOR")
	}
	if editor == "" {
		editor = "vi"
	}
	q, _ := syntax.Quote(filepath.Clean(f.Name()), syntax.LangBash)
	// The file is removed as it is read, so the commands' status stays.
	return fmt.Sprintf("%s %s && { cat %s; eval \"$(cat %s; rm -f %s)\"; }", editor, q, q, q, q), 0
}
