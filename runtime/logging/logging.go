// Package logging builds lacy's zap logger: JSON lines to a rotated file,
// never the terminal.
//
// Building the logger does no I/O: the file (and its directory) is opened
// by the first log line that passes the level, so a `lacy -c` run that logs
// nothing never touches the disk, and startup pays only for a few small
// allocations (see BenchmarkNew).
package logging

import (
	"fmt"
	"os"
	"strings"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"

	"github.com/lacy-sh/lacy/internal/lazy"
)

// EnvLevel names the environment variable whose level, when set, wins over
// the one passed to New and SetLevel: LACY_LOG=debug lacy.
const EnvLevel = "LACY_LOG"

// DefaultLevel is the level when neither the caller nor LACY_LOG sets one.
const DefaultLevel = zapcore.InfoLevel

// Rotation limits: the log is rotated at MaxSizeMB megabytes and MaxBackups
// old files are kept next to it.
const (
	MaxSizeMB  = 10
	MaxBackups = 3
)

// level is shared by every logger New builds: lacy has one log per process,
// and SetLevel must reach it after config is loaded.
// It is made on first use (a lazy.Value is laid out as data), not at every
// start: a `lacy -c` that never logs does not pay for it.
var level = lazy.Value[zap.AtomicLevel]{New: func() zap.AtomicLevel { return zap.NewAtomicLevelAt(DefaultLevel) }}

// New returns a logger writing JSON lines to path, secrets masked
// (Redact), zap's own errors included, and redirects the standard library's log package to it (so
// libraries' log.Printf lands in the file too). level is "debug", "info",
// "warn" or "error"; "" means DefaultLevel; LACY_LOG overrides it. The
// returned func flushes and closes the file and undoes the redirection.
func New(path, lvl string) (*zap.Logger, func(), error) {
	if err := SetLevel(lvl); err != nil {
		return nil, nil, err
	}
	w := newRotatingFile(path, MaxSizeMB<<20, MaxBackups)
	sink := zapcore.AddSync(w)
	enc := zap.NewProductionEncoderConfig()
	enc.EncodeTime = zapcore.ISO8601TimeEncoder
	core := zapcore.NewCore(zapcore.NewJSONEncoder(enc), sink, level.Get())
	log := zap.New(redactCore{core}, zap.ErrorOutput(sink), zap.Fields(zap.Int("pid", os.Getpid())))
	undo := zap.RedirectStdLog(log)
	return log, func() {
		undo()
		log.Sync()
		w.Close()
	}, nil
}

// SetLevel sets the level of the loggers built by New, unless LACY_LOG is
// set: that one wins. "" leaves the level unchanged. It is cheap and safe
// to call at any time.
func SetLevel(lvl string) error {
	if env := os.Getenv(EnvLevel); env != "" {
		lvl = env
	}
	if lvl == "" {
		return nil
	}
	l, err := ParseLevel(lvl)
	if err != nil {
		return err
	}
	level.Get().SetLevel(l)
	return nil
}

// Level returns the current level of the loggers built by New.
func Level() zapcore.Level { return level.Get().Level() }

// ParseLevel parses "debug", "info", "warn" (or "warning") and "error",
// in any case.
func ParseLevel(s string) (zapcore.Level, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "debug":
		return zapcore.DebugLevel, nil
	case "info":
		return zapcore.InfoLevel, nil
	case "warn", "warning":
		return zapcore.WarnLevel, nil
	case "error":
		return zapcore.ErrorLevel, nil
	}
	return DefaultLevel, fmt.Errorf("unknown log level %q (want debug, info, warn or error)", s)
}
