// Package lua is lacy's Lua runtime: one gopher-lua state per VM, the
// require("lacy") module, loading the configuration files, calling the
// prompt and event hooks, and converting values between Go and Lua.
//
// A VM serializes every use of its Lua state, so its methods may be called
// from any goroutine. Lua code runs under a deadline (Budget for config
// files and hooks); a Lua error never escapes as a panic: it is reported
// once as "lacy: file:line: message" on Options.ErrOut and returned as an
// *Error.
package lua

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"

	lua "github.com/yuin/gopher-lua"
	"go.uber.org/zap"
)

// Options configure a VM. The zero value is usable: output is discarded, the
// process environment is read, and the state is not sandboxed.
type Options struct {
	// Print receives the output of Lua's print, one Write per call. The REPL
	// passes a writer that prints above the prompt. Nil discards it.
	Print io.Writer
	// ErrOut receives the "lacy: file:line: message" lines, one Write per
	// line. Nil discards them (they are still returned as errors).
	ErrOut io.Writer
	// Logger logs what the VM does; nil means zap.NewNop().
	Logger *zap.Logger
	// Interrupt, when not nil, stops loading the config (Ctrl-C at
	// start-up): the file being compiled or run is skipped as if it took
	// too long.
	Interrupt context.Context

	// LookupEnv reads a variable for lacy.env; nil means os.LookupEnv.
	LookupEnv func(name string) (string, bool)
	// Environ lists the environment for lacy.env.list(); nil means os.Environ.
	Environ func() []string
	// SetEnv, when not nil, is called for every assignment to lacy.env;
	// set is false for `lacy.env.NAME = nil`. An error is raised in Lua.
	// Assignments are also recorded in Config.Env and Config.EnvUnset, and
	// later reads through lacy.env see them in any case.
	SetEnv func(name, value string, set bool) error

	// Sandbox prepares the state for configuration files: no io, debug,
	// dofile or loadfile, no os.execute/remove/rename/tmpname/setlocale/
	// setenv, require only finds modules under $XDG_CONFIG_HOME/lacy/lua,
	// and os.exit raises "os.exit is not allowed in config".
	//
	// Without Sandbox (scripts run by `lacy run`) every standard library is
	// open and os.exit(code) unwinds the running chunk: Exec returns an
	// *ExitError with the code, even when the call sat inside a pcall. The
	// caller restores the terminal and exits with that status.
	Sandbox bool

	// Extend, when not nil, is called once with the `lacy` module table
	// after lacy's own functions are in it, so other packages can add
	// fields (lacy.sh, lacy.fs, ...). It runs inside New, with exclusive
	// access to L.
	Extend func(L *lua.LState, mod *lua.LTable)
}

// VM owns one Lua state and the configuration declared in it.
type VM struct {
	opts Options
	log  *zap.Logger
	sem  chan struct{} // a one-slot lock that can be acquired with a deadline
	lend chan lent     // Do's calls taken by the holder waiting in Lend

	hasPrompt atomic.Bool               // prompt != nil, readable without the lock
	nhandlers [len(events)]atomic.Int32 // len(handlers[events[i]])

	// snap is the configuration declared so far, published by each
	// declaration (see publish) so that Config reads it without the lock,
	// even while Lua code runs; gen counts the publications.
	snap atomic.Pointer[Config]
	gen  atomic.Uint64

	// lacy.complete's functions by command (complete.go), readable without
	// the lock; replaced, never mutated.
	completers atomic.Pointer[map[string]*lua.LFunction]

	// Everything below is guarded by sem.
	L        *lua.LState
	mod      *lua.LTable
	cfg      Config
	prompt   *lua.LFunction
	handlers map[string][]*lua.LFunction
	env      map[string]envValue // assignments made through lacy.env
	reported map[string]bool     // error lines already printed
	loading  bool                // a config file runs (LoadConfig)
	refused  []*Error            // unknown keys met while loading, to report
	exit     *ExitError          // set by os.exit outside the sandbox
	stop     context.CancelFunc  // cancels the running chunk (os.exit)
}

