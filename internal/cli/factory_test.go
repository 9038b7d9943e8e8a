package cli

import (
	"strings"
	"testing"

	"go.uber.org/zap"

	"github.com/lacy-sh/lacy/agents"
	"github.com/lacy-sh/lacy/internal/app"
	"github.com/lacy-sh/lacy/lua"
	"github.com/lacy-sh/lacy/runtime/agentsetup"
	"github.com/lacy-sh/lacy/runtime/iostreams"
	"github.com/lacy-sh/lacy/runtime/session"
)

// Every subcommand is built from the Factory it is given: a test replaces
// the config and the agents manager and sees the command use them.
func TestCommandsUseTheFactory(t *testing.T) {
	t.Setenv("HOME", t.TempDir())
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("XDG_STATE_HOME", t.TempDir())
	var out, errOut strings.Builder
	f := app.New(&iostreams.IO{In: strings.NewReader(""), Out: &out, ErrOut: &errOut})
	loaded, built := 0, 0
	f.LoadConfig = func(session.ConfigOptions) lua.Config {
		loaded++
		return lua.Config{Aliases: map[string]string{"ll": "ls -l"}, AliasOrder: []string{"ll"}}
	}
	f.NewAgents = func(cfg lua.Config, log *zap.Logger, run agents.ShellFunc, cwd func() string) *agents.Manager {
		built++
		return agentsetup.NewAgents(cfg, log, run, cwd)
	}
	if code := app.Main([]string{"doctor"}, f, Commands); code != 0 {
		t.Fatalf("doctor: exit %d: %s", code, errOut.String())
	}
	if loaded != 1 || built != 1 || !strings.Contains(out.String(), "none declared") {
		t.Errorf("doctor: config loaded %d times, agents built %d times:\n%s", loaded, built, out.String())
	}
	out.Reset()
	if code := app.Main([]string{"classify", "ll"}, f, Commands); code != 0 {
		t.Fatalf("classify: exit %d: %s", code, errOut.String())
	}
	if loaded != 2 || !strings.HasPrefix(out.String(), "shell\t") {
		t.Errorf("classify used another config (loaded %d): %q", loaded, out.String())
	}
}
