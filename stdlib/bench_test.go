package stdlib

import (
	"testing"

	lacylua "github.com/lacy-sh/lacy/lua"
)

// BenchmarkConfigVM measures what interactive start-up pays for Lua: a
// sandboxed VM with the stdlib (as the shell makes it) running the
// embedded init.lua.
func BenchmarkConfigVM(b *testing.B) {
	b.Setenv("HOME", b.TempDir())
	b.Setenv("XDG_CONFIG_HOME", "")
	b.ReportAllocs()
	for b.Loop() {
		vm := lacylua.New(lacylua.Options{Sandbox: true, Extend: Extend(Deps{})})
		if _, errs := vm.LoadConfig(lacylua.Embedded()); len(errs) > 0 {
			b.Fatal(errs)
		}
		vm.Close()
	}
}
