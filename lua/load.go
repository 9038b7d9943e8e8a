package lua

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	lua "github.com/yuin/gopher-lua"
	"github.com/yuin/gopher-lua/parse"
	"go.uber.org/zap"

	"github.com/lacy-sh/lacy/defaults"
	"github.com/lacy-sh/lacy/internal/timelimit"
)

// Budget is how long one config file, one prompt call or one event handler
// may run before it is stopped and reported (scaled by LACY_TIME_SCALE, see
// internal/timelimit; a function, so that no package initialisation runs
// for it).
func Budget() time.Duration { return timelimit.Scale(100 * time.Millisecond) }

// MaxConfigSize bounds a config file. gopher-lua compiles a chunk in time
// quadratic in its constants (a 400 KB table takes a second, 1.2 MB nine),
// and compiling cannot be stopped, so a larger file is refused unread.
const MaxConfigSize = 512 << 10

// CompileBudget is how long compiling one config file may take; a slower
// one is skipped (its compilation finishes in the background, within a few
// seconds at MaxConfigSize).
func CompileBudget() time.Duration { return timelimit.Scale(time.Second) }

// Source is a chunk of Lua to load: embedded code or a file.
type Source struct {
	// Name is how errors name the chunk; "" means Path with $HOME shown as ~.
	Name string
	// Path is read when Code is nil. A file that does not exist is skipped.
	Path string
	// Code is the Lua text, if already in memory.
	Code []byte
}

// Embedded returns the embedded default configuration, named
// "defaults/init.lua" in errors.
func Embedded() Source {
	return Source{Name: defaults.InitLua, Code: defaults.Read("init.lua")}
}

// ConfigPaths returns the user's configuration files in load order:
// $XDG_CONFIG_HOME/lacy/init.lua (~/.config when unset), then
// ~/.lacyrc.lua. The environment is read at each call. The files need not
// exist.
func ConfigPaths() []string {
	var paths []string
	if dir := configHome(); dir != "" {
		paths = append(paths, filepath.Join(dir, "lacy", "init.lua"))
	}
	if home := os.Getenv("HOME"); home != "" {
		paths = append(paths, filepath.Join(home, ".lacyrc.lua"))
	}
	return paths
}

// DefaultSources returns Embedded() followed by ConfigPaths(): what the
// interactive shell loads.
func DefaultSources() []Source {
	srcs := []Source{Embedded()}
	for _, p := range ConfigPaths() {
		srcs = append(srcs, Source{Path: p})
	}
	return srcs
}

// configHome is $XDG_CONFIG_HOME, or ~/.config when it is unset or not
// absolute (as the XDG spec says).
func configHome() string {
	if dir := os.Getenv("XDG_CONFIG_HOME"); filepath.IsAbs(dir) {
		return dir
	}
	if home := os.Getenv("HOME"); home != "" {
		return filepath.Join(home, ".config")
	}
	return ""
}

// DisplayPath shows path with the $HOME prefix replaced by ~.
func DisplayPath(path string) string {
	home := os.Getenv("HOME")
	if home == "" || home == "/" {
		return path
	}
	if path == home {
		return "~"
	}
	if rest, ok := strings.CutPrefix(path, home+string(filepath.Separator)); ok {
		return "~" + string(filepath.Separator) + rest
	}
	return path
}

// read returns the chunk's name and code.
func (s Source) read() (string, []byte, error) {
	name := s.Name
	if name == "" {
		name = DisplayPath(s.Path)
	}
	if s.Code != nil {
		return name, s.Code, nil
	}
	code, err := os.ReadFile(s.Path)
	return name, code, err
}

// LoadConfig runs each source in order, each under Budget, and returns the
// configuration declared so far. Missing files are skipped. An error in a
// file is printed once as "lacy: file:line: message", returned in errs, and
// stops that file only: declarations it made before the error stay, the
// pieces it did not reach keep their earlier (default) values, and the next
// file still runs. An unknown lacy.config key is printed and returned the
// same way ("lacy: file:line: lacy.config: unknown key …") but stops
// nothing: the key is skipped.
func (vm *VM) LoadConfig(srcs ...Source) (cfg Config, errs []error) {
	for _, src := range srcs {
		name, code, err := src.read()
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		var e *Error
		if err != nil {
			var pe *fs.PathError
			if errors.As(err, &pe) {
				err = pe.Err
			}
			e = &Error{File: name, Message: "cannot read: " + err.Error()}
		} else {
			e = vm.loadFile(name, code)
		}
		vm.sem <- struct{}{}
		refused := vm.refused
		vm.refused = nil
		if e != nil {
			refused = append(refused, e)
		}
		for _, e := range refused {
			vm.report(e)
			errs = append(errs, e)
		}
		<-vm.sem
	}
	return vm.Config(), errs
}

