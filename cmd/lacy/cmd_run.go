package main

import (
	"os"
	"path/filepath"

	"go.uber.org/zap"

	"github.com/lacy-sh/lacy/runtime/iostreams"
	"github.com/lacy-sh/lacy/runtime/logging"
	"github.com/lacy-sh/lacy/stdlib"
)

func init() {
	subcommands["run"] = cmdRun
}

// cmdRun implements `lacy run file.lua [args…]`.
func cmdRun(ios *iostreams.IO, args []string) int {
	log := zap.NewNop()
	if path := logFile(); path != "" {
		if l, closeLog, err := logging.New(path, ""); err == nil {
			log = l
			defer closeLog()
		}
	}
	return stdlib.RunScript(ios, args, stdlib.Deps{IO: ios, Logger: log})
}

// logFile is $XDG_STATE_HOME/lacy/lacy.log (~/.local/state when unset).
func logFile() string {
	dir := os.Getenv("XDG_STATE_HOME")
	if !filepath.IsAbs(dir) {
		home, err := os.UserHomeDir()
		if err != nil {
			return ""
		}
		dir = filepath.Join(home, ".local", "state")
	}
	return filepath.Join(dir, "lacy", "lacy.log")
}