// New creates a VM with a fresh Lua state. It does not run any Lua code
// except Options.Extend.
func New(opts Options) *VM {
	vm := &VM{
		opts:     opts,
		log:      opts.Logger,
		sem:      make(chan struct{}, 1),
		lend:     make(chan lent),
		handlers: map[string][]*lua.LFunction{},
		env:      map[string]envValue{},
		reported: map[string]bool{},
	}
	if vm.log == nil {
		vm.log = zap.NewNop()
	}
	if vm.opts.Print == nil {
		vm.opts.Print = io.Discard
	}
	if vm.opts.ErrOut == nil {
		vm.opts.ErrOut = io.Discard
	}
	if vm.opts.LookupEnv == nil {
		vm.opts.LookupEnv = os.LookupEnv
	}
	if vm.opts.Environ == nil {
		vm.opts.Environ = os.Environ
	}
	vm.snap.Store(&Config{})
	// The data stack starts at 1,024 slots and grows to gopher-lua's
	// default 5,120 (80 KB held for the session's life otherwise), the call
	// stack grows by segments: a config and a prompt function use a
	// fraction of either (docs/performance.md, Memory).
	vm.L = lua.NewState(lua.Options{
		SkipOpenLibs:        true,
		RegistrySize:        1024,
		RegistryMaxSize:     lua.RegistrySize,
		MinimizeStackMemory: true,
	})
	vm.L.G.Registry.RawSetString(registryKey, &lua.LUserData{Value: vm})
	vm.openLibs()
	vm.mod = vm.newModule()
	vm.L.PreloadModule("lacy", func(L *lua.LState) int {
		L.Push(vm.mod)
		return 1
	})
	if opts.Extend != nil {
		opts.Extend(vm.L, vm.mod)
	}
	vm.preloadSubmodules()
	return vm
}

// registryKey is where a VM keeps itself in its state's registry (shared
// by the state's coroutines), for VMOf.
const registryKey = "lacy.vm"

// VMOf returns the VM whose Lua state (or a coroutine of it) is L, or nil.
// Go functions that Lua calls use it to reach the VM's configuration.
func VMOf(L *lua.LState) *VM {
	ud, ok := L.G.Registry.RawGetString(registryKey).(*lua.LUserData)
	if !ok {
		return nil
	}
	vm, _ := ud.Value.(*VM)
	return vm
}

// publish makes the configuration declared so far the one Config returns.
// It runs with the lock held, after each declaration (also one that
// raised half-way, so the snapshot never lags what the VM holds).
func (vm *VM) publish() {
	c := vm.cfg.clone()
	vm.snap.Store(&c)
	vm.gen.Add(1)
}

// Config returns a copy of the configuration declared so far. It does not
// wait for the VM: it may be called while Lua code runs, from a Go function
// that Lua called (lacy.agent.ask in a script) or from another goroutine.
func (vm *VM) Config() Config { return vm.snap.Load().clone() }

// Generation counts the declarations made so far: a caller that built
// something from Config builds it again when Generation has changed.
func (vm *VM) Generation() uint64 { return vm.gen.Load() }

// preloadSubmodules makes each table field of the lacy module (lacy.env,
// and lacy.sh, lacy.fs, ... when the stdlib extended it) a module of its
// own: require("lacy.sh") returns the very table lacy.sh holds (DESIGN §4).
func (vm *VM) preloadSubmodules() {
	vm.mod.ForEach(func(k, v lua.LValue) {
		name, ok := k.(lua.LString)
		if _, isTable := v.(*lua.LTable); !ok || !isTable {
			return
		}
		vm.L.PreloadModule("lacy."+string(name), func(L *lua.LState) int {
			L.Push(vm.mod.RawGetString(string(name)))
			return 1
		})
	})
}

// Close releases the Lua state. The VM must not be used afterwards.
func (vm *VM) Close() {
	vm.sem <- struct{}{}
	vm.L.Close()
}

// Do runs fn with exclusive access to the Lua state, waiting for the state
// as long as ctx allows. While fn runs, L.Context() is ctx (when ctx can be
// cancelled), so Lua code called by fn stops when ctx ends. Go functions
// exposed to Lua must watch L.Context() themselves: a blocking Go call is
// not interrupted. Do must not be called from inside fn or from a Go
// function that Lua calls (the lock is not reentrant).
//
// When the state's holder waits in Lend (a script's lacy.agent.ask waiting
// for the agent), fn runs on the holder's goroutine instead, so a Lua tool
// the agent calls runs rather than waiting for the script to end.
func (vm *VM) Do(ctx context.Context, fn func(L *lua.LState) error) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	c := lent{ctx: ctx, fn: fn, done: make(chan error, 1)}
	select {
	case vm.sem <- struct{}{}:
	case vm.lend <- c:
		return <-c.done // the holder runs fn under ctx: it ends with ctx
	case <-ctx.Done():
		return ctx.Err()
	}
	if ctx.Done() != nil {
		vm.L.SetContext(ctx)
	}
	defer vm.release()
	return fn(vm.L)
}

// lent is a call of Do handed to the goroutine waiting in Lend.
type lent struct {
	ctx  context.Context
	fn   func(L *lua.LState) error
	done chan error
}

