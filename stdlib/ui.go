package stdlib

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	lua "github.com/yuin/gopher-lua"
	"golang.org/x/term"

	lacylua "github.com/lacy-sh/lacy/lua"
)

// uiModule builds lacy.ui: line-based prompts on the terminal (questions
// go to stderr, answers come from stdin) and a spinner. Without a
// terminal on stdin the prompts raise "no terminal" instead of waiting.
func (l *lib) uiModule(L *lua.LState) *lua.LTable {
	return module(L, map[string]lua.LGFunction{
		"confirm": l.uiConfirm,
		"select":  l.uiSelect,
		"input":   l.uiInput,
		"spinner": l.uiSpinner,
	})
}

// needTerminal raises unless stdin is a terminal.
func (l *lib) needTerminal(L *lua.LState, fn string) {
	if !l.io.IsStdinTTY() {
		L.RaiseError("%s: no terminal (stdin is not a tty)", fn)
	}
}

// ask writes prompt to stderr and reads one answer line (without its line
// break). Cancelling the running Lua code (Ctrl-C) stops the wait.
func (l *lib) ask(L *lua.LState, fn, prompt string, secret bool) string {
	io.WriteString(l.io.ErrOut, prompt)
	s, err := l.readLine(lacylua.Context(L), secret)
	if secret || err != nil {
		// End the prompt's line: the typed line break was not echoed, or
		// there was none.
		io.WriteString(l.io.ErrOut, "\n")
	}
	switch {
	case errors.Is(err, io.EOF) && s == "":
		L.RaiseError("%s: end of input", fn)
	case errors.Is(err, context.Canceled):
		L.RaiseError("%s: interrupted", fn)
	case err != nil && !errors.Is(err, io.EOF):
		L.RaiseError("%s: %v", fn, err)
	}
	return strings.TrimRight(s, "\r\n")
}

// uiConfirm is lacy.ui.confirm(question, { default = bool }) → boolean.
func (l *lib) uiConfirm(L *lua.LState) int {
	const fn = "lacy.ui.confirm"
	q := checkString(L, fn, 1)
	o := optTable(L, fn, 2, "default")
	def := o.boolean("default", false)
	l.needTerminal(L, fn)
	hint := " [y/N] "
	if def {
		hint = " [Y/n] "
	}
	for {
		switch strings.ToLower(strings.TrimSpace(l.ask(L, fn, q+hint, false))) {
		case "":
			L.Push(lua.LBool(def))
			return 1
		case "y", "yes":
			L.Push(lua.LTrue)
			return 1
		case "n", "no":
			L.Push(lua.LFalse)
			return 1
		}
		io.WriteString(l.io.ErrOut, "Please answer y or n.\n")
	}
}

// uiSelect is lacy.ui.select(question, options, { default = n }) → the
// chosen option and its index. The answer is a number or an option's text.
func (l *lib) uiSelect(L *lua.LState) int {
	const fn = "lacy.ui.select"
	q := checkString(L, fn, 1)
	opts, err := lacylua.StringList(checkTable(L, fn, 2))
	if err != nil || len(opts) == 0 {
		argError(L, fn, 2, "a non-empty list of strings expected")
	}
	o := optTable(L, fn, 3, "default")
	def := 0
	if d, ok := o.number("default"); ok {
		def = int(d)
		if float64(def) != d || def < 1 || def > len(opts) {
			argError(L, fn, 3, "field 'default': an index from 1 to %d expected, got %v", len(opts), d)
		}
	}
	l.needTerminal(L, fn)
	var b strings.Builder
	b.WriteString(q + "\n")
	for i, s := range opts {
		fmt.Fprintf(&b, "  %d) %s\n", i+1, s)
	}
	io.WriteString(l.io.ErrOut, b.String())
	prompt := fmt.Sprintf("Choose 1-%d: ", len(opts))
	if def > 0 {
		prompt = fmt.Sprintf("Choose 1-%d [%d]: ", len(opts), def)
	}
	for {
		ans := strings.TrimSpace(l.ask(L, fn, prompt, false))
		i := -1
		switch n, err := strconv.Atoi(ans); {
		case ans == "" && def > 0:
			i = def - 1
		case err == nil && n >= 1 && n <= len(opts):
			i = n - 1
		default:
			for j, s := range opts {
				if ans != "" && strings.EqualFold(s, ans) {
					i = j
				}
			}
		}
		if i >= 0 {
			L.Push(lua.LString(opts[i]))
			L.Push(lua.LNumber(i + 1))
			return 2
		}
		fmt.Fprintf(l.io.ErrOut, "Please enter a number from 1 to %d.\n", len(opts))
	}
}

