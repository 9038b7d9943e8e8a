package cli

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/lacy-sh/lacy/internal/app"
	"github.com/lacy-sh/lacy/runtime/route"
	"github.com/lacy-sh/lacy/runtime/session"
	"github.com/lacy-sh/lacy/runtime/shell"
)

// rcTimeout bounds the run of ~/.lacyrc for `lacy classify`.
const rcTimeout = 5 * time.Second

// cmdClassify implements `lacy classify [text…]` with the user's config, the
// functions and aliases of ~/.lacyrc and the real PATH: the same classifier
// the prompt uses.
func cmdClassify(f *app.Factory, args []string) error {
	ios := f.IO
	cfg := f.LoadConfig(session.ConfigOptions{Print: io.Discard, ErrOut: ios.ErrOut, Sandbox: true})
	sh := rcShell(f, cfg.AliasOrder, cfg.Aliases)
	if sh != nil {
		defer sh.Close()
	}
	c, err := session.NewClassifier(cfg, session.Names(sh))
	if err != nil {
		return err
	}
	return app.Status(route.RunClassify(ios, args, c))
}

// rcShell is a shell that knows what the prompt's shell knows about command
// names: the config's aliases, then ~/.lacyrc run as the REPL runs it (so
// `nvm` defined by a sourced nvm.sh is a command). Its output is discarded
// and its standard input is empty; nil when it cannot start.
func rcShell(f *app.Factory, order []string, aliases map[string]string) *shell.Shell {
	sh, err := f.NewShell(shell.Options{Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: io.Discard, Interactive: true})
	if err != nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), rcTimeout)
	defer cancel()
	for _, name := range order {
		_ = sh.SetAlias(ctx, name, aliases[name])
	}
	if home, err := os.UserHomeDir(); err == nil {
		if src, err := os.ReadFile(filepath.Join(home, ".lacyrc")); err == nil {
			_, _ = sh.Run(ctx, string(src), "~/.lacyrc")
		}
	}
	return sh
}