// Lend waits until done is closed or ctx ends, running meanwhile, on this
// goroutine, the functions other goroutines give Do. Only a Go function
// that Lua called may call it (it holds the state): L is its state, and
// each function runs on L under its own context, with L's stack and
// context restored after.
func (vm *VM) Lend(ctx context.Context, L *lua.LState, done <-chan struct{}) {
	for {
		select {
		case c := <-vm.lend:
			c.done <- runLent(L, c)
		case <-done:
			return
		case <-ctx.Done():
			return
		}
	}
}

// runLent runs one lent call on L.
func runLent(L *lua.LState, c lent) error {
	prev, top := L.Context(), L.GetTop()
	defer func() {
		L.SetTop(top)
		if prev != nil {
			L.SetContext(prev)
		} else {
			L.RemoveContext()
		}
	}()
	L.SetContext(c.ctx)
	return c.fn(L)
}

// Context returns the context the running Lua code is bound to (a config
// file's or hook's deadline, a tool call's or script's cancellation), or
// context.Background() when there is none. Go functions exposed to Lua pass
// it to anything that blocks: a blocking Go call is not stopped otherwise.
func Context(L *lua.LState) context.Context {
	if ctx := L.Context(); ctx != nil {
		return ctx
	}
	return context.Background()
}

func (vm *VM) acquire(ctx context.Context) bool {
	select {
	case vm.sem <- struct{}{}:
	case <-ctx.Done():
		return false
	}
	if ctx.Done() != nil {
		vm.L.SetContext(ctx)
	}
	return true
}

func (vm *VM) release() {
	vm.L.RemoveContext()
	vm.L.SetTop(0)
	<-vm.sem
}

// openLibs opens the standard libraries the mode allows and replaces print
// and os.exit.
func (vm *VM) openLibs() {
	L := vm.L
	type lib struct {
		name string
		fn   lua.LGFunction
	}
	libs := []lib{
		{lua.LoadLibName, lua.OpenPackage},
		{lua.BaseLibName, lua.OpenBase},
		{lua.TabLibName, lua.OpenTable},
		{lua.StringLibName, lua.OpenString},
		{lua.MathLibName, lua.OpenMath},
		{lua.OsLibName, lua.OpenOs},
		{lua.CoroutineLibName, lua.OpenCoroutine},
	}
	if !vm.opts.Sandbox {
		libs = append(libs, lib{lua.IoLibName, lua.OpenIo}, lib{lua.DebugLibName, lua.OpenDebug})
	}
	for _, lib := range libs {
		L.Push(L.NewFunction(lib.fn))
		L.Push(lua.LString(lib.name))
		L.Call(1, 0)
	}
	L.SetGlobal("print", L.NewFunction(vm.luaPrint))
	osmod := L.GetGlobal("os").(*lua.LTable)
	osmod.RawSetString("exit", L.NewFunction(vm.luaExit))
	if vm.opts.Sandbox {
		for _, name := range []string{"execute", "remove", "rename", "tmpname", "setlocale", "setenv"} {
			osmod.RawSetString(name, lua.LNil)
		}
		L.SetGlobal("dofile", lua.LNil)
		L.SetGlobal("loadfile", lua.LNil)
		pkg := L.GetGlobal("package").(*lua.LTable)
		pkg.RawSetString("path", lua.LString(configModulePath()))
		pkg.RawSetString("cpath", lua.LString(""))
	}
}

// configModulePath is package.path for configuration: modules live in
// $XDG_CONFIG_HOME/lacy/lua, as in neovim.
func configModulePath() string {
	dir := configHome()
	if dir == "" {
		return ""
	}
	dir = filepath.Join(dir, "lacy", "lua")
	return filepath.Join(dir, "?.lua") + ";" + filepath.Join(dir, "?", "init.lua")
}

// luaPrint is Lua's print, writing one line to Options.Print.
func (vm *VM) luaPrint(L *lua.LState) int {
	var b strings.Builder
	for i := 1; i <= L.GetTop(); i++ {
		if i > 1 {
			b.WriteByte('\t')
		}
		b.WriteString(L.ToStringMeta(L.Get(i)).String())
	}
	b.WriteByte('\n')
	io.WriteString(vm.opts.Print, b.String())
	return 0
}

// luaExit is os.exit: an error in the sandbox, an unwinding exit otherwise.
func (vm *VM) luaExit(L *lua.LState) int {
	if vm.opts.Sandbox {
		L.RaiseError("os.exit is not allowed in config")
	}
	code := 0
	switch v := L.Get(1).(type) {
	case lua.LBool:
		if !v {
			code = 1
		}
	case *lua.LNilType:
	default:
		code = L.CheckInt(1)
	}
	vm.exit = &ExitError{Code: code}
	if vm.stop != nil {
		vm.stop() // every further instruction fails, so pcall cannot catch the exit
	}
	L.RaiseError("exit %d", code)
	return 0
}
