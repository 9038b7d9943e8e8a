package repl

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path"
	"strconv"
	"strings"
	"time"

	"github.com/lacy-sh/lacy/runtime/bashprompt"
	"github.com/lacy-sh/lacy/runtime/history"
	"github.com/lacy-sh/lacy/runtime/repl/core"
)

// bash's history builtins (history, fc) over lacy's history file. lacy
// appends every line to its file as soon as it ran, in every session, so
// the file is the history list: entries are numbered as `history` shows
// them (1 is the oldest line in the file), `history -a` has nothing left to
// do, `history -n`/`-r` read what other sessions added, and `history -d`
// removes the entry from the file itself. `history -c` hides what came
// before from this session (the list, ↑, Ctrl-R, fc); `history -w` after it
// makes that permanent, as bash's -c then -w empties $HISTFILE.

// histFileState is what `history -a/-w FILE` wrote this session.
type histFileState struct {
	appended int // entries before it were written by history -a/-w FILE
	// appendedLine is the running line history -a/-w FILE wrote with them:
	// entry appended, once the line ran, is not written again.
	appendedLine string
}

// historyBuiltin implements `history`: [N], -c, -d N, -s ARGS, -a/-w/-r/-n
// [FILE], -p ARGS; HISTTIMEFORMAT stamps the listing.
func (a *App) historyBuiltin(stdout, stderr io.Writer, args []string) int {
	fail := func(format string, v ...any) int {
		fmt.Fprintf(stderr, "history: "+format+"\n", v...)
		return 1
	}
	h := a.Hist
	<-h.Loaded() // it loads in the background from the first prompt on
	if len(args) > 0 && args[0] == "--" {
		args = args[1:]
	}
	if len(args) == 0 || !strings.HasPrefix(args[0], "-") || isNumber(args[0]) {
		from := a.HistStart()
		if len(args) > 0 {
			k, err := strconv.Atoi(args[0])
			if err != nil || k < 0 {
				return fail("%s: numeric argument required", args[0])
			}
			if _, ok := a.RunningLine(); ok {
				k-- // the running line is the last of the k
			}
			from = max(from, h.Len()-k)
		}
		a.listHistory(stdout, from)
		return 0
	}
	opt, rest := args[0], args[1:]
	if len(opt) > 2 && strings.Trim(opt[1:], "acdnrswp") == "" && strings.Contains(opt, "c") {
		// -cr FILE (mcfly's): clear first, then the other option, as bash.
		a.historyBuiltin(stdout, stderr, []string{"-c"})
		if opt = strings.Replace(opt, "c", "", 1); opt == "-" {
			return 0
		}
	}
	file := ""
	if len(rest) > 0 {
		file = rest[0]
	}
	if file == "" && opt == "-a" {
		file = a.histFileForAppend() // bash's history -a writes $HISTFILE
	}
	switch opt {
	case "-c":
		a.SkipThisLine() // bash clears the line that cleared, too
		a.SetHistStart(h.Len())
		if a.lines != nil {
			a.lines.SetStart(a.HistStart())
		}
	case "-d":
		if len(rest) == 0 {
			return fail("-d: option requires an argument")
		}
		lo, hi, ok := a.histRange(rest[0])
		if !ok {
			return fail("%s: history position out of range", rest[0])
		}
		if err := h.Keep(func(i int, _ history.Entry) bool { return i < lo || i > hi }); err != nil {
			return fail("%v", err)
		}
	case "-s":
		if len(rest) == 0 {
			return 0
		}
		if err := h.Append(history.Entry{Command: strings.Join(rest, " "), Cwd: a.Sh.Dir()}); err != nil {
			return fail("%v", err)
		}
		a.SkipThisLine()
	case "-a":
		// Every line is in lacy's file as soon as it ran; to another file,
		// this session's lines.
		if file != "" {
			// As bash: the session's lines not appended yet.
			from, written := a.histFile.appended, a.histFile.appendedLine
			a.histFile.appended = h.Len()
			return a.writeHistoryFile(file, true, func(i int, e history.Entry) bool {
				return i >= from && e.Session == h.Session() && !(i == from && e.Command == written)
			}, fail)
		}
	case "-w":
		if file != "" {
			a.histFile.appended = h.Len()
			return a.writeHistoryFile(file, false, func(int, history.Entry) bool { return true }, fail)
		}
		if start := a.HistStart(); start > 0 {
			if err := h.Keep(func(i int, _ history.Entry) bool { return i >= start }); err != nil {
				return fail("%v", err)
			}
			a.SetHistStart(0)
			if a.lines != nil {
				a.lines.SetStart(0)
			}
		}
	case "-r", "-n":
		if file == "" {
			if err := h.Refresh(); err != nil {
				return fail("%v", err)
			}
			return 0
		}
		return a.readHistoryFile(file, fail)
	case "-p":
		for _, arg := range rest {
			x, _, err := history.Expand(arg, a.HistoryEvent)
			if err != nil {
				return fail("%v", err)
			}
			fmt.Fprintln(stdout, x)
		}
	default:
		fmt.Fprintf(stderr, "history: %s: invalid option\nhistory: usage: history [-c] [-d offset] [n] or history -anrw [filename] or history -ps arg [arg...]\n", opt)
		return 2
	}
	return 0
}

