package stdlib

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"

	lua "github.com/yuin/gopher-lua"
	"golang.org/x/term"

	lacylua "github.com/lacy-sh/lacy/lua"
	"github.com/lacy-sh/lacy/runtime/iostreams"
	"github.com/lacy-sh/lacy/runtime/logging"
)

// RunUsage is the usage line of `lacy run`.
const RunUsage = "usage: lacy run file.lua [args…]   (file - reads the script from stdin)"

// RunScript implements `lacy run file.lua [args…]` and returns the exit
// status: the config files are loaded (their models, agents and tools are
// available; their errors are reported and skipped), then the script runs
// with the stdlib, `arg` set as lua(1) does and a leading #! line skipped.
//
// Status: 0 when the script ends, n for os.exit(n) (true is 0, false 1),
// 1 for a Lua error (printed as "lacy: file:line: message" and a
// traceback), 2 for a missing script or bad usage, 128+N when signal N
// (Ctrl-C: SIGINT, 130) stopped it. The terminal's modes are restored in
// every case. deps.IO, when nil, is ios.
func RunScript(ios *iostreams.IO, args []string, deps Deps) int {
	if len(args) == 0 {
		fmt.Fprintln(ios.ErrOut, "lacy: run: "+RunUsage)
		return 2
	}
	if args[0] == "-h" || args[0] == "--help" {
		fmt.Fprintln(ios.Out, RunUsage)
		return 0
	}
	name := args[0]
	code, err := readScript(ios, name)
	if err != nil {
		fmt.Fprintf(ios.ErrOut, "lacy: %s: %v\n", name, err)
		return 2
	}
	if name == "-" {
		name = "stdin"
	}

	restore := func() {}
	if ios.InFile != nil && ios.IsStdinTTY() {
		fd := int(ios.InFile.Fd())
		if st, err := term.GetState(fd); err == nil {
			restore = func() { term.Restore(fd, st) }
		}
	}
	defer restore()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	sig := interrupts(cancel, restore)
	defer sig.stop()

	if deps.IO == nil {
		deps.IO = ios
	}
	l := newLib(deps)
	vm := lacylua.New(lacylua.Options{
		Print:  ios.Out,
		ErrOut: ios.ErrOut,
		Logger: l.log,
		SetEnv: setProcessEnv,
		Extend: l.extend,
	})
	defer vm.Close()
	addModulePath(vm)
	cfg, _ := vm.LoadConfig(lacylua.DefaultSources()...) // errors are printed, and skipped
	logging.SetLevel(cfg.LogLevel)                       // LACY_LOG still wins

	err = vm.Exec(ctx, lacylua.Source{Name: name, Code: skipShebang(code)}, args[1:]...)
	if n := sig.received(); n != 0 {
		return 128 + n
	}
	var exit *lacylua.ExitError
	var lerr *lacylua.Error
	switch {
	case err == nil:
		return 0
	case errors.As(err, &exit):
		return exit.Code
	case errors.As(err, &lerr):
		fmt.Fprintf(ios.ErrOut, "lacy: %s\n", lerr.Error())
		if lerr.Traceback != "" {
			fmt.Fprintln(ios.ErrOut, lerr.Traceback)
		}
		return 1
	}
	fmt.Fprintf(ios.ErrOut, "lacy: %s: %v\n", name, err)
	return 1
}

// addModulePath lets require find modules in $XDG_CONFIG_HOME/lacy/lua
// (name.lua or name/init.lua), as config files do in the shell, before
// Lua's default places.
func addModulePath(vm *lacylua.VM) {
	paths := lacylua.ConfigPaths() // the first is $XDG_CONFIG_HOME/lacy/init.lua
	if len(paths) == 0 || filepath.Base(paths[0]) != "init.lua" {
		return
	}
	dir := filepath.Join(filepath.Dir(paths[0]), "lua")
	vm.Do(context.Background(), func(L *lua.LState) error {
		pkg, ok := L.GetGlobal("package").(*lua.LTable)
		if !ok {
			return nil
		}
		path := filepath.Join(dir, "?.lua") + ";" + filepath.Join(dir, "?", "init.lua")
		if old := pkg.RawGetString("path"); old != lua.LNil {
			path += ";" + old.String()
		}
		pkg.RawSetString("path", lua.LString(path))
		return nil
	})
}

// readScript reads the script file, or stdin for "-".
func readScript(ios *iostreams.IO, name string) ([]byte, error) {
	if name == "-" {
		return io.ReadAll(ios.In)
	}
	code, err := os.ReadFile(name)
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return code, err
}

// skipShebang blanks a first line starting with #, keeping the line break
// so that line numbers stay right.
func skipShebang(code []byte) []byte {
	if !bytes.HasPrefix(code, []byte("#")) {
		return code
	}
	if i := bytes.IndexByte(code, '\n'); i >= 0 {
		return code[i:]
	}
	return nil
}

// setProcessEnv applies lacy.env assignments to the process environment,
// so that commands run by lacy.sh see them.
func setProcessEnv(name, value string, set bool) error {
	if set {
		return os.Setenv(name, value)
	}
	return os.Unsetenv(name)
}

// signals catches SIGINT, SIGTERM and SIGHUP while a script runs: the
// first one cancels the script (Lua code and child processes stop); a
// second one exits at once, for Go code that does not watch the context.
type signals struct {
	ch   chan os.Signal
	done chan struct{}
	got  chan syscall.Signal // the first signal, buffered
	sig  syscall.Signal
}

func interrupts(cancel, restore func()) *signals {
	s := &signals{ch: make(chan os.Signal, 2), done: make(chan struct{}), got: make(chan syscall.Signal, 1)}
	signal.Notify(s.ch, syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP)
	go func() {
		first := true
		for {
			select {
			case v := <-s.ch:
				n, _ := v.(syscall.Signal)
				if first {
					first = false
					s.got <- n
					cancel()
					continue
				}
				restore()
				os.Exit(128 + int(n))
			case <-s.done:
				return
			}
		}
	}()
	return s
}

// received returns the number of the first signal caught, or 0.
func (s *signals) received() int {
	if s.sig == 0 {
		select {
		case s.sig = <-s.got:
		default:
		}
	}
	return int(s.sig)
}

func (s *signals) stop() {
	signal.Stop(s.ch)
	close(s.done)
}
