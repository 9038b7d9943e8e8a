package cli

import (
	"os"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/lacy-sh/lacy/runtime/iostreams"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"lacy": func() { os.Exit(Main(os.Args[1:], iostreams.System())) },
	})
}

// TestScripts runs the txtar scripts in testdata/script: the CLI contract
// (exit codes, messages, subcommands) checked through the real binary.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir: "testdata/script",
		Setup: func(env *testscript.Env) error {
			env.Setenv("XDG_CONFIG_HOME", env.WorkDir+"/.config")
			env.Setenv("XDG_STATE_HOME", env.WorkDir+"/.state")
			env.Setenv("XDG_CACHE_HOME", env.WorkDir+"/.cache")
			env.Setenv("INPUTRC", "/dev/null")
			return nil
		},
	})
}
