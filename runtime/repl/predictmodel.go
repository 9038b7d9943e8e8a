package repl

import (
	"context"
	"os"
	"runtime"
	"strings"

	"github.com/lacy-sh/lacy/agents"
	"github.com/lacy-sh/lacy/runtime/predict"
	"github.com/lacy-sh/lacy/spec"
)

// newPredictor is the predict role's ghost text (runtime/predict) over
// this session: its requests carry the directory and the recent commands,
// and an answer wakes the line editor.
func (a *App) newPredictor() *predict.Predictor {
	return &predict.Predictor{
		Settings: predictSettings(a.Cfg.Predict.Get()),
		On:       a.Cfg.Roles["predict"] != "",
		Exists:   a.commandExists,
		Log:      a.Log,
		Wake: func() {
			if a.rl != nil {
				a.rl.Keys.RequestRefresh()
			}
		},
		// On the editor's goroutine: the manager and the context are built
		// here, the request runs in the background.
		Prepare: func(line string) predict.Request {
			mgr := a.Agents()
			c := agents.Context{Cwd: a.Sh.Dir(), OS: runtime.GOOS + "/" + runtime.GOARCH, Shell: "lacy (bash syntax)"}
			c.Recent = a.Recent()
			return func(ctx context.Context) (string, error) {
				c.GitBranch, c.GitDirty = agents.GitState(ctx, c.Cwd)
				return mgr.Predict(ctx, line, c)
			}
		},
	}
}

// commandExists reports whether name runs something: a builtin, function,
// alias, PATH program or executable path. It runs on the readline
// goroutine.
func (a *App) commandExists(name string) bool {
	if strings.Contains(name, "/") {
		fi, err := os.Stat(name)
		return err == nil && fi.Mode().IsRegular() && fi.Mode().Perm()&0o111 != 0
	}
	return a.Names.Has(name)
}

// predictSettings is lacy.config{ predict = { budget = N, delay_ms = N } }
// (a bad table was refused when the config loaded) as the predictor's.
func predictSettings(p spec.Predict) predict.Settings {
	return predict.Settings{Budget: p.Budget, Idle: p.Delay}
}
