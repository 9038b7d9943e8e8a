package stdlib

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"strings"

	lua "github.com/yuin/gopher-lua"
	"go.uber.org/zap"
	"mvdan.cc/sh/v3/syntax"

	lacylua "github.com/lacy-sh/lacy/lua"
	"github.com/lacy-sh/lacy/runtime/shell"
)

// shModule builds lacy.sh: run(cmd, opts) and exec(cmd, opts); the table
// itself is callable as run, so lacy.sh("ls").stdout works.
func (l *lib) shModule(L *lua.LState) *lua.LTable {
	run := func(L *lua.LState) int { return l.shRun(L, "lacy.sh.run", true) }
	t := module(L, map[string]lua.LGFunction{
		"run":  run,
		"exec": func(L *lua.LState) int { return l.shRun(L, "lacy.sh.exec", false) },
	})
	return callable(L, t, run)
}

// shRun runs cmd (argument 1) on a fresh non-interactive shell. capture
// gives run's { stdout, stderr, code, ok } table; otherwise the command
// uses the terminal and the status is returned.
func (l *lib) shRun(L *lua.LState, fn string, capture bool) int {
	src := shCommand(L, fn)
	o := optTable(L, fn, 2, "cwd", "env", "stdin", "timeout")
	dir, _ := o.str("cwd")
	if dir != "" {
		dir = expandHome(dir)
	}
	stdin, hasStdin := o.str("stdin")
	timeout := o.seconds("timeout")
	var env []string // nil: the process's
	if t := o.table("env"); t != nil {
		env = mergeEnv(L, fn, os.Environ(), t)
	}

	ctx := lacylua.Context(L)
	if timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	sopts := shell.Options{Name: "lacy", Dir: dir, Env: env, Logf: warnf(l.log)}
	var stdout, stderr bytes.Buffer
	if capture {
		sopts.Stdin, sopts.Stdout, sopts.Stderr = strings.NewReader(""), &stdout, &stderr
	} else {
		sopts.Stdin, sopts.Stdout, sopts.Stderr = l.terminal()
	}
	if hasStdin {
		sopts.Stdin = strings.NewReader(stdin)
	}
	sh, err := shell.New(sopts)
	if err != nil {
		L.RaiseError("%s: %v", fn, err)
	}
	defer sh.Close()
	code, _ := sh.Run(ctx, src, "")
	if timeout > 0 && errors.Is(ctx.Err(), context.DeadlineExceeded) && lacylua.Context(L).Err() == nil {
		code = 124 // as timeout(1)
	}
	l.log.Debug("lacy.sh", zap.String("fn", fn), zap.Int("code", code))
	if !capture {
		L.Push(lua.LNumber(code))
		return 1
	}
	res := L.CreateTable(0, 4)
	res.RawSetString("stdout", lua.LString(stdout.String()))
	res.RawSetString("stderr", lua.LString(stderr.String()))
	res.RawSetString("code", lua.LNumber(code))
	res.RawSetString("ok", lua.LBool(code == 0))
	L.Push(res)
	return 1
}

// terminal returns the streams programs run by lacy.sh.exec use: the real
// files when there are some, so that programs see a terminal.
func (l *lib) terminal() (io.Reader, io.Writer, io.Writer) {
	var in io.Reader = l.io.In
	var out, errOut io.Writer = l.io.Out, l.io.ErrOut
	if l.io.InFile != nil {
		in = l.io.InFile
	}
	if l.io.OutFile != nil {
		out = l.io.OutFile
	}
	if l.io.ErrFile != nil {
		errOut = l.io.ErrFile
	}
	return in, out, errOut
}

// shCommand reads argument 1: bash source, or a list of words that are
// quoted and joined (so {"rm", name} never splits or globs name).
func shCommand(L *lua.LState, fn string) string {
	t, ok := L.Get(1).(*lua.LTable)
	if !ok {
		return checkString(L, fn, 1)
	}
	words, err := lacylua.StringList(t)
	if err != nil || len(words) == 0 {
		argError(L, fn, 1, "a command string or a non-empty list of strings expected")
	}
	for i, w := range words {
		q, err := syntax.Quote(w, syntax.LangBash)
		if err != nil {
			argError(L, fn, 1, "word #%d: %v", i+1, err)
		}
		words[i] = q
	}
	return strings.Join(words, " ")
}

// mergeEnv applies opts.env ({ NAME = "value", OTHER = false }) to env:
// strings and numbers set, false unsets.
func mergeEnv(L *lua.LState, fn string, env []string, t *lua.LTable) []string {
	set := map[string]*string{}
	t.ForEach(func(k, v lua.LValue) {
		name, ok := k.(lua.LString)
		if !ok || name == "" || strings.ContainsAny(string(name), "=\x00") {
			argError(L, fn, 2, "field 'env': variable names must be strings without '=', got %s", k.Type())
		}
		switch v := v.(type) {
		case lua.LString, lua.LNumber:
			s := v.String()
			set[string(name)] = &s
		case lua.LBool:
			if v {
				argError(L, fn, 2, "field 'env': %s: string or false expected, got true", name)
			}
			set[string(name)] = nil
		default:
			argError(L, fn, 2, "field 'env': %s: string or false expected, got %s", name, v.Type())
		}
	})
	out := make([]string, 0, len(env)+len(set))
	for _, kv := range env {
		name, _, _ := strings.Cut(kv, "=")
		if _, ok := set[name]; !ok {
			out = append(out, kv)
		}
	}
	for name, v := range set {
		if v != nil {
			out = append(out, name+"="+*v)
		}
	}
	return out
}

// warnf adapts a logger (possibly nil) to shell.Options.Logf.
func warnf(log *zap.Logger) func(string, ...any) {
	if log == nil {
		return nil
	}
	return log.Sugar().Warnf
}
