package lua

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	lua "github.com/yuin/gopher-lua"
	"github.com/yuin/gopher-lua/parse"
	"go.uber.org/zap"
)

// Error is a Lua error placed in the user's files. Its Error method gives
// "file:line: message"; the VM prints it prefixed with "lacy: ".
type Error struct {
	File      string // the chunk name shown to users: "~/.lacyrc.lua", "defaults/init.lua"
	Line      int    // 0 when unknown
	Message   string
	Traceback string // Lua's "stack traceback:" text; empty for syntax errors
}

// Error returns "file:line: message", without the traceback.
func (e *Error) Error() string {
	switch {
	case e.File == "":
		return e.Message
	case e.Line <= 0:
		return e.File + ": " + e.Message
	}
	return e.File + ":" + strconv.Itoa(e.Line) + ": " + e.Message
}

// ExitError is returned by Exec when a script called os.exit(Code).
type ExitError struct{ Code int }

// Error returns "exit status N".
func (e *ExitError) Error() string { return "exit status " + strconv.Itoa(e.Code) }

// report prints e once as "lacy: file:line: message" (first line only).
func (vm *VM) report(e *Error) {
	line, _, _ := strings.Cut(e.Error(), "\n")
	line = "lacy: " + line + "\n"
	if vm.reported[line] {
		return
	}
	vm.reported[line] = true
	vm.log.Warn("lua error", zap.String("error", e.Error()))
	io.WriteString(vm.opts.ErrOut, line)
}

// syntaxError converts an error from L.Load of code named name.
func syntaxError(err error, name string, code []byte) *Error {
	e := &Error{File: name, Message: strings.TrimSpace(err.Error())}
	var ae *lua.ApiError
	if errors.As(err, &ae) && ae.Cause != nil {
		err = ae.Cause
	}
	var pe *parse.Error
	var ce *lua.CompileError
	switch {
	case errors.As(err, &pe):
		e.Line, e.Message = pe.Pos.Line, pe.Message
		if pe.Pos.Line == parse.EOF {
			e.Line = bytes.Count(code, []byte("\n")) + 1
			if len(code) > 0 && code[len(code)-1] == '\n' {
				e.Line--
			}
			e.Message += " at end of file"
		} else if pe.Token != "" {
			e.Message += " near '" + pe.Token + "'"
		}
	case errors.As(err, &ce):
		e.Line, e.Message = ce.Line, ce.Message
	}
	return e
}

// runError converts an error from a protected call. ctx is the context the
// call ran under: when it ended, the message says what took too long
// (timeout is e.g. "prompt hook took longer than 100ms"). fn, when not nil,
// is the function called; its definition is the fallback position.
func runError(err error, ctx context.Context, timeout string, fn *lua.LFunction) *Error {
	var ae *lua.ApiError
	if !errors.As(err, &ae) {
		return &Error{Message: err.Error()}
	}
	msg := ae.Object.String()
	e := &Error{Message: msg, Traceback: ae.StackTrace}
	if file, line, rest, ok := splitPos(msg); ok {
		e.File, e.Line, e.Message = file, line, rest
	} else if file, line, ok := tracePos(ae.StackTrace); ok {
		e.File, e.Line = file, line
	} else if fn != nil && fn.Proto != nil {
		e.File, e.Line = fn.Proto.SourceName, fn.Proto.LineDefined
	}
	if ctx != nil && ctx.Err() != nil && strings.HasSuffix(e.Message, ctx.Err().Error()) {
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			e.Message = timeout
		} else {
			e.Message = "interrupted"
		}
	}
	return e
}

// splitPos splits "file:line: message" as produced by Lua's error().
func splitPos(msg string) (file string, line int, rest string, ok bool) {
	for i := 0; i < len(msg); i++ {
		if msg[i] != ':' {
			continue
		}
		j := i + 1
		for j < len(msg) && msg[j] >= '0' && msg[j] <= '9' {
			j++
		}
		if j == i+1 || !strings.HasPrefix(msg[j:], ": ") || i == 0 {
			continue
		}
		n, err := strconv.Atoi(msg[i+1 : j])
		if err != nil {
			return "", 0, "", false
		}
		return msg[:i], n, msg[j+2:], true
	}
	return "", 0, "", false
}

// tracePos finds the innermost Lua position in a stack traceback.
func tracePos(trace string) (string, int, bool) {
	for _, l := range strings.Split(trace, "\n") {
		l = strings.TrimSpace(l)
		if strings.HasPrefix(l, "[G]") {
			continue
		}
		if file, line, _, ok := splitPos(l); ok {
			return file, line, true
		}
	}
	return "", 0, false
}

// where returns "file:line" of the Lua code calling the running Go function.
func where(L *lua.LState) string {
	return strings.TrimSuffix(L.Where(1), ":")
}

// raise raises a Lua error "fn: message" at the caller's position.
func raise(L *lua.LState, fn, format string, args ...any) {
	L.RaiseError("%s: %s", fn, fmt.Sprintf(format, args...))
}