func isNumber(s string) bool {
	_, err := strconv.Atoi(s)
	return err == nil
}

// listHistory prints entries from index from on, numbered as bash does,
// with HISTTIMEFORMAT's time stamp.
func (a *App) listHistory(w io.Writer, from int) {
	h := a.Hist
	tf := a.Sh.Getenv("HISTTIMEFORMAT")
	bw := bufio.NewWriter(w)
	for i := max(from, a.HistStart()); i < h.Len(); i++ {
		e := h.At(i)
		stamp := ""
		if tf != "" {
			stamp = bashprompt.Strftime(tf, e.Time.Local())
		}
		fmt.Fprintf(bw, "%5d  %s%s\n", i+1, stamp, e.Command)
	}
	if line, ok := a.RunningLine(); ok {
		stamp := ""
		if tf != "" {
			stamp = bashprompt.Strftime(tf, time.Now())
		}
		fmt.Fprintf(bw, "%5d  %s%s\n", h.Len()+1, stamp, line)
	}
	_ = bw.Flush()
}

// histRange resolves `history -d` offsets: N, -N (from the end) or
// START-END; indices are 0-based and inclusive.
func (a *App) histRange(spec string) (lo, hi int, ok bool) {
	n := a.Hist.Len()
	one := func(s string) (int, bool) {
		k, err := strconv.Atoi(s)
		if err != nil {
			return 0, false
		}
		if k < 0 {
			k = n + k + 1
		}
		if k < 1+a.HistStart() || k > n {
			return 0, false
		}
		return k - 1, true
	}
	if i := strings.IndexByte(spec[1:], '-'); i >= 0 {
		l, ok1 := one(spec[:i+1])
		r, ok2 := one(spec[i+2:])
		return l, r, ok1 && ok2 && l <= r
	}
	k, ok := one(spec)
	return k, k, ok
}

// writeHistoryFile writes entries to a bash history file (one command a
// line, "#epoch" before each when HISTTIMEFORMAT is set).
func (a *App) writeHistoryFile(file string, appendTo bool, pick func(int, history.Entry) bool, fail func(string, ...any) int) int {
	flag := os.O_WRONLY | os.O_CREATE | os.O_TRUNC
	if appendTo {
		flag = os.O_WRONLY | os.O_CREATE | os.O_APPEND
	}
	f, err := os.OpenFile(a.absPath(file), flag, 0o600)
	if err != nil {
		return fail("%s: %v", file, core.RootCause(err))
	}
	defer f.Close()
	stamps := a.Sh.Getenv("HISTTIMEFORMAT") != ""
	bw := bufio.NewWriter(f)
	h := a.Hist
	for i := a.HistStart(); i < h.Len(); i++ {
		e := h.At(i)
		if !pick(i, e) {
			continue
		}
		if stamps {
			fmt.Fprintf(bw, "#%d\n", e.Time.Unix())
		}
		fmt.Fprintln(bw, e.Command)
	}
	a.histFile.appendedLine = ""
	if line, ok := a.RunningLine(); ok { // bash has it in its list already
		if stamps {
			fmt.Fprintf(bw, "#%d\n", time.Now().Unix())
		}
		fmt.Fprintln(bw, line)
		a.histFile.appendedLine = line
	}
	if err := bw.Flush(); err != nil {
		return fail("%s: %v", file, core.RootCause(err))
	}
	return 0
}

// readHistoryFile adds the commands of a bash history file to the history.
func (a *App) readHistoryFile(file string, fail func(string, ...any) int) int {
	f, err := os.Open(a.absPath(file))
	if err != nil {
		return fail("%s: %v", file, core.RootCause(err))
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	var when time.Time
	for sc.Scan() {
		l := sc.Text()
		if len(l) > 1 && l[0] == '#' && isNumber(l[1:]) {
			sec, _ := strconv.ParseInt(l[1:], 10, 64)
			when = time.Unix(sec, 0)
			continue
		}
		if strings.TrimSpace(l) == "" {
			continue
		}
		if err := a.Hist.Append(history.Entry{Command: l, Time: when, Cwd: a.Sh.Dir()}); err != nil {
			return fail("%v", err)
		}
		when = time.Time{}
	}
	return 0
}

func (a *App) absPath(p string) string {
	if path.IsAbs(p) {
		return p
	}
	return path.Join(a.Sh.Dir(), p)
}