// uiInput is lacy.ui.input(prompt, { default = s, secret = bool }) → the
// line typed; an empty answer gives default. secret turns echo off.
func (l *lib) uiInput(L *lua.LState) int {
	const fn = "lacy.ui.input"
	prompt := checkString(L, fn, 1)
	o := optTable(L, fn, 2, "default", "secret")
	def, hasDef := o.str("default")
	secret := o.boolean("secret", false)
	l.needTerminal(L, fn)
	if hasDef && def != "" && !secret {
		prompt = strings.TrimRight(prompt, " ") + " [" + def + "] "
	}
	s := l.ask(L, fn, prompt, secret)
	if s == "" {
		s = def
	}
	L.Push(lua.LString(s))
	return 1
}

// uiSpinner is lacy.ui.spinner(text, fn, ...) → fn(...)'s results. The
// spinner turns on stderr while fn runs, when stderr is a terminal; an
// error in fn stops it and goes on.
func (l *lib) uiSpinner(L *lua.LState) int {
	const fn = "lacy.ui.spinner"
	text := checkString(L, fn, 1)
	checkFunction(L, fn, 2)
	if l.io.IsStderrTTY() {
		stop := spin(l.io.ErrOut, text)
		defer stop()
	}
	L.Remove(1) // the function and its arguments remain
	L.Call(L.GetTop()-1, lua.MultRet)
	return L.GetTop()
}

// spin draws a spinner with text on w until the returned function is
// called, which clears the line.
func spin(w io.Writer, text string) (stop func()) {
	frames := []string{"⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"}
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(100 * time.Millisecond)
		defer t.Stop()
		for i := 0; ; i++ {
			fmt.Fprintf(w, "\r%s %s", frames[i%len(frames)], text)
			select {
			case <-done:
				io.WriteString(w, "\r\x1b[K")
				return
			case <-t.C:
			}
		}
	}()
	return func() {
		close(done)
		wg.Wait()
	}
}

// lineReader reads stdin one line per request, in its own goroutine, so a
// wait can be abandoned on Ctrl-C. It reads only when asked: programs run
// by lacy.sh.exec share stdin, and a read ahead would steal their input.
type lineReader struct {
	req     chan bool // a request for one line; true: with echo off
	res     chan lineResult
	pending bool // a request is out and its answer not yet taken
}

type lineResult struct {
	s   string
	err error
}

// readLine reads one line from stdin, or returns ctx's error.
func (l *lib) readLine(ctx context.Context, secret bool) (string, error) {
	if l.input == nil {
		r := &lineReader{req: make(chan bool), res: make(chan lineResult, 1)}
		br := bufio.NewReader(l.io.In)
		go func() {
			for secret := range r.req {
				var res lineResult
				if secret && l.io.InFile != nil {
					var b []byte
					b, res.err = term.ReadPassword(int(l.io.InFile.Fd()))
					res.s = string(b)
				} else {
					res.s, res.err = br.ReadString('\n')
				}
				r.res <- res
			}
		}()
		l.input = r
	}
	r := l.input
	if !r.pending {
		r.req <- secret
		r.pending = true
	}
	select {
	case res := <-r.res:
		r.pending = false
		return res.s, res.err
	case <-ctx.Done():
		return "", context.Canceled
	}
}