// loadFile compiles one config chunk under CompileBudget and runs it under
// Budget; Options.Interrupt cuts either short.
func (vm *VM) loadFile(name string, code []byte) *Error {
	start := time.Now()
	parent := vm.opts.Interrupt
	if parent == nil {
		parent = context.Background()
	}
	if len(code) > MaxConfigSize {
		return &Error{File: name, Message: fmt.Sprintf("%d KB is too large for a config file (at most %d KB): skipped", len(code)>>10, MaxConfigSize>>10)}
	}
	cctx, ccancel := context.WithTimeout(parent, CompileBudget())
	proto, e := compileChunk(cctx, name, code)
	ccancel()
	if e != nil {
		return e
	}
	ctx, cancel := context.WithTimeout(parent, Budget())
	defer cancel()
	vm.acquire(context.Background())
	defer vm.release()
	vm.loading = true
	defer func() { vm.loading = false }()
	vm.L.SetContext(ctx)
	err := vm.run(ctx, vm.L.NewFunctionFromProto(proto), "config took longer than "+Budget().String()+" (stopped here)")
	vm.log.Debug("config loaded", zap.String("file", name), zap.Duration("took", time.Since(start)), zap.Bool("ok", err == nil))
	return err
}

// call compiles and runs one chunk with args, with the lock held.
func (vm *VM) call(ctx context.Context, name string, code []byte, timeout string, args ...lua.LValue) *Error {
	fn, err := vm.L.Load(bytes.NewReader(code), name)
	if err != nil {
		return syntaxError(err, name, code)
	}
	return vm.run(ctx, fn, timeout, args...)
}

// run calls a compiled chunk with args, with the lock held.
func (vm *VM) run(ctx context.Context, fn *lua.LFunction, timeout string, args ...lua.LValue) *Error {
	if err := vm.L.CallByParam(lua.P{Fn: fn, Protect: true}, args...); err != nil {
		return runError(err, ctx, timeout, fn)
	}
	return nil
}

// compileChunk parses and compiles code off the VM, so that a file too slow
// to compile can be given up on when ctx ends (compiling cannot be stopped:
// it finishes in the background and is dropped).
func compileChunk(ctx context.Context, name string, code []byte) (*lua.FunctionProto, *Error) {
	type result struct {
		proto *lua.FunctionProto
		err   error
	}
	done := make(chan result, 1)
	go func() {
		chunk, err := parse.Parse(bytes.NewReader(code), name)
		if err != nil {
			done <- result{err: err}
			return
		}
		proto, err := lua.Compile(chunk, name)
		done <- result{proto, err}
	}()
	select {
	case r := <-done:
		if r.err != nil {
			return nil, syntaxError(r.err, name, code)
		}
		return r.proto, nil
	case <-ctx.Done():
		why := fmt.Sprintf("compiling took longer than %v (is it very large?): skipped", CompileBudget())
		if !errors.Is(ctx.Err(), context.DeadlineExceeded) {
			why = "loading interrupted: skipped"
		}
		return nil, &Error{File: name, Message: why}
	}
}

// Exec runs a script (for `lacy run`) under ctx, with no time budget. The
// chunk receives args as `...`, and the global `arg` is set as lua(1) does:
// arg[0] is the script's name, arg[1..n] are args. Errors are returned, not
// printed: an *Error (with Traceback) for a Lua error, or an *ExitError
// when the script called os.exit (outside the sandbox). Cancelling ctx
// stops Lua code with the message "interrupted".
func (vm *VM) Exec(ctx context.Context, src Source, args ...string) error {
	name, code, err := src.read()
	if err != nil {
		return err
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	if !vm.acquire(ctx) {
		return ctx.Err()
	}
	defer vm.release()
	vm.L.SetContext(ctx)
	vm.exit, vm.stop = nil, cancel
	defer func() { vm.stop = nil }()

	argt := vm.L.CreateTable(len(args), 1)
	argt.RawSetInt(0, lua.LString(name))
	largs := make([]lua.LValue, len(args))
	for i, a := range args {
		largs[i] = lua.LString(a)
		argt.RawSetInt(i+1, largs[i])
	}
	vm.L.SetGlobal("arg", argt)

	e := vm.call(ctx, name, code, "interrupted", largs...)
	if vm.exit != nil {
		return vm.exit
	}
	if e != nil {
		return e
	}
	return nil
}
